import type { Proverb } from '../../src/core/proverbs/contract'
import { SLOW_3G, throttleWorker } from '../bench/offline'
import { expect, expectProblems, test } from './fixtures'
import { deviceHoldsProverb, serverPerJourney, toneFreeWord, waitForWorker } from './offline-support'
import { PHONE_390 } from './phone'
import type { RunningServer } from '../support/server-process'

/**
 * Offline on the networks our readers have (docs/decisions/022-device-first.md): a first visit on Slow 3G is installed
 * within a minute, and a server that hangs costs one short wait, after which what the device holds answers at once.
 */
test.use(PHONE_390)

let server: RunningServer
serverPerJourney((started) => (server = started))

const bar = (page: import('./fixtures').Page) => page.locator('.connection-status')

async function aProverb(): Promise<Proverb> {
  const { data } = (await (await fetch(`${server.url}/api/proverbs/public?ethnic=yoruba&size=1`)).json()) as { data: Proverb[] }
  return data[0]
}

test('a first visit on Slow 3G is controlled by the worker within a minute, and then opens offline with the server stopped', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
  // The worker's own fetches are throttled too, from its first line (it is registered once the page has loaded).
  const workerThrottled = throttleWorker(cdp, SLOW_3G, 120_000)
  await page.goto(`${server.url}/`, { waitUntil: 'commit', timeout: 60_000 })
  // The bound of the first install: a minute from the first byte of the visit.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000, polling: 500 })
  await workerThrottled
  await expect(page.locator('.today-card').first()).toBeVisible()

  expectProblems(/^failed: GET \S+ net::ERR_CONNECTION_RESET$/)
  await server.stop()
  await page.goto(`${server.url}/`)
  await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
  await expect(page.locator('.today-card')).toHaveCount(8)
  // The browser is online; the server is not there.
  await expect(bar(page)).toHaveText(/The server could not be reached\. Showing proverbs saved on this device/)
  // A public page never opened before opens from the files of the first install, drawn on the device.
  await page.goto(`${server.url}/about`)
  await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
})

test('with the server hanging, a visited proverb page and a search show the device’s answer at once, then the server’s once it answers', async ({
  page,
}) => {
  const proverb = await aProverb()
  const word = toneFreeWord(proverb)
  await page.goto(`${server.url}/`)
  await waitForWorker(page)
  await page.goto(`${server.url}/search_result?proverb=${proverb.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
  await expect(bar(page)).toHaveAttribute('data-state', 'online')
  // The device keeps what the page was rendered from (its data came in the HTML).
  await expect.poll(() => deviceHoldsProverb(page, proverb.slug)).toBe(true)

  // The connection opens and nothing answers.
  server.pause()
  try {
    await page.goto(`${server.url}/search_result?proverb=${proverb.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
    await expect(bar(page)).toHaveText(/The server could not be reached\. Showing proverbs saved on this device/)

    // The reader moves on inside the app (no page is asked of the server) and types a search.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click()
    const search = page.getByRole('searchbox', { name: 'Words' })
    await search.fill(word)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`))
    await expect(page.locator('.result-list').getByRole('link', { name: proverb.proverb }).first()).toBeVisible()
    await expect(bar(page)).toHaveAttribute('data-state', 'saved')
  } finally {
    server.resume()
  }
  // The server answers again: the page reads the server's answer without being asked, and the bar goes.
  await expect(bar(page)).toHaveAttribute('data-state', 'online', { timeout: 15_000 })
  await expect(page.locator('.result-list').getByRole('link', { name: proverb.proverb }).first()).toBeVisible()
})

test('a link followed while the first install finishes is taken over too, and that page then opens with the server stopped', async ({
  page,
  context,
}) => {
  const proverb = await aProverb()
  const pagePath = `/search_result?proverb=${proverb.slug}`
  // The install's bundle waits until the reader has followed a link; the page the link opens waits until the worker
  // has activated (and claimed the pages it could), so that page is still loading at the claim.
  const cdp = await context.newCDPSession(page)
  const activated = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.some((version) => version.status === 'activated')) resolve()
    })
  })
  await cdp.send('ServiceWorker.enable')
  let installAsked!: () => void
  const installWaiting = new Promise<void>((resolve) => (installAsked = resolve))
  let linkFollowed!: () => void
  const followed = new Promise<void>((resolve) => (linkFollowed = resolve))
  await context.route('**/install.bin', async (route) => {
    installAsked()
    await followed
    await route.continue()
  })
  await context.route(`**${pagePath}`, async (route) => {
    linkFollowed()
    await activated
    await route.continue()
  })

  await page.goto(`${server.url}/`)
  await installWaiting
  await page.goto(`${server.url}${pagePath}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
  await waitForWorker(page)
  await expect.poll(() => deviceHoldsProverb(page, proverb.slug)).toBe(true)

  await server.stop()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
})
