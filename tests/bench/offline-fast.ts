/**
 * Offline on the networks readers have (docs/decisions/022-device-first.md), for `npm run bench -- offline`, in
 * Debian's Chromium against the built app served by the real server:
 *  a. the first install: a first visit of `/` until the worker controls the page, unthrottled (budget ≤ 1.5 s) and on
 *     DevTools' Slow 3G for the page and the worker (budget ≤ 60 s), with what the worker fetched;
 *  b. the offline repeat visit at 4× and 6× CPU slowdown (a mid-range and a low-end phone): navigation start → the
 *     first proverb's text, and the first contentful paint (budget at 4×: ≤ 300 ms, and ≤ 1.3 × the first paint);
 *  c. a hanging server (SIGSTOP: connections open, nothing answers): a visited proverb page until its heading shows
 *     (budget ≤ 1 s) and searches typed a second later, as a reader who has read the page types, fetched through the
 *     worker (budget ≤ 300 ms each; one typed within the bound of the page's own reads waits what is left of it).
 */
import type { Browser, Page } from 'playwright-core'
import { chromium } from 'playwright-core'
import type { Proverb } from '../../src/core/proverbs/contract'
import { findChromium } from '../../scripts/find-chromium.mjs'
import { CHROMIUM_ARGS } from '../../playwright.config'
import { dispose, firstVisit, newContext, ownServer, pageSession, repeatVisit, SLOW_3G, throttleWorker } from './offline'

type Results = Record<string, unknown>

const INSTALL_BUDGET_MS = 1500
const SLOW_3G_INSTALL_BUDGET_MS = 60_000
const FIRST_PROVERB_BUDGET_MS = 300
const FIRST_PAINT_RATIO_BUDGET = 1.3
const HANGING_PAGE_BUDGET_MS = 1000
const HANGING_SEARCH_BUDGET_MS = 300
const VISITS = 5

const ms = (x: number) => Math.round(x)
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER')

/** Navigation start → the worker controls the page (polled every 50 ms); and what the worker fetched meanwhile. */
async function firstInstall(browser: Browser, staticDir: string, port: number, throttled: boolean) {
  const server = await ownServer(staticDir, port)
  const { context, page } = await newContext(browser, server)
  try {
    const cdp = await pageSession(page)
    let worker: Awaited<ReturnType<typeof throttleWorker>> | undefined
    let attached: Promise<void> | undefined
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
      attached = throttleWorker(cdp, SLOW_3G, 300_000).then((w) => void (worker = w))
    }
    const started = Date.now()
    await page.goto(`${server.url}/`, { waitUntil: 'commit', timeout: 300_000 })
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 300_000, polling: 50 })
    const controlledMs = Date.now() - started
    await attached
    const fetched = worker?.traffic ?? []
    return { controlledMs, workerRequests: fetched.length, workerKB: Math.round(fetched.reduce((sum, t) => sum + t.bytes, 0) / 1024) }
  } finally {
    await context.close()
    await dispose(server)
  }
}

/** Offline repeat visits of `/` at a CPU slowdown: the first proverb's text, and the first contentful paint. */
async function slowCpuVisits(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  const visits: { proverbMs: number; fcpMs: number }[] = []
  try {
    for (let i = 0; i < VISITS; i++) {
      const visit = await repeatVisit(page)
      const fcpMs = await page.evaluate(
        () => performance.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? Number.NaN,
      )
      visits.push({ proverbMs: visit.firstCardMs, fcpMs })
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.detach()
  }
  return { proverbMs: median(visits.map((v) => v.proverbMs)), fcpMs: median(visits.map((v) => v.fcpMs)), visits }
}

async function slowPhones(browser: Browser, staticDir: string, results: Results) {
  const server = await ownServer(staticDir, 4322)
  const { context, page } = await newContext(browser, server)
  try {
    await firstVisit(page, server)
    await page.reload()
    await server.stop()
    console.log(
      '\nb. Offline repeat visit of / on slower phones (server stopped; navigation start → first proverb’s text; first contentful paint)',
    )
    const rows: Record<string, unknown> = {}
    for (const rate of [4, 6]) {
      const { proverbMs, fcpMs, visits } = await slowCpuVisits(page, rate)
      const ratio = proverbMs / fcpMs
      const ok = rate !== 4 || (proverbMs <= FIRST_PROVERB_BUDGET_MS && ratio <= FIRST_PAINT_RATIO_BUDGET)
      console.log(
        `   ${rate}× CPU: first proverb ${visits.map((v) => ms(v.proverbMs)).join(', ')} ms (median ${ms(proverbMs)}), first paint median ${ms(fcpMs)} ms, ratio ${ratio.toFixed(2)}` +
          (rate === 4 ? ` (budget ≤ ${FIRST_PROVERB_BUDGET_MS} ms and ≤ ${FIRST_PAINT_RATIO_BUDGET} ×) ${verdict(ok)}` : ''),
      )
      rows[`cpu${rate}x`] = { firstProverbMs: ms(proverbMs), firstPaintMs: ms(fcpMs), ratio: Number(ratio.toFixed(2)), ok }
    }
    results.offlineSlowPhones = rows
  } finally {
    await context.close()
    await dispose(server)
  }
}

async function hangingServer(browser: Browser, staticDir: string, results: Results) {
  const server = await ownServer(staticDir, 4324)
  const { context, page } = await newContext(browser, server)
  try {
    await firstVisit(page, server)
    const { data } = (await (await fetch(`${server.url}/api/proverbs/public?ethnic=yoruba&size=1`)).json()) as { data: Proverb[] }
    const proverb = data[0]
    const address = `${server.url}/search_result?proverb=${proverb.slug}`
    await page.goto(address)
    await page.getByRole('heading', { level: 1, name: proverb.proverb }).waitFor()
    const words = proverb.proverb
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .split(/\s+/)
      .filter((w) => w.length >= 3)
    server.pause()
    const pages: number[] = []
    for (let i = 0; i < 3; i++) {
      const started = Date.now()
      await page.goto(address, { timeout: 30_000 })
      await page.getByRole('heading', { level: 1, name: proverb.proverb }).waitFor({ timeout: 30_000 })
      pages.push(Date.now() - started)
    }
    // The reader reads the page before typing: a second.
    await page.waitForTimeout(1000)
    const searches: number[] = []
    for (const word of [...words, ...words].slice(0, 6))
      searches.push(
        await page.evaluate(async (q) => {
          const t = performance.now()
          await (await fetch(`/api/proverbs/public?q=${encodeURIComponent(q)}&size=20`)).json()
          return performance.now() - t
        }, word),
      )
    server.resume()
    const pageMax = Math.max(...pages)
    const searchMax = Math.max(...searches)
    console.log('\nc. A hanging server (SIGSTOP: the connection opens, nothing answers)')
    console.log(
      `   a visited proverb page until its heading: ${pages.map(ms).join(', ')} ms (budget ≤ ${HANGING_PAGE_BUDGET_MS} ms) ${verdict(pageMax <= HANGING_PAGE_BUDGET_MS)}`,
    )
    console.log(
      `   searches typed then, through the worker: ${searches.map(ms).join(', ')} ms (budget ≤ ${HANGING_SEARCH_BUDGET_MS} ms) ${verdict(searchMax <= HANGING_SEARCH_BUDGET_MS)}`,
    )
    results.hangingServer = {
      pageMs: pages.map(ms),
      searchMs: searches.map(ms),
      ok: pageMax <= HANGING_PAGE_BUDGET_MS && searchMax <= HANGING_SEARCH_BUDGET_MS,
    }
  } finally {
    server.resume()
    await context.close()
    await dispose(server)
  }
}

export async function offlineFast(options: { staticDir: string; results: Results }): Promise<void> {
  const { staticDir, results } = options
  const browser = await chromium.launch({ executablePath: findChromium({ install: false }), args: CHROMIUM_ARGS })
  try {
    const plain = await firstInstall(browser, staticDir, 4326, false)
    const slow = await firstInstall(browser, staticDir, 4328, true)
    console.log('\na. The first install: navigation start of a first visit of / → the worker controls the page')
    console.log(
      `   unthrottled: ${ms(plain.controlledMs)} ms (budget ≤ ${INSTALL_BUDGET_MS} ms) ${verdict(plain.controlledMs <= INSTALL_BUDGET_MS)}`,
    )
    console.log(
      `   Slow 3G, page and worker: ${(slow.controlledMs / 1000).toFixed(1)} s, the worker fetching ${slow.workerRequests} files, ${slow.workerKB} KB on the wire (budget ≤ ${SLOW_3G_INSTALL_BUDGET_MS / 1000} s) ${verdict(slow.controlledMs <= SLOW_3G_INSTALL_BUDGET_MS)}`,
    )
    results.firstInstall = {
      unthrottledMs: plain.controlledMs,
      slow3gMs: slow.controlledMs,
      slow3gWorkerRequests: slow.workerRequests,
      slow3gWorkerKB: slow.workerKB,
      ok: plain.controlledMs <= INSTALL_BUDGET_MS && slow.controlledMs <= SLOW_3G_INSTALL_BUDGET_MS,
    }
    await slowPhones(browser, staticDir, results)
    await hangingServer(browser, staticDir, results)
  } finally {
    await browser.close()
  }
}
