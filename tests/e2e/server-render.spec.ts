import type { Proverb } from '../../src/core/proverbs/contract'
import { PUBLIC_CONTENT_ROUTES } from '../support/public-routes'
import { expect, expectProblems, test, type Page } from './fixtures'
import { serverPerJourney, waitForWorker } from './offline-support'
import { PHONE_390 } from './phone'
import type { RunningServer } from '../support/server-process'

/**
 * Public pages come from the server rendered, with their data (docs/decisions/017-server-rendered-pages.md):
 * readable before any script runs, then taken over by the app without being drawn again. Once the worker is
 * installed, a navigation online still gets the server's page, which the worker keeps; offline, the kept page answers,
 * else the worker's shell renders it (docs/decisions/022-device-first.md).
 */
test.use(PHONE_390)

async function aProverb(baseURL: string): Promise<Proverb> {
  const { data } = (await (await fetch(`${baseURL}/api/proverbs/public?ethnic=amharic&size=1`)).json()) as { data: Proverb[] }
  return data[0]
}

/** What each page shows from its data, with no script run at all. */
async function expectContent(page: Page, route: string, proverb: Proverb) {
  const main = page.locator('main#main')
  await expect(main.getByRole('heading', { level: 1 }), route).toBeVisible()
  // Nothing is left loading: the data came with the page.
  await expect(main.locator('.loading'), route).toHaveCount(0)
  if (route === '/') await expect(main.locator('.today-card')).toHaveCount(8)
  if (route === '/search_result?ethnic=yoruba') {
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Yoruba')
    await expect(main.locator('.result-list > *').first()).toBeVisible()
  }
  if (route === '/search_result?q=water') await expect(main.locator('.result-list > *').first()).toBeVisible()
  if (route === '/pricing') await expect(main.locator('.plan-card')).toHaveCount(5)
  if (route.includes('proverb=')) {
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
    await expect(main.getByText(proverb.interpretation, { exact: false }).first()).toBeVisible()
  }
}

test('every public page is readable with scripts off: its content and data are in the HTML', async ({ browser, baseURL }) => {
  const proverb = await aProverb(baseURL!)
  // With scripts off, the browser refuses the page's script preloads.
  expectProblems(/^failed: GET \S+\/assets\/[\w.-]+\.js csp$/)
  const context = await browser.newContext({ ...PHONE_390, baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  for (const route of [...PUBLIC_CONTENT_ROUTES, `/search_result?proverb=${proverb.slug}`]) {
    const response = await page.goto(route)
    expect(await response!.text(), route).toContain('id="owe-page-data"')
    await expectContent(page, route, proverb)
  }
  // Searching works with scripts off too: the form asks the server's page.
  await page.goto('/')
  await page.getByRole('searchbox', { name: 'Search proverbs' }).fill('water')
  await page.getByRole('searchbox', { name: 'Search proverbs' }).press('Enter')
  await expect(page).toHaveURL(/\/search_result\?q=water$/)
  await expect(page.locator('main .result-list > *').first()).toBeVisible()
  await expect(page.getByLabel('Words')).toHaveValue('water')
  // What needs the app waits for it: the currency switch is there, not yet pressable.
  await page.goto('/pricing')
  await expect(page.getByRole('button', { name: '₦ NGN' })).toBeDisabled()
  // The Ethiopic script and its language tag are in the server's markup too.
  await page.goto(`/search_result?proverb=${proverb.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'am')
  await context.close()
})

test('the app takes the server’s page over where it stands: the same nodes, no second drawing, then it works', async ({
  page,
  context,
  baseURL,
}) => {
  const proverb = await aProverb(baseURL!)
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  // Marks the server's heading and list before any of the app's code runs.
  await context.addInitScript(`document.addEventListener('DOMContentLoaded', () => {
    for (const node of document.querySelectorAll('main h1, main .result-list > *, main .today-card, main .plan-card')) node.__fromServer = true
  })`)
  const stylesFetched = new Set<string>()
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesFetched.add(new URL(request.url()).pathname)
  })
  for (const route of [...PUBLIC_CONTENT_ROUTES, `/search_result?proverb=${proverb.slug}`]) {
    stylesFetched.clear()
    await page.goto(route)
    await page.waitForLoadState('networkidle')
    await expectContent(page, route, proverb)
    // The page's own styles come inlined in the head: no stylesheet request holds its first paint back, and
    // the app, loading the page's code, fetches none of them.
    const inlined = await page.locator('head style[data-href]').evaluateAll((styles) => styles.map((style) => style.dataset.href!))
    if (route.startsWith('/search_result')) expect(inlined.length, route).toBeGreaterThan(0)
    for (const href of inlined) {
      expect(stylesFetched.has(href), `${route}: ${href} fetched`).toBe(false)
      await expect(page.locator(`link[rel="stylesheet"][href="${href}"]:not([disabled])`)).toHaveCount(0)
    }
    const kept = await page.evaluate(() =>
      Array.from(document.querySelectorAll('main h1, main .result-list > *, main .today-card, main .plan-card')).map(
        (node) => (node as Element & { __fromServer?: boolean }).__fromServer === true,
      ),
    )
    expect(kept.length, route).toBeGreaterThan(0)
    expect(kept.every(Boolean), `${route}: every node is the server's`).toBe(true)
  }

  // Hydrated: the page answers input, and moving on is the app's own navigation (no new document).
  await page.goto('/pricing')
  await page.evaluate(() => ((window as Window & { __samePage?: boolean }).__samePage = true))
  await page.getByRole('button', { name: '₦ NGN' }).click()
  await expect(page.getByTestId('price-Bronze')).toHaveText(/₦/)
  await page.getByRole('link', { name: 'About' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
  expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBe(true)
})

test.describe('with the worker installed', () => {
  // Its own server, so the worker it installs and the offline switch touch no other journey's origin.
  let server: RunningServer
  serverPerJourney((started) => (server = started))

  test('under the worker, pages come from the server, home included, and are kept; offline a kept page answers, else the shell', async ({
    page,
    context,
  }) => {
    await page.goto(`${server.url}/`)
    await expect(page.locator('.today-card')).toHaveCount(8)
    await waitForWorker(page)
    const pageData = () => page.evaluate(() => document.getElementById('owe-page-data') !== null)
    const keptAt = () => page.evaluate(() => document.getElementById('owe-page-data')?.getAttribute('data-kept-at') ?? null)

    // Home under the worker is the server's page, data and all (kept by the install), never the bare shell.
    const home = await page.goto(`${server.url}/`)
    expect(await home!.text()).toContain('id="owe-page-data"')
    await expect(page.locator('.today-card')).toHaveCount(8)

    // Online, a page not kept yet: the server's page, data and all, as the server sent it.
    const online = await page.goto(`${server.url}/pricing`)
    expect(await online!.text()).toContain('id="owe-page-data"')
    expect(await keptAt()).toBeNull()
    await expect(page.locator('.plan-card')).toHaveCount(5)

    // A reader's own page is the shell at once: the server has nothing more to send for it.
    const own = await page.goto(`${server.url}/quiz`)
    expect(await own!.text()).not.toContain('id="owe-page-data"')

    // Offline: a page read before answers as the server rendered it, saying it is a kept copy...
    await context.setOffline(true)
    await page.goto(`${server.url}/pricing`)
    expect(await keptAt()).not.toBeNull()
    await expect(page.locator('.plan-card')).toHaveCount(5)
    await page.goto(`${server.url}/`)
    expect(await pageData()).toBe(true)
    await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
    await expect(page.locator('.today-card')).toHaveCount(8)
    // ...and one never read is drawn by the shell from what the device keeps.
    await page.goto(`${server.url}/about`)
    expect(await pageData()).toBe(false)
    await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
    await context.setOffline(false)
  })
})
