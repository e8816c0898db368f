import { chromium, SIGNING_OUT, expectProblems, expect, test } from './fixtures'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Proverb } from '../../src/core/proverbs/contract'
import { DELIVERY_TEXTS } from '../../src/core/shared/delivery'
import { CHROMIUM_ARGS } from '../../playwright.config'
import type { RunningServer } from '../support/server-process'
import { useAccount } from './accounts'
import {
  accountOn,
  deviceRecords,
  goOffline,
  groupProverbs,
  groupsOn,
  localDate,
  OFFLINE_MODES,
  packRow,
  readerWithPack,
  serverPerJourney,
  toneFreeWord,
  waitForWorker,
} from './offline-support'

// Every journey stops being online, so each runs on a server of its own.
let server: RunningServer
serverPerJourney((started) => (server = started))

async function todaysProverbs(): Promise<Proverb[]> {
  return ((await (await fetch(`${server.url}/api/proverbs/today?date=${localDate()}`)).json()) as { data: Proverb[] }).data
}

const savedCopyNotice = /Showing proverbs saved on this device (just now|\d+ minutes? ago)\./

for (const mode of OFFLINE_MODES) {
  test.describe(`${mode}:`, () => {
    test('after one visit online, a reader browses groups, opens proverbs and searches without tone marks', async ({ page, context }) => {
      const today = await todaysProverbs()
      const yoruba = today.find((p) => p.ethnic.slug === 'yoruba')!
      await page.goto(`${server.url}/`)
      await expect(page.locator('.today-card')).toHaveCount(8)
      await waitForWorker(page)
      // What the first visit showed before the worker took over is asked again through it, and kept.
      await expect.poll(async () => (await deviceRecords(page)).stores.groups).toBe(8)

      await goOffline(mode, context, server)
      await page.reload()
      await expect(page.getByRole('status').filter({ hasText: savedCopyNotice })).toBeVisible()
      if (mode === 'browser offline') await expect(page.getByRole('status').filter({ hasText: "You're offline." })).toBeVisible()
      await expect(page.locator('.today-card')).toHaveCount(8)
      await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Trending' }) }).locator('.proverb-card')).toHaveCount(
        6,
      )
      await expect(page.locator('.group-card')).toHaveCount(8)

      // Browse a group: what this device has seen of it is there.
      await page.getByRole('link', { name: /^Yoruba\s+Yoruba/ }).click()
      await expect(page).toHaveURL(/ethnic=yoruba/)
      const card = page.locator('.result-list .proverb-card', { hasText: yoruba.proverb })
      await expect(card).toBeVisible()
      await card.getByRole('link').first().click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(yoruba.proverb)
      await expect(page.getByText(yoruba.interpretation)).toBeVisible()

      // Search with the tone marks left out, the way people type on a phone.
      const word = toneFreeWord(yoruba)
      expect(word).toMatch(/^[a-z]+$/)
      expect(yoruba.proverb.toLowerCase()).not.toContain(word)
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search' }).click()
      await page.getByRole('searchbox', { name: 'Words' }).fill(word)
      await page.getByRole('searchbox', { name: 'Words' }).press('Enter')
      await expect(page).toHaveURL(new RegExp(`q=${word}`))
      await expect(page.locator('.result-list .proverb-card', { hasText: yoruba.proverb })).toBeVisible()
    })

    test('the reader’s people, kept without being asked, is readable offline, every proverb of the group', async ({ page, context }) => {
      const igbo = (await groupsOn(server)).find((g) => g.slug === 'igbo')!
      const account = await accountOn(server, [igbo.id])
      await useAccount(context, server.url, account)
      const expected = await groupProverbs(server, 'igbo')
      expect(expected.length).toBe(igbo.proverbCount)

      await page.goto(`${server.url}/offline`)
      await waitForWorker(page)
      const row = packRow(page, 'Igbo')
      await expect(row.getByText('Came with your plan')).toBeVisible({ timeout: 30_000 })
      await expect(row.getByText(new RegExp(`^Ready offline · ${expected.length} proverbs · [\\d.]+ KB · updated just now`))).toBeVisible({
        timeout: 30_000,
      })
      await expect(page.getByText(/This device: .* used of .* available to Òwe/)).toBeVisible()

      await goOffline(mode, context, server)
      await page.goto(`${server.url}/search_result?ethnic=igbo`)
      await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${expected.length} proverbs`) })).toBeVisible()
      // Every proverb of the group opens from the device.
      const answers = await page.evaluate(
        (slugs) =>
          Promise.all(
            slugs.map(async (slug) => {
              const res = await fetch(`/api/proverbs/public/${encodeURIComponent(slug)}`)
              return {
                status: res.status,
                offline: res.headers.get('X-Owe-Offline'),
                slug: ((await res.json()) as { data: { slug: string } }).data.slug,
              }
            }),
          ),
        expected.map((p) => p.slug),
      )
      for (const [i, answer] of answers.entries()) {
        expect(answer).toMatchObject({ status: 200, slug: expected[i].slug })
        expect(answer.offline).toMatch(/^\d{4}-\d\d-\d\dT/)
      }
      const last = expected[expected.length - 1]
      await page.goto(`${server.url}/search_result?proverb=${last.slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.proverb)
      // The pack's scroll image comes from the device too, both its files, and the page shows it.
      expect(await page.evaluate(async () => (await fetch('/img/igbo-scroll.jpeg')).status)).toBe(200)
      expect(await page.evaluate(async () => (await fetch('/img/igbo-scroll.avif')).status)).toBe(200)
      await page.goto(`${server.url}/search_result?ethnic=igbo`)
      const art = page.locator('.collection-intro img')
      await expect(art).toHaveJSProperty('complete', true)
      expect(await art.evaluate((image: HTMLImageElement) => [image.naturalWidth, new URL(image.currentSrc).pathname])).toEqual([
        960,
        '/img/igbo-scroll.avif',
      ])
    })

    test('logging out removes the user’s private data and pack from the device', async ({ page, context }) => {
      const { account } = await readerWithPack(page, context, server, 'hausa')
      await page.goto(`${server.url}/`)
      await expect(page.locator('.today-card')).toHaveCount(8)
      await expect.poll(async () => (await deviceRecords(page)).privateUsers).toEqual([account.user.id])
      const before = await deviceRecords(page)
      expect(before.packUsers).toEqual([account.user.id])
      expect(before.owner).toMatchObject({ userId: account.user.id })

      await goOffline(mode, context, server)
      await page.getByRole('button', { name: /^Account:/ }).click()
      expectProblems(SIGNING_OUT)
      await page.getByRole('button', { name: 'Log out' }).click()
      await expect(page).toHaveURL(/\/auth\/login/)
      await expect.poll(async () => (await deviceRecords(page)).owner).toBeNull()
      const after = await deviceRecords(page)
      expect(after.privateUsers).toEqual([])
      expect(after.packUsers).toEqual([])
      // What only the pack held went with it; what the home page showed stays for the next reader.
      expect(after.stores.proverbs).toBeLessThan(before.stores.proverbs)
      expect(after.stores.proverbs).toBeGreaterThan(0)
      expect(after.stores.search).toBe(after.stores.proverbs)
    })

    test('after a browser restart, a persistent profile still opens offline', async () => {
      const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-profile-'))
      const launch = () =>
        chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
      try {
        let context = await launch()
        await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
        let page = await context.newPage()
        await page.goto(`${server.url}/`)
        await expect(page.locator('.today-card')).toHaveCount(8)
        await waitForWorker(page)
        await expect.poll(async () => (await deviceRecords(page)).stores.lists).toBeGreaterThan(0)
        await context.close()

        if (mode === 'server stopped') await server.stop()
        context = await launch()
        if (mode === 'browser offline') await context.setOffline(true)
        page = context.pages()[0] ?? (await context.newPage())
        await page.goto(`${server.url}/`)
        // Playwright emulates offline only in workers it knew when told: a worker restarted with the browser
        // is told again once it runs (its first fetches may have gone out), then the page opens afresh.
        if (mode === 'browser offline') {
          await waitForWorker(page)
          await context.setOffline(false)
          await context.setOffline(true)
          await page.reload()
        }
        await expect(page.getByRole('heading', { level: 1, name: 'Proverbs of eight African peoples' })).toBeVisible()
        await expect(page.locator('.today-card')).toHaveCount(8)
        await expect(page.getByRole('status').filter({ hasText: savedCopyNotice })).toBeVisible()
        await context.close()
      } finally {
        fs.rmSync(profile, { recursive: true, force: true })
      }
    })
  })
}

test('offline, the profile’s forms say they need the network, a heart is kept to send, and a pack can still be removed', async ({
  page,
  context,
}) => {
  const { account, row } = await readerWithPack(page, context, server, 'zulu')
  // The groups the user reads are kept in the persisted cache (written within a second), for offline.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('owe-query-cache') ?? '')).toContain('ethnic-logged')
  await page.goto(`${server.url}/`)
  await expect(page.locator('.today-card')).toHaveCount(8)
  await page.goto(`${server.url}/profile`)
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName)

  await context.setOffline(true)
  const personal = page.getByRole('form', { name: 'Personal info' })
  await expect(
    personal.getByText("You're offline. Sending this form needs a connection; what you typed stays here until you're back."),
  ).toBeVisible()
  await expect(personal.getByRole('button', { name: 'Save personal info' })).toBeDisabled()

  // A heart is kept on the phone at once and says it waits for the connection (docs/decisions/020-one-delivery-engine.md).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  const heart = page
    .locator('.today-card')
    .first()
    .getByRole('button', { name: /^Favourite:/ })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: DELIVERY_TEXTS.saved }).first()).toBeVisible()

  await page.getByRole('button', { name: /^Account:/ }).click()
  await page.getByRole('link', { name: 'Offline reading' }).click()
  await expect(page.getByText("You're offline. Downloading a pack needs a connection; your packs still open.")).toBeVisible()
  await expect(row.getByRole('button', { name: 'Update now' })).toBeDisabled()
  await row.getByRole('button', { name: 'Remove Zulu' }).click()
  await expect(page.getByText('Zulu is no longer kept on this device.')).toBeVisible()
  await expect(row.getByText('Not on this device: you removed it.')).toBeVisible()
  await expect(row.getByRole('button', { name: /^Keep Zulu offline/ })).toBeDisabled()
  expect((await deviceRecords(page)).packUsers).toEqual([])

  await context.setOffline(false)
  await expect(page.getByText("You're offline.", { exact: false })).toHaveCount(0)
  await expect(row.getByRole('button', { name: /^Keep Zulu offline/ })).toBeEnabled()
  // Removed by the reader, it is not kept again on its own when the app opens online.
  await page.reload()
  await expect(row.getByText('Not on this device: you removed it.')).toBeVisible()
  await waitForWorker(page)
  await page.waitForTimeout(1000)
  expect((await deviceRecords(page)).packUsers).toEqual([])
})
