import { expect, test } from './fixtures'
import fs from 'node:fs'
import type { Proverb } from '../../src/core/proverbs/contract'
import { EXPORT_COLUMNS } from '../../src/core/proverbs/open-data'
import type { RunningServer } from '../support/server-process'
import { deviceHasProverb, goOffline, OFFLINE_MODES, serverPerJourney, waitForWorker } from './offline-support'
import { expectNoAxeViolations, PHONES } from './phone'

/** The first proverb of a people, page by page as the API lists them, that the test wants (asked of the server). */
async function firstProverb(baseURL: string, ethnic: string, wanted: (p: Proverb) => boolean, what: string): Promise<Proverb> {
  for (let page = 1; ; page++) {
    const { data } = (await (await fetch(`${baseURL}/api/proverbs/public?ethnic=${ethnic}&size=100&page=${page}`)).json()) as {
      data: Proverb[]
    }
    const proverb = data.find(wanted)
    if (proverb) return proverb
    if (data.length === 0) throw new Error(`no ${ethnic} proverb ${what}`)
  }
}

/**
 * A proverb with cousins among other peoples and among its own, and the first other people's (asked of the server,
 * before anything else).
 */
async function cousinPair(baseURL: string): Promise<{ proverb: Proverb; cousin: NonNullable<Proverb['cousins']>['proverbs'][number] }> {
  const proverb = await firstProverb(
    baseURL,
    'yoruba',
    (p) =>
      Boolean(p.cousins?.proverbs.some((c) => c.ethnic.slug !== 'yoruba') && p.cousins.proverbs.some((c) => c.ethnic.slug === 'yoruba')),
    'has a cousin',
  )
  return { proverb, cousin: proverb.cousins!.proverbs.find((c) => c.ethnic.slug !== 'yoruba')! }
}

/** A Hausa proverb taken from Merrick's 1905 collection, shown in today's spelling with his beside the citation. */
const respelledFromMerrick = (baseURL: string) =>
  firstProverb(
    baseURL,
    'hausa',
    (p) => p.sources.some((s) => s.original && s.author === 'G. Merrick' && s.original !== p.proverb),
    'is respelled from Merrick',
  )

for (const [width, phone] of PHONES) {
  test.describe(`on a ${width} phone`, () => {
    test.use(phone)

    test('a proverb says where it is recorded and shows its cousins among other peoples, which link back to it', async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
      const { proverb, cousin } = await cousinPair(baseURL!)
      await page.goto(`/search_result?proverb=${proverb.slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
      const recorded = page.getByRole('region', { name: 'Recorded in' })
      await expect(recorded.getByRole('listitem')).toHaveCount(proverb.sources.length)
      const cousins = page.getByRole('region', { name: /^The same thought among the / })
      await expect(cousins).toContainText(proverb.cousins!.note)
      await expect(cousins.getByRole('heading')).toContainText(`the ${cousin.ethnic.name}`)
      // Every proverb listed belongs to a people the heading names: one of the proverb's own is named as such.
      await expect(cousins.getByRole('heading')).toContainText(', and elsewhere among the Yoruba')
      const heading = await cousins.getByRole('heading').textContent()
      for (const tag of await cousins.locator('.tag').allTextContents()) expect(heading).toContain(`the ${tag}`)
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await expectNoAxeViolations(page)
      }
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.viewport.width)

      await cousins.getByRole('link', { name: cousin.proverb }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(cousin.proverb)
      await expect(
        page.getByRole('region', { name: /^The same thought among / }).getByRole('link', { name: proverb.proverb }),
      ).toBeVisible()
    })

    test('a proverb respelled from an older collection says so, and shows the collection’s own spelling', async ({
      page,
      context,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
      const proverb = await respelledFromMerrick(baseURL!)
      const book = proverb.sources.find((s) => s.original && s.author)!
      await page.goto(`/search_result?proverb=${proverb.slug}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
      const recorded = page.getByRole('region', { name: 'Recorded in' })
      await expect(recorded.getByText('Spelling modernised')).toBeVisible()
      const item = recorded.getByRole('listitem').filter({ hasText: 'G. Merrick, Hausa Proverbs (1905)' })
      await expect(item).toHaveText(`G. Merrick, Hausa Proverbs (1905), ${book.locator}: “${book.original}”`)
      await expect(item.locator('.provenance__original')).toHaveAttribute('lang', 'ha')
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await expectNoAxeViolations(page)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.viewport.width)
    })
  })
}

test('the about page offers the whole corpus as CSV, with its licence', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await page.goto('/about')
  await expect(page.getByText(/Creative Commons Attribution 4.0/)).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download the corpus as CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^owe-proverbs-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = fs.readFileSync((await file.path())!, 'utf8')
  expect(text.split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(','))
  const { totalElements } = (await (await fetch(`${baseURL}/api/proverbs/public?size=1`)).json()) as { totalElements: number }
  expect(text.trim().split('\r\n')).toHaveLength(totalElements + 1)
})

test.describe('offline', () => {
  let server: RunningServer
  serverPerJourney((started) => (server = started))

  for (const mode of OFFLINE_MODES) {
    test(`${mode}: a proverb read once keeps its sources and its cousins on the device`, async ({ page, context }) => {
      const { proverb } = await cousinPair(server.url)
      await page.goto(`${server.url}/`)
      await waitForWorker(page)
      await page.goto(`${server.url}/search_result?proverb=${proverb.slug}`)
      await expect(page.getByRole('region', { name: /^The same thought among / })).toBeVisible()
      // The page came rendered with its data; the app asks for it again through the worker, which keeps it.
      await expect.poll(() => deviceHasProverb(page, proverb.slug)).toBe(true)

      await goOffline(mode, context, server)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(proverb.proverb)
      await expect(page.getByRole('region', { name: 'Recorded in' }).getByRole('listitem')).toHaveCount(proverb.sources.length)
      const cousins = page.getByRole('region', { name: /^The same thought among / })
      await expect(cousins).toContainText(proverb.cousins!.note)
      for (const cousin of proverb.cousins!.proverbs) await expect(cousins.getByText(cousin.transliteration, { exact: true })).toBeVisible()
      // The way to correct it is still offered.
      await expect(page.getByRole('link', { name: 'Suggest a correction' })).toBeVisible()
    })
  }
})
