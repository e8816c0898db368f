/**
 * The corpus, for `npm run bench -- corpus` (sections 20–24 of bench.ts):
 *  20. counts per language, the sourced share (must be 100 %), cousin clusters and quiz facts per people, read
 *      from the seed files;
 *  21. the server's first start on an empty data folder (migrate and seed the whole corpus) and a restart on
 *      it: process start to /api/health/ready, as `npm start` runs it;
 *  22. the offline pack of each people: the proverbs' JSON as the device stores it, what crosses the network
 *      (pages of 100, gzip, plus the scroll image) and the download time on DevTools' Slow 3G profile
 *      (2 s a request, 50 KB/s), modelled from those sizes;
 *  23. public search over the real corpus on the server (app.inject, the in-memory reuse off);
 *  24. the same searches on the device: the real corpus written into the app's IndexedDB in Chromium and
 *      asked through the service worker with the server stopped.
 */
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { findChromium } from '../../scripts/find-chromium.mjs'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { corpusCounts } from '../../server/src/db/seed/corpus-rules'
import { readCorpus } from '../../server/src/db/seed/corpus'
import { readCousins } from '../../server/src/db/seed/cousins'
import { factBank, GENERAL } from '../../server/src/db/seed/quiz'
import { API } from '../../src/core/http/api-paths'
import type { EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import { PAGE_SIZE_MAX } from '../../src/core/shared/constants'
import { searchEntryOf } from '../../src/offline/store'
import { startServer } from '../support/server-process'
import { MANY_READERS, median, p95, withBenchDatabase } from './measure'
import { dispose, firstVisit, newContext, ownServer, searchTermsFor, SLOW_3G, storeProverbs } from './offline'

type Results = Record<string, unknown>
const ms = (x: number) => Math.round(x)
const kb = (bytes: number) => (bytes / 1024).toFixed(1)

function counts(results: Results) {
  const files = readCorpus()
  const rows = corpusCounts(files)
  const clusters = readCousins()
  const bank = factBank()
  const total = rows.reduce((sum, r) => sum + r.proverbs, 0)
  const sourced = rows.reduce((sum, r) => sum + r.sourced, 0)
  console.log('\n20. The corpus')
  for (const r of rows)
    console.log(
      `   ${r.language.padEnd(11)} ${String(r.proverbs).padStart(4)} proverbs, ${String(r.sourced).padStart(4)} sourced, ${String(bank.get(r.language)?.length ?? 0).padStart(3)} quiz facts`,
    )
  const spans = clusters.map((c) => new Set(c.members.map((m) => m.language)).size)
  const linked = clusters.reduce((sum, c) => sum + c.members.length, 0)
  console.log(
    `   in all: ${total} proverbs, ${((sourced / total) * 100).toFixed(1)} % sourced; ${bank.get(GENERAL)!.length} general quiz facts`,
  )
  console.log(
    `   cousin clusters: ${clusters.length} (${spans.filter((n) => n === 2).length} of two peoples, ${spans.filter((n) => n === 3).length} of three, ${spans.filter((n) => n >= 4).length} of four or more), linking ${linked} proverbs`,
  )
  results.corpus = {
    languages: rows.map((r) => ({ ...r, quizFacts: bank.get(r.language)?.length ?? 0 })),
    proverbs: total,
    sourcedShare: sourced / total,
    generalQuizFacts: bank.get(GENERAL)!.length,
    cousinClusters: clusters.length,
    clustersByPeoples: {
      two: spans.filter((n) => n === 2).length,
      three: spans.filter((n) => n === 3).length,
      fourOrMore: spans.filter((n) => n >= 4).length,
    },
    linkedProverbs: linked,
  }
}

/** Process start to ready on a fresh data folder, then again on the same folder (three times each). */
async function startTimes(results: Results) {
  const first: number[] = []
  const restart: number[] = []
  for (let run = 0; run < 3; run++) {
    let t = performance.now()
    const server = await startServer({ port: 4321, env: { OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'error' } })
    first.push(performance.now() - t)
    const { dataDir } = server
    await server.stop()
    t = performance.now()
    const again = await startServer({ port: 4321, dataDir, env: { OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'error' } })
    restart.push(performance.now() - t)
    await dispose(again)
  }
  console.log('\n21. Server start with the whole corpus (process start → /api/health/ready, three runs)')
  console.log(
    `   first start (migrate + seed an empty folder): ${first.map((x) => (x / 1000).toFixed(1)).join(', ')} s — median ${(median(first) / 1000).toFixed(1)} s`,
  )
  console.log(
    `   restart on the same folder:                  ${restart.map((x) => (x / 1000).toFixed(1)).join(', ')} s — median ${(median(restart) / 1000).toFixed(1)} s`,
  )
  results.corpusStart = {
    firstStartS: Number((median(first) / 1000).toFixed(2)),
    restartS: Number((median(restart) / 1000).toFixed(2)),
    runs: { first: first.map(ms), restart: restart.map(ms) },
  }
}

/** Each people's pack: stored bytes, bytes on the wire, and the Slow 3G download time the sizes imply. */
async function packs(staticDir: string, results: Results) {
  const server = await ownServer(staticDir, 4322)
  try {
    const groups = ((await (await fetch(`${server.url}${API.ethnicGroupsPublic}?q=all`)).json()) as { data: EthnicGroup[] }).data
    const rows = []
    console.log('\n22. Offline pack per people (pages of 100; Slow 3G modelled: 2 s a request + bytes at 50 KB/s)')
    for (const group of groups) {
      let stored = 0
      let wire = 0
      let requests = 0
      for (let page = 1, pages = 1; page <= pages; page++) {
        const body = await (
          await fetch(`${server.url}${API.proverbsPublic}?ethnic=${group.slug}&size=${PAGE_SIZE_MAX}&page=${page}`)
        ).text()
        const parsed = JSON.parse(body) as Paginated<Proverb>
        pages = parsed.totalPages
        stored += parsed.data.reduce((sum, p) => sum + new TextEncoder().encode(JSON.stringify(p)).length, 0)
        wire += gzipSync(body).length
        requests++
      }
      const image = (await (await fetch(`${server.url}${group.image}`)).arrayBuffer()).byteLength
      const seconds = ((requests + 1) * SLOW_3G.latency) / 1000 + (wire + image) / SLOW_3G.downloadThroughput
      rows.push({
        slug: group.slug,
        proverbs: group.proverbCount,
        storedBytes: stored + image,
        proverbBytes: stored,
        imageBytes: image,
        wireBytes: wire + image,
        requests: requests + 1,
        slow3gSeconds: Number(seconds.toFixed(1)),
      })
      console.log(
        `   ${group.slug.padEnd(11)} ${String(group.proverbCount).padStart(4)} proverbs: stored ${kb(stored).padStart(6)} KB + image ${kb(image)} KB; on the wire ${kb(wire + image).padStart(6)} KB in ${requests + 1} requests; Slow 3G ≈ ${seconds.toFixed(1)} s`,
      )
    }
    results.packs = rows
  } finally {
    await dispose(server)
  }
}

/** Searches over the real corpus: on the server (every request queries the database) and on the device. */
async function search(staticDir: string, results: Results) {
  const terms = await withBenchDatabase('corpus-search', async (database) => {
    const app = await buildApp(
      loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0', ...MANY_READERS }),
      { database, logger: false },
    )
    try {
      const all: Proverb[] = []
      for (let page = 1, pages = 1; page <= pages; page++) {
        const body = (
          await app.inject({ method: 'GET', url: `${API.proverbsPublic}?size=${PAGE_SIZE_MAX}&page=${page}` })
        ).json() as Paginated<Proverb>
        pages = body.totalPages
        all.push(...body.data)
      }
      const terms = searchTermsFor(all.map(searchEntryOf))
      console.log(
        `\n23. Public search over the real corpus on the server (${all.length} proverbs; app.inject, reuse off, 30 runs a term after 5 warm-ups)`,
      )
      const server: Record<string, { medianMs: number; p95Ms: number; found: number }> = {}
      const everything: number[] = []
      for (const term of terms) {
        const times: number[] = []
        let found = 0
        for (let i = 0; i < 35; i++) {
          const t = performance.now()
          const res = await app.inject({ method: 'GET', url: `${API.proverbsPublic}?q=${encodeURIComponent(term.q)}&size=20` })
          if (i >= 5) times.push(performance.now() - t)
          found = (res.json() as Paginated<Proverb>).totalElements
        }
        everything.push(...times)
        server[term.q] = { medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)), found }
        console.log(
          `   ${term.label.padEnd(9)} "${term.q}": median ${median(times).toFixed(1)} ms, p95 ${p95(times).toFixed(1)} ms — ${found} found`,
        )
      }
      console.log(`   all terms: median ${median(everything).toFixed(1)} ms`)
      results.corpusSearchServer = { proverbs: all.length, medianMs: Number(median(everything).toFixed(2)), terms: server }
      return { terms, all }
    } finally {
      await app.close()
    }
  })

  const browser = await chromium.launch({ executablePath: findChromium({ install: false }), args: CHROMIUM_ARGS })
  const server = await ownServer(staticDir, 4323)
  const { context, page } = await newContext(browser, server)
  try {
    await firstVisit(page, server)
    await storeProverbs(page, terms.all)
    await server.stop()
    const times: number[] = []
    const device: Record<string, { medianMs: number; found: number }> = {}
    console.log(
      `\n24. The same searches on the device (the ${terms.all.length} proverbs in IndexedDB, through the worker, server stopped, 5 runs a term)`,
    )
    for (const term of terms.terms) {
      const own: number[] = []
      let found = 0
      for (let i = 0; i < 6; i++) {
        const run = await page.evaluate(async (q) => {
          const t = performance.now()
          const response = await fetch(`/api/proverbs/public?q=${encodeURIComponent(q)}&size=20`)
          const body = (await response.json()) as { totalElements: number }
          return { ms: performance.now() - t, total: body.totalElements }
        }, term.q)
        if (i > 0) own.push(run.ms)
        found = run.total
      }
      times.push(...own)
      device[term.q] = { medianMs: ms(median(own)), found }
      console.log(`   ${term.label.padEnd(9)} "${term.q}": median ${ms(median(own))} ms — ${found} found`)
    }
    console.log(`   all terms: median ${ms(median(times))} ms`)
    results.corpusSearchDevice = { proverbs: terms.all.length, medianMs: ms(median(times)), terms: device }
  } finally {
    await context.close()
    await browser.close()
    await dispose(server)
  }
}

export async function corpusBench(options: { staticDir: string; results: Results }): Promise<void> {
  counts(options.results)
  await startTimes(options.results)
  await packs(options.staticDir, options.results)
  await search(options.staticDir, options.results)
}
