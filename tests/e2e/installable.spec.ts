import { chromium, expect, test } from './fixtures'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { CHROMIUM_ARGS } from '../../playwright.config'

test('the app is installable: a manifest with any and maskable icons, and a service worker in control', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  const manifest = await (await request.get(href!)).json()
  expect(manifest).toMatchObject({ name: 'Òwe — African proverbs', short_name: 'Òwe', start_url: '/', display: 'standalone' })
  expect(manifest.theme_color).toMatch(/^#/)
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i: { sizes: string; purpose: string }) => i.sizes === size && i.purpose === purpose)
      expect(icon, `${size} ${purpose}`).toBeTruthy()
      const res = await request.get(icon.src)
      expect(res.ok()).toBe(true)
      expect(res.headers()['content-type']).toBe('image/png')
    }
  }
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toMatch(/\/$/)
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(script).toMatch(/\/firebase-messaging-sw\.js$/)
})

test('the worker and the shell are revalidated, hashed assets are immutable and compressed', async ({ page, request }) => {
  const sw = await request.get('/firebase-messaging-sw.js')
  expect(sw.headers()['cache-control']).toBe('no-cache')
  // The shell is made per page (its head) and sent like the public reads: shared caches may keep it, but
  // everyone revalidates it (docs/decisions/015-link-previews.md).
  const html = await request.get('/', { headers: { 'Accept-Encoding': 'br' } })
  expect(html.headers()['cache-control']).toBe('public, no-cache')
  expect(html.headers()['content-encoding']).toBe('br')
  await page.goto('/')
  // The app's entry, asked for by the start script once the page has painted.
  let script: string | undefined
  await expect
    .poll(
      async () =>
        (script = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name).pathname)
            .find((pathname) => /^\/assets\/index-[\w-]+\.js$/.test(pathname)),
        )),
    )
    .toBeTruthy()
  const asset = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } })
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(asset.headers()['content-encoding']).toBe('gzip')
  const again = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': asset.headers().etag } })
  expect(again.status()).toBe(304)
})

test('scroll images exist for the eight languages, each under 80 KB, with an AVIF beside each under 28 KB', async ({ request }) => {
  for (const slug of ['yoruba', 'igbo', 'hausa', 'akan', 'kiswahili', 'zulu', 'amharic', 'afan-oromo']) {
    const res = await request.get(`/img/${slug}-scroll.jpeg`)
    expect(res.status(), slug).toBe(200)
    expect(res.headers()['content-type']).toBe('image/jpeg')
    expect((await res.body()).length, slug).toBeLessThan(80 * 1024)
    const avif = await request.get(`/img/${slug}-scroll.avif`)
    expect(avif.status(), slug).toBe(200)
    expect(avif.headers()['content-type']).toBe('image/avif')
    expect((await avif.body()).length, slug).toBeLessThan(28 * 1024)
  }
})

test('no request leaves the origin', async ({ page, baseURL }) => {
  const foreign: string[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (url.protocol.startsWith('http') && url.host !== new URL(baseURL!).host) foreign.push(req.url())
  })
  await page.goto('/')
  await expect(page.locator('.today-card')).toHaveCount(8)
  await page.goto('/search_result?ethnic=amharic')
  await expect(page.locator('.result-list .proverb-card').first()).toBeVisible()
  expect(foreign).toEqual([])
})

test('Chromium finds nothing in the way of installing Òwe', async ({ baseURL }) => {
  // Test contexts are incognito, where nothing installs: this one has a profile of its own.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  try {
    const page = await context.newPage()
    await page.goto(baseURL!)
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 })
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    expect(installabilityErrors).toEqual([])
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] }
    expect(url).toMatch(/\/manifest\.webmanifest$/)
    expect(errors).toEqual([])
  } finally {
    await context.close()
    fs.rmSync(profile, { recursive: true, force: true })
  }
})

test('an "Install Òwe" button appears when the browser offers installation, and hands over to its prompt', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Install Òwe' })).toHaveCount(0)
  // The browser's event, as Chromium sends it when the app is installable.
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(event)
    ;(window as unknown as { defaultPrevented: boolean }).defaultPrevented = event.defaultPrevented
  })
  expect(await page.evaluate(() => (window as unknown as { defaultPrevented: boolean }).defaultPrevented)).toBe(true)
  await page.getByRole('button', { name: 'Install Òwe' }).click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1)
  // A prompt can be used once: the button goes until the browser offers again.
  await expect(page.getByRole('button', { name: 'Install Òwe' })).toHaveCount(0)
})

test('a prompt the browser offers while the page is still painting, before the app runs, is kept for the button', async ({ page }) => {
  // Sent as soon as the document is parsed: the app's code is asked for only after the first paint.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      ;(window as unknown as { appLoaded: boolean }).appLoaded = performance
        .getEntriesByType('resource')
        .some((entry) => /\/assets\/index-[\w-]+\.js$/.test(entry.name))
      window.dispatchEvent(event)
      ;(window as unknown as { defaultPrevented: boolean }).defaultPrevented = event.defaultPrevented
    })
  })
  await page.goto('/')
  expect(await page.evaluate(() => (window as unknown as { appLoaded: boolean }).appLoaded)).toBe(false)
  expect(await page.evaluate(() => (window as unknown as { defaultPrevented: boolean }).defaultPrevented)).toBe(true)
  await page.getByRole('button', { name: 'Install Òwe' }).click()
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1)
})
