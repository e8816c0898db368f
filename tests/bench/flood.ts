/**
 * `npm run bench -- flood` (section 32 of bench.ts): one client floods varied searches (100 connections, 20 s) while
 * ten other clients, signed-in readers, each poll the bell's count one request after another a few times a second, as
 * tabs do. Printed: the readers' p50/p99 quiet and under the flood (aim: the flood's p99 within 3× the quiet p99), and
 * the flooder's answers by status, with the Retry-After of a 429 it got halfway through. On PGlite and, when one can be had, PostgreSQL; the default read allowance
 * (server/src/http/read-limit.ts). Both clients come through one "proxy" (TRUST_PROXY=1): the address each is counted
 * under is the one its X-Forwarded-For names.
 */
import autocannon from 'autocannon'
import { API } from '../../src/core/http/api-paths'
import { startServer, type RunningServer } from '../support/server-process'
import { benchPostgres } from './postgres'
import { signedIn } from './operations'

const FLOOD_CONNECTIONS = 100
const FLOOD_SECONDS = 20
const QUIET_SECONDS = 10
/** Between two polls of one reader's: each stays well inside its own allowance (5 reads a second by default). */
const POLL_GAP_MS = 250
const READERS = Array.from({ length: 10 }, (_, n) => `198.51.100.${n + 1}`)
const AIM_RATIO = 3
const FLOODER = '203.0.113.66'

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]
}
const round = (ms: number) => Number(ms.toFixed(1))

/** Each reader polls until `until` resolves: every poll's time in ms, and how many were not 200. */
async function poll(server: RunningServer, tokens: string[], until: Promise<unknown>) {
  let done = false
  void until.then(() => (done = true))
  const latencies: number[] = []
  let failed = 0
  const reader = async (address: string, n: number) => {
    // Spread over the gap, so the polls do not all arrive together.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_GAP_MS))
    while (!done) {
      const started = performance.now()
      const response = await fetch(`${server.url}${API.notificationsUnreadCount}`, {
        headers: { authorization: `Bearer ${tokens[n]}`, 'x-forwarded-for': address },
      })
      await response.arrayBuffer()
      latencies.push(performance.now() - started)
      if (response.status !== 200) failed++
      await new Promise((resolve) => setTimeout(resolve, POLL_GAP_MS))
    }
  }
  await Promise.all(READERS.map((address, n) => reader(address, n)))
  return { latencies, failed }
}

/** A search word no one asked before: every one misses the in-memory reuse of answers. */
function variedWord(): string {
  const syllables = ['omo', 'ile', 'owo', 'ade', 'ola', 'ire', 'ewe', 'odo', 'ise', 'maji', 'ubu', 'nna', 'ama', 'oro', 'mti']
  const pick = () => syllables[Math.floor(Math.random() * syllables.length)]
  return `${pick()}${Math.random() < 0.5 ? pick() : String.fromCharCode(97 + Math.floor(Math.random() * 26))}`
}

async function flood(server: RunningServer, label: string) {
  // Ten readers, each with a session of their own (a session's reads count on their own once recognised).
  const tokens = (await signedIn(server, READERS.length)).map((reader) => reader.token)
  const quiet = await poll(server, tokens, new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000)))
  const flooding = autocannon({
    url: server.url,
    connections: FLOOD_CONNECTIONS,
    duration: FLOOD_SECONDS,
    headers: { 'x-forwarded-for': FLOODER },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `${API.proverbsPublic}?q=${variedWord()}&size=20` }) }],
  })
  const halfway = new Promise((resolve) => setTimeout(resolve, (FLOOD_SECONDS * 1000) / 2)).then(() =>
    fetch(`${server.url}${API.proverbsPublic}?q=${variedWord()}`, { headers: { 'x-forwarded-for': FLOODER } }),
  )
  const [flooded, loud, refusal] = await Promise.all([flooding, poll(server, tokens, flooding), halfway])
  const statuses = Object.fromEntries(Object.entries(flooded.statusCodeStats ?? {}).map(([status, { count }]) => [status, count ?? 0]))
  const row = {
    readerQuiet: {
      polls: quiet.latencies.length,
      p50: round(quantile(quiet.latencies, 0.5)),
      p99: round(quantile(quiet.latencies, 0.99)),
      notOk: quiet.failed,
    },
    readerFlooded: {
      polls: loud.latencies.length,
      p50: round(quantile(loud.latencies, 0.5)),
      p99: round(quantile(loud.latencies, 0.99)),
      notOk: loud.failed,
    },
    flooder: { requests: flooded.requests.total, statuses, errors: flooded.errors + flooded.timeouts },
    halfway: { status: refusal.status, retryAfter: refusal.headers.get('retry-after') },
  }
  const ratio = row.readerFlooded.p99 / Math.max(row.readerQuiet.p99, 0.1)
  console.log(
    `   ${label.padEnd(11)} readers quiet p50 ${row.readerQuiet.p50} ms, p99 ${row.readerQuiet.p99} ms (${row.readerQuiet.polls} polls, ${quiet.failed} not 200); ` +
      `flooded p50 ${row.readerFlooded.p50} ms, p99 ${row.readerFlooded.p99} ms (${row.readerFlooded.polls} polls, ${loud.failed} not 200) — ` +
      // A reader refused (or answered in error) is a miss whatever the times say: a refusal can be quick.
      `${ratio.toFixed(1)}× (aim ≤ ${AIM_RATIO}×, every poll 200) ${ratio <= AIM_RATIO && quiet.failed + loud.failed === 0 ? 'OK' : 'MISSED'}`,
  )
  console.log(
    `   ${''.padEnd(11)} flooder: ${row.flooder.requests} requests, ${Object.entries(statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(
        ', ',
      )}${row.flooder.errors ? `, ${row.flooder.errors} errors` : ''}; halfway: ${refusal.status} with Retry-After ${row.halfway.retryAfter}`,
  )
  return { ...row, ratio: Number(ratio.toFixed(2)) }
}

export async function floodBench(results: Record<string, unknown>): Promise<void> {
  console.log(
    `\n33. One client floods varied searches (${FLOOD_CONNECTIONS} connections, ${FLOOD_SECONDS} s) while ten signed-in readers poll the bell's count`,
  )
  const env = {
    LOG_LEVEL: 'info',
    OWE_STATIC_DIR: '.tmp/no-app',
    OWE_SCHEDULER_MS: '0',
    DATABASE_URL: '',
    TRUST_PROXY: '1',
    OWE_AUTH_RATE_LIMIT: '1000',
  }
  const embedded = await startServer({ port: 4306, env })
  try {
    results.floodPglite = await flood(embedded, 'PGlite')
  } finally {
    await embedded.stop()
  }
  const postgres = await benchPostgres()
  if (!postgres) return
  const server = await startServer({ port: 4307, env: { ...env, DATABASE_URL: postgres.url } })
  try {
    results.floodPostgres = await flood(server, 'PostgreSQL')
  } finally {
    await server.stop()
    await postgres.stop()
  }
}
