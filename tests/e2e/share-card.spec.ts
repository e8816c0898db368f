import fs from 'node:fs'
import { PNG } from 'pngjs'
import type { Proverb } from '../../src/core/proverbs/contract'
import { expect, test, type Page } from './fixtures'
import { waitForWorker } from './offline-support'
import { expectNoAxeViolations, PHONE_390 } from './phone'

test.use(PHONE_390)

async function amharicProverb(baseURL: string): Promise<Proverb> {
  const { data } = (await (await fetch(`${baseURL}/api/proverbs/public?ethnic=amharic&size=1`)).json()) as { data: Proverb[] }
  return data[0]
}

/** Clicks "Share as image" and reads the card the device saved (headless Chromium has no share sheet for files). */
async function saveCard(page: Page): Promise<PNG> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Share as image' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/\.png$/)
  await expect(page.getByRole('status').filter({ hasText: 'Card saved to your downloads.' })).toBeVisible()
  return PNG.sync.read(fs.readFileSync((await saved.path())!))
}

/** How many pixels of the panel's text area are near white: the proverb and its rendering drawn on it. */
function lightPixels(png: PNG, top: number, bottom: number): number {
  let light = 0
  for (let y = top; y < bottom; y++) {
    for (let x = 116; x < 1084; x++) {
      const i = (y * png.width + x) * 4
      if (png.data[i] > 200 && png.data[i + 1] > 200 && png.data[i + 2] > 200) light++
    }
  }
  return light
}

test('“Share as image” draws the proverb’s card on the device, in Ethiopic with its own font, and saves it; offline too', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  const proverb = await amharicProverb(baseURL!)
  await page.goto(`/search_result?proverb=${proverb.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
  await expect(page.getByRole('button', { name: 'Share link' })).toBeVisible()
  await expectNoAxeViolations(page, { include: '.proverb-view__actions' })

  const card = await saveCard(page)
  expect([card.width, card.height]).toEqual([1200, 630])
  // The proverb's lines are drawn (white on the dark panel), in the Ethiopic font the page loaded for them.
  expect(lightPixels(card, 100, 260)).toBeGreaterThan(2000)
  expect(await page.evaluate((text) => document.fonts.check('700 64px "Noto Sans Ethiopic"', text), proverb.proverb)).toBe(true)
  // Ethiopic drawn in that font is not what a fallback draws: the same words in the default sans-serif measure otherwise.
  const widths = await page.evaluate((text) => {
    const context = document.createElement('canvas').getContext('2d')!
    context.font = '700 64px "Noto Sans Ethiopic"'
    const own = context.measureText(text).width
    context.font = '700 64px serif'
    return { own, fallback: context.measureText(text).width }
  }, proverb.proverb)
  expect(widths.own).not.toBe(widths.fallback)

  // Offline, once the worker holds the app: the same card, from the device alone.
  await waitForWorker(page)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
  await context.setOffline(true)
  const offline = await saveCard(page)
  expect([offline.width, offline.height]).toEqual([1200, 630])
  expect(lightPixels(offline, 100, 260)).toBeGreaterThan(2000)
  await context.setOffline(false)
})
