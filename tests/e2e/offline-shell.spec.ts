import { expect, test } from './fixtures'
import { startServer, type RunningServer } from '../support/server-process'
import { deviceRecords } from './offline-support'

// This journey stops its server, so it runs on a server of its own.
let server: RunningServer
test.beforeAll(async () => {
  server = await startServer({ port: 4280 })
})
test.afterAll(async () => {
  await server?.stop()
})

test('after a first visit the app shell reloads with the server stopped', async ({ page, context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await page.goto(`${server.url}/`)
  await expect(page.locator('.today-card')).toHaveCount(8)
  // The first visit is controlled once the worker has installed, precached the shell and claimed the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  // …and has kept what the page showed (asked again through it once it took over).
  await expect.poll(async () => (await deviceRecords(page)).stores.lists).toBeGreaterThan(0)

  await server.stop()

  await page.reload()
  await expect(page.getByRole('link', { name: 'Òwe, home' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
  // The data comes from the device's copy, and the page says how old it is.
  await expect(page.locator('.today-card')).toHaveCount(8)
  await expect(
    page.getByRole('status').filter({ hasText: /^The server could not be reached\. Showing proverbs saved on this device/ }),
  ).toBeVisible()

  // A page whose data this device never saw says it is offline instead of staying blank.
  await page.goto(`${server.url}/search_result?proverb=never-seen-here`)
  await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 20_000 })

  // Other routes of the shell open offline too: their code was precached.
  await page.getByRole('link', { name: 'About' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
  await page.goto(`${server.url}/terms`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms/)
})
