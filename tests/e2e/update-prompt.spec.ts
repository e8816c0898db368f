import { expect, test } from './fixtures'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startServer, type RunningServer } from '../support/server-process'

// A new version is simulated by changing the worker in a private copy of the built app.
let server: RunningServer
let appDir: string
test.beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-app-'))
  fs.cpSync('dist', appDir, { recursive: true })
  server = await startServer({ port: 4281, env: { OWE_STATIC_DIR: appDir } })
})
test.afterAll(async () => {
  await server?.stop()
})

test('a new version never reloads by itself: one toast offers to reload, and reloading activates it', async ({ page, context }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
  await page.goto(`${server.url}/search_result`)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
  await page.getByLabel('Words').fill('typed before the update')

  const worker = path.join(appDir, 'firebase-messaging-sw.js')
  fs.appendFileSync(worker, '\n// the next version\n')
  for (const stale of ['.br', '.gz']) fs.rmSync(`${worker}${stale}`, { force: true })
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())

  const toast = page.getByText('A new version of Òwe is ready.')
  await expect(toast).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('A new version of Òwe is ready.')).toHaveCount(1)
  // Nothing was reloaded behind the user's back.
  await expect(page.getByLabel('Words')).toHaveValue('typed before the update')

  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true))
  await page.getByRole('button', { name: 'Reload' }).click()
  await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload, undefined, { timeout: 30_000 })
  const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)
  expect(waiting).toBeNull()
  await expect(page.getByRole('heading', { level: 1, name: 'Search proverbs' })).toBeVisible()
})
