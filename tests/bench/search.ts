/**
 * Public search under load, for `npm run bench -- search` (section 32 of bench.ts): 100 clients, each opening a new
 * connection for every request (no keep-alive, as many readers' phones arrive), asking varied words of the real corpus
 * with varied page sizes, so nearly every request misses the public response cache (the share that repeats an earlier
 * address is printed: at most that many could have been answered from it). The server runs as `npm start` runs it, with
 * the default reuse window. Baseline: a static file of the size of a search answer, same server, same load. On PGlite
 * and on PostgreSQL. Aims: PostgreSQL ≥ 1,500 req/s with p99 ≤ 100 ms; PGlite ≥ 40 % of the static file's rate.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { API } from '../../src/core/http/api-paths'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { searchTerms } from '../../src/core/proverbs/search'
import { PAGE_SIZE_MAX } from '../../src/core/shared/constants'
import { startServer, type RunningServer } from '../support/server-process'
import { MANY_READERS } from './measure'
import { benchPostgres } from './postgres'

const CONNECTIONS = 100
const SECONDS = 10
const WARM_UP_SECONDS = 3

type Row = { rps: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number }

/**
 * `CONNECTIONS` loops, each sending its next request on a new connection once the last is answered, for `seconds`.
 * Written here rather than with autocannon: its reconnectRate: 1 sends nothing, and with `Connection: close` its
 * latencies break Little's law (p50 of seconds at thousands of requests a second over 100 connections).
 */
async function load(url: string, seconds: number, nextPath: () => string): Promise<Row & { firstError?: string }> {
  const latencies: number[] = []
  let non2xx = 0
  let errors = 0
  let timeouts = 0
  let firstError: string | undefined
  const { hostname, port } = new URL(url)
  const until = performance.now() + seconds * 1000
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now()
      const request = http.get({ hostname, port, path: nextPath(), agent: false, timeout: 10_000 }, (response) => {
        response.resume()
        response.on('end', () => {
          latencies.push(performance.now() - started)
          if (response.statusCode !== 200) non2xx++
          resolve()
        })
      })
      request.on('timeout', () => {
        timeouts++
        request.destroy(new Error('timed out'))
      })
      request.on('error', (error) => {
        errors++
        firstError ??= error.message
        resolve()
      })
    })
  const loop = async () => {
    while (performance.now() < until) await one()
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, loop))
  latencies.sort((a, b) => a - b)
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0)
  return {
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    non2xx,
    errors,
    timeouts,
    ...(firstError ? { firstError } : {}),
  }
}

/** Every distinct word of three letters or more in the corpus (proverbs and their English), in a fixed shuffled order. */
async function vocabulary(server: RunningServer): Promise<string[]> {
  const words = new Set<string>()
  for (let page = 1, pages = 1; page <= pages; page++) {
    const body = (await (await fetch(`${server.url}${API.proverbsPublic}?size=${PAGE_SIZE_MAX}&page=${page}`)).json()) as Paginated<Proverb>
    pages = body.totalPages
    for (const p of body.data)
      for (const word of searchTerms(`${p.proverb} ${p.transliteration} ${p.interpretation}`)) if (word.length >= 3) words.add(word)
  }
  let seed = 38
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  return [...words].sort().sort(() => random() - 0.5)
}

async function measure(label: string, server: RunningServer, staticDir: string): Promise<Record<string, unknown>> {
  const words = await vocabulary(server)
  // A static file of a typical search answer's size, served by the same server.
  const sample = await (await fetch(`${server.url}${API.proverbsPublic}?q=${encodeURIComponent(words[0])}&size=20`)).text()
  fs.writeFileSync(path.join(staticDir, 'bench-search-static.json'), sample)
  await load(server.url, WARM_UP_SECONDS, () => '/bench-search-static.json')
  const staticFile = await load(server.url, SECONDS, () => '/bench-search-static.json')
  let sent = 0
  const seen = new Set<string>()
  let repeats = 0
  const nextPath = () => {
    const n = sent++
    const q = words[n % words.length]
    const size = 10 + (Math.floor(n / words.length) % 21)
    const address = `${API.proverbsPublic}?q=${encodeURIComponent(q)}&size=${size}`
    if (seen.has(address)) repeats++
    else seen.add(address)
    return address
  }
  // The warm-up's words are not asked again: the measured run goes on through the vocabulary.
  await load(server.url, WARM_UP_SECONDS, nextPath)
  const warmUp = sent
  const search = await load(server.url, SECONDS, nextPath)
  const ratio = search.rps / staticFile.rps
  const failures = (row: Row & { firstError?: string }) =>
    row.non2xx || row.errors || row.timeouts
      ? `; non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}${row.firstError ? ` (${row.firstError})` : ''}`
      : ''
  console.log(`   ${label}`)
  console.log(
    `     static file (${(sample.length / 1024).toFixed(1)} KB): ${staticFile.rps} req/s, p50 ${staticFile.p50} ms, p99 ${staticFile.p99} ms${failures(staticFile)}`,
  )
  console.log(
    `     search, ${words.length} words: ${search.rps} req/s, p50 ${search.p50} ms, p99 ${search.p99} ms — ${(ratio * 100).toFixed(0)} % of static; ${((repeats / Math.max(sent, 1)) * 100).toFixed(1)} % of addresses repeated (warm-up included)${failures(search)}`,
  )
  return {
    static: staticFile,
    search,
    ratioToStatic: Number(ratio.toFixed(2)),
    words: words.length,
    repeatedShare: repeats / Math.max(sent, 1),
    warmUpRequests: warmUp,
  }
}

export async function searchBench(options: { staticDir: string; results: Record<string, unknown> }): Promise<void> {
  // Every request comes from 127.0.0.1: the load stands for many readers, not one client's allowance.
  const env = { OWE_STATIC_DIR: options.staticDir, LOG_LEVEL: 'error', OWE_SCHEDULER_MS: '0', ...MANY_READERS }
  console.log(`\n32. Public search, ${CONNECTIONS} connections, a new connection per request, varied words (${SECONDS} s each)`)
  const embedded = await startServer({ port: 4330, env: { ...env, DATABASE_URL: '' } })
  try {
    options.results.searchPglite = await measure('PGlite (aim: ≥ 40 % of static)', embedded, options.staticDir)
  } finally {
    await embedded.stop()
  }
  const postgres = await benchPostgres()
  if (!postgres) return
  const server = await startServer({ port: 4331, env: { ...env, DATABASE_URL: postgres.url } })
  try {
    options.results.searchPostgres = await measure('PostgreSQL (aim: ≥ 1,500 req/s, p99 ≤ 100 ms)', server, options.staticDir)
  } finally {
    await server.stop()
    await postgres.stop()
  }
}
