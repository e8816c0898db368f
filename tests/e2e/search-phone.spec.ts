import { expect, test, type Page } from './fixtures'
import type { Category, EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import { formatThousands } from '../../src/core/shared/format'
import type { RunningServer } from '../support/server-process'
import { deviceRecords, goOffline, groupsOn, OFFLINE_MODES, serverPerJourney, waitForWorker } from './offline-support'
import { expectNoAxeViolations, PHONES } from './phone'

async function publicGroups(page: Page): Promise<EthnicGroup[]> {
  return ((await (await page.request.get('/api/proverbs/ethnic/public?q=all')).json()) as { data: EthnicGroup[] }).data
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone`, () => {
    test.use(phone)
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
    })

    test('a people’s page opens with who they are, with a source to check, then their proverbs', async ({ page }) => {
      const igbo = (await publicGroups(page)).find((g) => g.slug === 'igbo')!
      expect(igbo.about).toBeDefined()
      await page.goto('/search_result?ethnic=igbo')
      const intro = page.locator('.collection-intro')
      await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Igbo')
      await expect(page).toHaveTitle('Igbo proverbs — Òwe')
      await expect(intro.locator('dt', { hasText: 'Language' }).locator('+ dd')).toHaveText('Igbo')
      await expect(intro.locator('dt', { hasText: 'Where they live' }).locator('+ dd')).toHaveText(
        'South-eastern Nigeria, on both banks of the lower Niger',
      )
      await expect(intro.locator('dt', { hasText: 'Proverbs' }).locator('+ dd')).toHaveText(String(igbo.proverbCount))
      await expect(intro.locator('img')).toHaveAttribute('src', '/img/igbo-scroll.jpeg')
      // The browser takes the AVIF beside the JPEG: a quarter to a third of the bytes.
      await expect(intro.locator('img')).toHaveJSProperty('complete', true)
      expect(await intro.locator('img').evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toBe(
        '/img/igbo-scroll.avif',
      )
      await expect(intro.getByText(igbo.about!.intro)).toBeVisible()
      await expect(intro.getByRole('link', { name: 'Igbo people — Wikipedia' })).toHaveAttribute(
        'href',
        'https://en.wikipedia.org/wiki/Igbo_people',
      )
      // Then the proverbs, all of this people.
      await expect(page.locator('.result-list .proverb-card')).toHaveCount(20)
      for (const tag of await page.locator('.result-list .proverb-card .tag:not(.tag--muted):not(.tag--accent)').allTextContents())
        expect(tag).toBe('Igbo')
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoAxeViolations(page)
    })

    test('a category’s page opens with its name, how many proverbs and what it gathers', async ({ page }) => {
      const categories = ((await (await page.request.get('/api/proverbs/category/public')).json()) as { data: { content: Category[] } })
        .data.content
      const patience = categories.find((c) => c.slug === 'patience')!
      await page.goto('/search_result?category=patience')
      const intro = page.locator('.collection-intro')
      await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Patience')
      await expect(page).toHaveTitle('Patience proverbs — Òwe')
      await expect(intro.getByText(`${patience.proverbCount} proverbs`, { exact: true })).toBeVisible()
      await expect(intro.getByText('On waiting, slow progress and what comes to those who do not rush.')).toBeVisible()
      await expect(page.locator('.result-list .proverb-card').first()).toContainText('Patience')
      await expectNoSidewaysScroll(page)
      await expectNoAxeViolations(page)
    })

    test('“water” puts whole words first, and the words found are marked, tone marks or not', async ({ page }) => {
      await page.goto('/search_result?q=water')
      const cards = page.locator('.result-list .proverb-card')
      await expect(cards.first()).toBeVisible()
      await expect(cards.first().locator('h3')).not.toContainText('Kwaterekwa')
      const firstMarks = await cards.first().locator('mark').allTextContents()
      expect(firstMarks.map((m) => m.toLowerCase())).toContain('water')
      // A proverb found only through the letters inside a word comes after every whole-word match.
      const texts = await cards.locator('h3').allTextContents()
      const kwaterekwa = texts.findIndex((t) => t.startsWith('Kwaterekwa'))
      if (kwaterekwa >= 0) {
        for (const card of (await cards.all()).slice(0, kwaterekwa)) {
          expect((await card.locator('mark').allTextContents()).some((m) => m.toLowerCase() === 'water')).toBe(true)
        }
      }
      await expectNoAxeViolations(page)

      await page.goto('/search_result?q=omo')
      await expect(page.locator('.result-list .proverb-card h3 mark').first()).toBeVisible()
      const marked = (await page.locator('.result-list .proverb-card h3 mark').allTextContents()).map((m) =>
        m.normalize('NFC').toLowerCase(),
      )
      expect(marked).toContain('ọmọ')
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoAxeViolations(page)
    })
  })
}

for (const [name, phone] of PHONES) {
  test.describe(`offline, on a ${name} phone`, () => {
    test.use(phone)
    // A server of its own (it is stopped), which takes a while to seed on a busy machine.
    test.setTimeout(180_000)
    let server: RunningServer
    serverPerJourney((started) => (server = started))

    /** The Yoruba proverbs this device holds, counted in its IndexedDB search entries. */
    const yorubaOnDevice = (page: Page) =>
      page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('owe-offline')
            open.onerror = () => reject(open.error)
            open.onsuccess = () => {
              const request = open.result.transaction('search').objectStore('search').getAll()
              request.onsuccess = () => {
                resolve((request.result as { ethnicSlug: string }[]).filter((e) => e.ethnicSlug === 'yoruba').length)
                open.result.close()
              }
            }
          }),
      )

    for (const mode of OFFLINE_MODES) {
      test(`${mode}: a search answers from what the device holds and says how much that is, and paging stays inside it`, async ({
        page,
        context,
      }) => {
        const groups = await groupsOn(server)
        const yoruba = groups.find((g) => g.slug === 'yoruba')!
        // The page writes counts as people read them: 1,085.
        const everyone = formatThousands(groups.reduce((sum, g) => sum + g.proverbCount, 0))
        const online = (await (await fetch(`${server.url}/api/proverbs/public?ethnic=yoruba&size=20`)).json()) as Paginated<Proverb>
        expect(online.totalPages).toBeGreaterThanOrEqual(3)

        // Two pages of Yoruba proverbs are read online, through the worker, which also keeps home's proverbs of the
        // day (today's and tomorrow's) and trending, whatever page the visit began on.
        await page.goto(`${server.url}/search_result?ethnic=yoruba`)
        await waitForWorker(page)
        await expect.poll(async () => (await deviceRecords(page)).stores.lists).toBe(3)
        await page.reload()
        await expect(page.locator('.result-list .proverb-card')).toHaveCount(20)
        await page.getByRole('button', { name: 'Next' }).click()
        await expect(page.getByText(`Page 2 of ${online.totalPages}`)).toBeVisible()
        // Home's lists hold fewer than 20 proverbs: past 40, both pages are in.
        await expect.poll(() => yorubaOnDevice(page)).toBeGreaterThanOrEqual(40)
        const held = await yorubaOnDevice(page)
        const heldPages = Math.ceil(held / 20)
        const heldOfAll = formatThousands((await deviceRecords(page)).stores.search)

        await goOffline(mode, context, server)
        await page.goto(`${server.url}/search_result?ethnic=yoruba&q=zzz`)
        await expect(
          page.getByText(`No saved proverbs match 'zzz' — ${held} of ${yoruba.proverbCount} Yoruba proverbs are on this device`, {
            exact: true,
          }),
        ).toBeVisible()
        await expect(page.getByText(/Search failed/)).toHaveCount(0)
        await expect(page.getByRole('link', { name: 'Keep Yoruba offline' })).toHaveAttribute('href', '/offline')
        await expectNoAxeViolations(page)

        // Not limited to a people: what the device holds of every people.
        await page.goto(`${server.url}/search_result?q=zzz`)
        await expect(
          page.getByText(`No saved proverbs match 'zzz' — ${heldOfAll} of ${everyone} proverbs are on this device`, { exact: true }),
        ).toBeVisible()
        await expect(page.getByRole('link', { name: 'Choose peoples to keep offline' })).toBeVisible()

        // Results from the device say they are not all there are.
        await page.goto(`${server.url}/search_result?ethnic=yoruba`)
        await expect(
          page.getByText(`Offline, only saved proverbs are shown — ${held} of ${yoruba.proverbCount} Yoruba proverbs are on this device.`),
        ).toBeVisible()

        // A page past what the device holds gives its last page, never "Page 4 of 3".
        await page.goto(`${server.url}/search_result?ethnic=yoruba&page=${heldPages + 1}`)
        await expect(page.getByText(`Page ${heldPages} of ${heldPages}`)).toBeVisible()
        await expect(page).toHaveURL(new RegExp(`page=${heldPages}`))
        await expect(page.locator('.result-list .proverb-card')).toHaveCount(held - 20 * (heldPages - 1))
        await expect(page.getByText(`Page ${heldPages + 1} of`)).toHaveCount(0)
      })
    }
  })
}
