/**
 * Operating benchmarks for `npm run bench -- operations` (sections 17–19 of bench.ts), against the real
 * server process over HTTP:
 * 17. a burst of 100 parallel wrong sign-ins for one account from one client: how many passwords the
 *     server checked (must equal the limit, OWE_AUTH_RATE_LIMIT, 10 by default), and whether the owner's
 *     known browser (its device cookie) then signs in at once while an unknown browser is refused;
 * 18. signed-in polling of the bell's count (`/user/notification/unread/count`), 100 connections for 20 s,
 *     on PGlite and on PostgreSQL: requests a second and p99 (aim: p99 < 50 ms);
 * 19. the mail queue: 1,000 mails drained to a local SMTP server that accepts everything: mails a second.
 */
import autocannon from 'autocannon'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { mailOutbox } from '../../server/src/db/schema'
import { API } from '../../src/core/http/api-paths'
import { PASSWORD, signupBody } from '../support/accounts'
import { startServer, type RunningServer } from '../support/server-process'
import { MANY_READERS, withBenchDatabase } from './measure'
import { benchPostgres } from './postgres'

const POLL_CONNECTIONS = 100
const POLL_SECONDS = 20
const POLL_P99_AIM_MS = 50
const MAILS = 1000

async function json(res: Response): Promise<{ data?: Record<string, unknown>; error?: { message: string } }> {
  return (await res.json()) as { data?: Record<string, unknown>; error?: { message: string } }
}

/** The activation links the server logged (no SMTP: each mail is kept and its link logged), by address. */
function loggedLinks(server: RunningServer): Map<string, string> {
  const links = new Map<string, string>()
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{') || !line.includes('/auth/activate?token=')) continue
    const entry = JSON.parse(line) as { to?: string; link?: string }
    if (entry.to && entry.link) links.set(entry.to, entry.link)
  }
  return links
}

/** `count` readers signed up through the API, activated with their logged links and signed in: their tokens. */
export async function signedIn(server: RunningServer, count = 1): Promise<{ email: string; token: string }[]> {
  const post = (path: string, payload: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
  const readers: { email: string; token: string }[] = []
  for (let start = 0; start < count; start += 10) {
    const bodies = Array.from({ length: Math.min(10, count - start) }, () =>
      signupBody({ email: `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com` }),
    )
    await Promise.all(
      bodies.map(async (body) => {
        const registered = await post(API.register, body)
        if (registered.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(await json(registered))}`)
      }),
    )
    let links = loggedLinks(server)
    for (let i = 0; i < 50 && bodies.some((body) => !links.has(body.email)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      links = loggedLinks(server)
    }
    for (const body of bodies) {
      const link = links.get(body.email)
      if (!link) throw new Error(`no activation link for ${body.email} in the server log`)
      const activated = await post(API.activate, { token: new URL(link).searchParams.get('token') })
      if (activated.status !== 200) throw new Error(`activation failed: ${JSON.stringify(await json(activated))}`)
      const login = await post(API.login, { email: body.email, password: PASSWORD })
      readers.push({ email: body.email, token: ((await json(login)).data as { token: string }).token })
    }
  }
  return readers
}

/** 17. */
async function signInBurst(server: RunningServer, results: Record<string, unknown>) {
  const [{ email }] = await signedIn(server)
  const login = (password: string, cookie?: string) =>
    fetch(`${server.url}${API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password }),
    })
  // The owner's browser signed in before and kept its device cookie.
  const cookie = (await login(PASSWORD)).headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`Wrong#Pass${i}`).then((res) => res.status)))
  const checked = statuses.filter((status) => status !== 429).length
  const refused = statuses.filter((status) => status === 429).length
  const stranger = (await login(PASSWORD)).status
  const owner = (await login(PASSWORD, cookie)).status
  console.log('\n17. A burst of 100 parallel wrong sign-ins, one account, one client')
  console.log(`   passwords checked: ${checked} (the limit is 10) ${checked === 10 ? 'OK' : 'WRONG'}; refused with 429: ${refused}`)
  console.log(
    `   then the right password: an unknown browser gets ${stranger} ${stranger === 429 ? 'OK' : 'WRONG'}; the owner's known browser gets ${owner}, signed in: ${owner === 200 ? 'yes OK' : 'no WRONG'}`,
  )
  results.signInBurst = {
    requests: 100,
    passwordsChecked: checked,
    refused,
    limit: 10,
    unknownBrowser: stranger,
    ownerSignedIn: owner === 200,
  }
}

/** 18, on one database: each connection is another reader's tab. */
async function polling(server: RunningServer, label: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const readers = await signedIn(server, POLL_CONNECTIONS)
  let next = 0
  const result = await autocannon({
    url: `${server.url}${API.notificationsUnreadCount}`,
    connections: POLL_CONNECTIONS,
    duration: POLL_SECONDS,
    setupClient: (client) => client.setHeaders({ authorization: `Bearer ${readers[next++ % readers.length].token}` }),
  })
  const measured = {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  }
  const aim = measured.p99 < POLL_P99_AIM_MS ? 'OK' : 'over the aim'
  console.log(
    `   ${label.padEnd(11)} ${String(measured.rps).padStart(6)} req/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms (aim < ${POLL_P99_AIM_MS} ms) ${aim}; non-2xx ${measured.non2xx}`,
  )
  return measured
}

/** 19. */
async function mailQueue(results: Record<string, unknown>) {
  let received = 0
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        received++
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  try {
    await withBenchDatabase('mail', async (database) => {
      const app = await buildApp(
        loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0', SMTP_URL: `smtp://127.0.0.1:${port}` }),
        { database, logger: false },
      )
      try {
        const now = new Date()
        await database.db.insert(mailOutbox).values(
          Array.from({ length: MAILS }, (_, i) => ({
            to: `reader${i}@bench.owe`,
            subject: 'Activate your Òwe account',
            text: `Hello,\n\nOpen this link: https://owe.example/auth/activate?token=${'x'.repeat(43)}`,
            html: '<p>Hello,</p><p><a href="https://owe.example/">Activate</a></p>',
            status: 'pending' as const,
            createdAt: now,
            nextAttemptAt: now,
          })),
        )
        const start = performance.now()
        const sent = await app.mailWorker!.drain()
        const seconds = (performance.now() - start) / 1000
        console.log(`\n19. The mail queue: ${MAILS.toLocaleString('en-US')} mails to a local SMTP server`)
        console.log(`   ${sent} sent (${received} received) in ${seconds.toFixed(2)} s: ${Math.round(sent / seconds)} mails a second`)
        results.mailQueue = {
          mails: MAILS,
          sent,
          received,
          seconds: Number(seconds.toFixed(2)),
          mailsPerSecond: Math.round(sent / seconds),
        }
      } finally {
        await app.close()
      }
    })
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
}

export async function operationsBench(results: Record<string, unknown>): Promise<void> {
  const env = { LOG_LEVEL: 'info', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0', DATABASE_URL: '' }
  // The default limits, as a server runs.
  const guarded = await startServer({ port: 4303, env })
  try {
    await signInBurst(guarded, results)
  } finally {
    await guarded.stop()
  }
  console.log(`\n18. Signed-in polling of the bell's count, ${POLL_CONNECTIONS} readers' tabs for ${POLL_SECONDS} s`)
  // A hundred sign-ups from this one address: the limits are raised for the set-up.
  const pollEnv = { ...env, OWE_AUTH_RATE_LIMIT: '1000', ...MANY_READERS }
  const embedded = await startServer({ port: 4304, env: pollEnv })
  try {
    results.pollingPglite = await polling(embedded, 'PGlite')
  } finally {
    await embedded.stop()
  }
  const postgres = await benchPostgres()
  if (postgres) {
    const server = await startServer({ port: 4305, env: { ...pollEnv, DATABASE_URL: postgres.url } })
    try {
      results.pollingPostgres = await polling(server, 'PostgreSQL')
    } finally {
      await server.stop()
      await postgres.stop()
    }
  }
  await mailQueue(results)
}
