import { expect, request as apiRequest, test, type BrowserContext, type Page } from './fixtures'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Insights } from '../../src/core/analytics/contract'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import type { RunningServer } from '../support/server-process'
import { createAccount, useAccount, type Account } from './accounts'
import { apiAs, deviceRecords, ownServer, waitForWorker } from './offline-support'
import { PHONE_390 } from './phone'

// Page-view analytics from the reader's side (docs/requirements.md#r17-analytics): what the app records
// reaches the collector once, with the time it happened, offline or not; Do Not Track and Global Privacy
// Control record nothing; and a search that found nothing shows in the console's Insights.

const run = promisify(execFile)
const DAY = 24 * 60 * 60_000

test.use(PHONE_390)
// Each journey makes an admin on a server of its own: the server is stopped for it and started again.
test.describe.configure({ timeout: 180_000 })

let server: RunningServer
let admin: Account

test.beforeEach(async ({ context }) => {
  server = await ownServer()
  const api = await apiRequest.newContext({ baseURL: server.url })
  admin = await createAccount(api)
  await api.dispose()
  // Admins are made on the command line, the embedded database taking one process at a time.
  const port = Number(new URL(server.url).port)
  await server.stop()
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/src/cli/admin-create.ts', admin.email], {
    env: { ...process.env, OWE_DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' },
  })
  expect(stdout).toContain(`${admin.email} is now an admin.`)
  server = await ownServer({ port, dataDir: server.dataDir })
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
})
test.afterEach(async () => {
  await server?.stop()
})

/** A UTC calendar day, as the Insights name them. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/** The console's Insights for these UTC days, asked as the admin. */
const insights = (from: number, to: number = Date.now()) =>
  apiAs<Insights>(server, admin, 'GET', `${ADMIN_API.insights}?from=${utcDay(from)}&to=${utcDay(to)}`)

/** One day's counts of the Insights. */
async function countsOn(day: number) {
  const found = (await insights(day, day)).days.find((d) => d.day === utcDay(day))
  expect(found, utcDay(day)).toBeDefined()
  return { pageViews: found!.pageViews, proverbViews: found!.proverbViews, searches: found!.searches }
}

/** Events waiting on this device to be sent (the worker's IndexedDB queue). */
const waiting = async (page: Page) => (await deviceRecords(page)).queued.analytics ?? 0

/** Page requests to the collector (those the worker makes are read on the server instead). */
function collectorRequests(context: BrowserContext): string[] {
  const seen: string[] = []
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === API.events) seen.push(request.url())
  })
  return seen
}

/** A search's results (or what says there are none) are on screen, not the placeholder. */
async function resultsShown(page: Page): Promise<void> {
  const results = page.getByRole('region', { name: 'Results' })
  // Not the placeholder ("Searching"); the offline notice also says "Searching every proverb needs the network".
  await expect(
    results
      .getByRole('status')
      .filter({ hasNotText: /^\s*Searching\s*$/ })
      .first(),
  ).toBeVisible()
}

/**
 * The reader stays on the page a moment: a page left at once (a redirect) is not counted
 * (src/lib/analytics.ts SETTLE_MS), and these journeys read every page they open.
 */
const stay = (page: Page) => page.waitForTimeout(800)

/** The slug of the first of today's proverbs on the home page. */
async function firstTodaysSlug(page: Page): Promise<string> {
  const href = await page.locator('.today-card__body').first().getAttribute('href')
  return new URL(href!, server.url).searchParams.get('proverb')!
}

test('views made offline reach the server once the reader is back online, once each, counted on the day they were made', async ({
  page,
  context,
}) => {
  const today = Date.now()
  await page.goto(`${server.url}/`)
  await expect(page.locator('.today-card')).toHaveCount(8)
  await waitForWorker(page)
  // What the first visit showed is kept on the device (asked again through the worker once it took over).
  await expect.poll(async () => (await deviceRecords(page)).stores.groups).toBe(8)
  const slug = await firstTodaysSlug(page)
  await stay(page)
  // Online, the home page's view arrives.
  await expect.poll(() => countsOn(today), { timeout: 30_000 }).toEqual({ pageViews: 1, proverbViews: 0, searches: 0 })

  // The reader goes offline, and stays so for days: the device's clock says two days ago, at noon (UTC).
  const made = Date.UTC(new Date(today).getUTCFullYear(), new Date(today).getUTCMonth(), new Date(today).getUTCDate() - 2, 12)
  await context.clock.install({ time: made })
  await context.setOffline(true)

  await page.goto(`${server.url}/search_result?proverb=${encodeURIComponent(slug)}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share link' })).toBeVisible()
  await stay(page)
  // The page's view and the proverb's wait on the device.
  await expect.poll(() => waiting(page), { timeout: 15_000 }).toBe(2)

  await page.goto(`${server.url}/search_result?q=patience`)
  await expect(page.getByRole('heading', { level: 1, name: 'Search proverbs' })).toBeVisible()
  await resultsShown(page)
  await stay(page)
  // A search answered from the device counts as a page view only: what the device holds says nothing of the corpus.
  await expect.poll(() => waiting(page), { timeout: 15_000 }).toBe(3)
  expect(await countsOn(made)).toEqual({ pageViews: 0, proverbViews: 0, searches: 0 })

  // Back online: they go, once each, and count for the day they were made, not the day they arrived.
  await context.setOffline(false)
  await expect.poll(() => countsOn(made), { timeout: 30_000 }).toEqual({ pageViews: 2, proverbViews: 1, searches: 0 })
  await expect.poll(() => waiting(page)).toBe(0)
  expect(await countsOn(today)).toEqual({ pageViews: 1, proverbViews: 0, searches: 0 })
  const range = await insights(made, today)
  expect(range.topProverbs).toEqual([expect.objectContaining({ slug, views: 1 })])
  // Asked to send again (the browser says online once more): nothing is left, and nothing counts twice.
  await page.evaluate(() => dispatchEvent(new Event('online')))
  await expect.poll(() => waiting(page)).toBe(0)
  expect(await countsOn(made)).toEqual({ pageViews: 2, proverbViews: 1, searches: 0 })
})

/** Home, the first of today's proverbs, the search page, a search and the About page: five page views. */
async function browse(page: Page): Promise<void> {
  await page.goto(`${server.url}/`)
  await expect(page.locator('.today-card')).toHaveCount(8)
  await stay(page)
  await page.locator('.today-card__body').first().click()
  await expect(page.getByRole('button', { name: 'Share link' })).toBeVisible()
  await stay(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Search proverbs' })).toBeVisible()
  await stay(page)
  await page.getByRole('searchbox', { name: 'Words' }).fill('patience')
  await page.getByRole('searchbox', { name: 'Words' }).press('Enter')
  await expect(page).toHaveURL(/q=patience/)
  await resultsShown(page)
  await stay(page)
  // On a phone the tab bar is the main navigation; About is in the footer's.
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
  await stay(page)
}

for (const [signal, property, on, script] of [
  [
    'Global Privacy Control',
    'globalPrivacyControl',
    true,
    `Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, get: () => true })`,
  ],
  ['Do Not Track', 'doNotTrack', '1', `Object.defineProperty(navigator, 'doNotTrack', { configurable: true, get: () => '1' })`],
] as const) {
  test(`with ${signal} on, nothing is recorded or sent; the same pages without it are counted`, async ({ page, context, browser }) => {
    const today = Date.now()
    // Without the signal: five pages, a proverb and a search, counted.
    const counted = await browser.newContext(PHONE_390)
    await counted.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    const reader = await counted.newPage()
    await browse(reader)
    await expect.poll(() => countsOn(today), { timeout: 30_000 }).toEqual({ pageViews: 5, proverbViews: 1, searches: 1 })

    // With it: the same pages, and nothing leaves the page or waits on the device.
    await context.addInitScript(script)
    const sent = collectorRequests(context)
    await page.goto(`${server.url}/`)
    expect(await page.evaluate((name) => (navigator as unknown as Record<string, unknown>)[name], property)).toBe(on)
    await waitForWorker(page)
    await browse(page)
    // The counting code did load on these pages, and recorded nothing.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/assets/analytics-client-')),
    )
    expect(loaded).toBe(true)
    await page.getByRole('link', { name: 'Privacy policy' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'What we count' })).toBeVisible()
    await stay(page)
    expect(await waiting(page)).toBe(0)
    await page.goto('about:blank')

    // The counted reader opens one more page: it arrives, and nothing else did.
    await reader.getByRole('link', { name: 'Privacy policy' }).click()
    await expect(reader.getByRole('heading', { level: 2, name: 'What we count' })).toBeVisible()
    await expect.poll(() => countsOn(today), { timeout: 30_000 }).toEqual({ pageViews: 6, proverbViews: 1, searches: 1 })
    expect(sent).toEqual([])
    await counted.close()
  })
}

test('a search that found nothing, made in the app, is in the console’s “Searches that found nothing”', async ({ page, browser }) => {
  const words = `zzqx${Date.now().toString(36)}`
  await page.goto(`${server.url}/search_result`)
  await waitForWorker(page)
  await page.getByRole('searchbox', { name: 'Words' }).fill(words)
  await page.getByRole('searchbox', { name: 'Words' }).press('Enter')
  await expect(page.getByText('No proverbs match')).toBeVisible()
  await expect
    .poll(async () => (await insights(Date.now() - DAY)).zeroResultSearches.map((search) => search.q), { timeout: 30_000 })
    .toContain(words)

  const operators = await browser.newContext(PHONE_390)
  await useAccount(operators, server.url, admin)
  const operator = await operators.newPage()
  await operator.goto(`${server.url}/admin/insights`)
  const nothingFound = operator.getByRole('table', { name: /^Searches that found nothing/ })
  await expect(nothingFound.getByText(words, { exact: true })).toBeVisible()
  await operators.close()
})
