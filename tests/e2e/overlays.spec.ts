import { expect, refuseHearts, test, whenInteractive, type Locator, type Page, type TestInfo } from './fixtures'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ADMIN_SECTIONS } from '../../src/core/admin/sections'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { API } from '../../src/core/http/api-paths'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import type { QuizBatchSummary, QuizData } from '../../src/core/quiz/contract'
import { CLOSE_ADS_LABEL, COOKIE_BANNER_TEXT } from '../../src/core/shared/texts'
import { PUBLIC_CONTENT_ROUTES } from '../support/public-routes'
import type { RunningServer } from '../support/server-process'
import { E2E_STATIC_DIR } from '../support/e2e-env'
import { PASSWORD, useAccount, type Account } from './accounts'
import { accountOn, apiAs, groupsOn, localDate, ownServerWithAdmin, suggestDuplicateOf, waitForWorker } from './offline-support'
import {
  expectCoversNoControl,
  expectCoversNoControlWhileScrolling,
  expectInsideViewport,
  expectNoSidewaysScroll,
  expectNothingPastRightEdge,
  expectWideEnough,
  largeText,
  offerInstall,
  PHONES,
} from './phone'

/**
 * Every menu, popover, panel, dialog, toast and bar the app lays over its pages, as a visitor, a reader and an admin
 * meet them on a phone, in light and dark: each lies inside the screen, is as wide as the screen allows (or as it was
 * designed), lies over no control it should leave free, and leaves the page without sideways scrolling. Then, with the
 * reader's text at 200 %, every page of each of them: nothing ends past the screen's right edge, scrolled or cut off.
 *
 * What may lie over what: a modal (the advert, a confirmation) covers the page, which waits for its answer; a header
 * popover (the bell's panel, the account menu) and a toast lie over the page's content, never over the header or
 * the tab bar; the cookie banner, which stays until answered, lies over nothing anywhere. Home's question on mobile
 * data stands on the tab bar so that nothing moves as it comes: it lies over neither bar, and the page keeps room at
 * its end for it, so every control scrolls clear of it. The share buttons hand over to the phone's own share sheet, and installing to the browser's own prompt.
 */

/** What scrolls sideways on purpose: home's carousel of today's proverbs, and tables in their own frames. */
const SCROLLERS = ['.today-strip', '.admin-table-wrap', '.payment-history', '.leaderboard-frame']

const HEADER_AND_TABS = 'header.site-header, nav.tab-bar'

/** A phone on mobile data with Data Saver on (keep-by-default.spec.ts): home asks before keeping the reader's peoples. */
const METERED = `{
  const connection = { saveData: true, type: 'cellular', effectiveType: '4g', addEventListener() {}, removeEventListener() {} }
  Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection })
}`

let server: RunningServer
let admin: Account
let appDir: string

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // A private copy of the built app: a new version is made by changing its worker.
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-overlays-'))
  fs.cpSync(E2E_STATIC_DIR, appDir, { recursive: true })
  ;({ server, admin } = await ownServerWithAdmin({ env: { OWE_STATIC_DIR: appDir } }))
})
test.afterAll(async () => {
  await server?.stop()
  if (appDir) fs.rmSync(appDir, { recursive: true, force: true })
})

/** Keeps a picture of the screen with the report. */
async function keep(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ scale: 'css' }), contentType: 'image/png' })
}

/** What every overlay owes the page: inside the screen, wide enough, and no sideways scrolling. */
async function expectFits(page: Page, overlay: Locator, designed?: number): Promise<void> {
  await expect(() => expectInsideViewport(page, overlay)).toPass({ timeout: 5_000 })
  await expectWideEnough(page, overlay, designed)
  await expectNoSidewaysScroll(page)
}

/** A modal lies over the whole page, the tab bar too: its backdrop answers at the bar's centre. */
async function expectModalOnTop(page: Page, overlay: string): Promise<void> {
  const bar = (await page.locator('nav.tab-bar').boundingBox())!
  const onTop = await page.evaluate(
    `document.elementFromPoint(${bar.x + bar.width / 2}, ${bar.y + bar.height / 2})?.closest(${JSON.stringify(overlay)}) !== null`,
  )
  expect(onTop, `${overlay} lies over the tab bar`).toBe(true)
}

const rem = (page: Page, n: number) => page.evaluate((count) => count * parseFloat(getComputedStyle(document.documentElement).fontSize), n)

async function cookieBanner(page: Page, testInfo: TestInfo): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookie consent' })
  await expect(banner.locator('p')).toHaveText(COOKIE_BANNER_TEXT)
  await expectFits(page, banner)
  await expectCoversNoControlWhileScrolling(page, '.cookie-banner')
  await keep(page, testInfo, 'cookie banner')
  await banner.getByRole('button', { name: 'Allow cookies' }).tap()
  await expect(banner).toBeHidden()
}

async function accountMenu(page: Page, testInfo: TestInfo, item: string): Promise<void> {
  await page.getByRole('button', { name: /^Account: / }).tap()
  const menu = page.locator('.account-menu__list')
  await expect(menu.getByRole('link', { name: item })).toBeVisible()
  await expectFits(page, menu, await rem(page, 12))
  await expectCoversNoControl(page, '.account-menu__list', HEADER_AND_TABS)
  await keep(page, testInfo, 'account menu')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
}

async function bellPanel(page: Page, testInfo: TestInfo): Promise<void> {
  await page.getByRole('button', { name: /^Notifications/ }).tap()
  const panel = page.getByRole('region', { name: 'Latest notifications' })
  await expect(panel.getByRole('link', { name: 'See all notifications' })).toBeVisible()
  await expect(panel.getByText(/Loading/)).toHaveCount(0)
  await expectFits(page, panel)
  await expectCoversNoControl(page, '.bell__panel', HEADER_AND_TABS)
  await keep(page, testInfo, 'notifications panel')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
}

async function toast(page: Page, testInfo: TestInfo, text: string | RegExp, name: string): Promise<void> {
  const shown = page.locator('.Toastify__toast').filter({ hasText: text })
  await expect(shown).toBeVisible()
  // Measured where it comes to rest, once it has slid in.
  await shown.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)))
  await expectFits(page, shown)
  await expectCoversNoControl(page, '.Toastify__toast-container', HEADER_AND_TABS)
  await keep(page, testInfo, name)
}

/** A possible duplicate waiting for an admin, from a suggester of its own name. */
async function suggestDuplicate(): Promise<string> {
  const list = (await (await fetch(`${server.url}${API.proverbsPublic}?q=&page=1&size=50`)).json()) as Paginated<Proverb>
  const name = `Ada${Math.random().toString(16).slice(2, 6)}`
  await suggestDuplicateOf(
    server,
    list.data.find((p) => p.proverb.endsWith('.'))!,
    name,
  )
  return name
}

for (const [name, phone] of PHONES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`on a ${name} phone, ${colorScheme}`, () => {
      test.use({ ...phone, colorScheme })

      test('a visitor’s cookie banner and install button', async ({ page }, testInfo) => {
        await page.goto(`${server.url}/`)
        await expect(page.locator('.today-card').first()).toBeVisible()
        await offerInstall(page)
        const install = page.getByRole('button', { name: 'Install Òwe' })
        await expect(install).toBeVisible()
        await expectInsideViewport(page, install)
        await expectCoversNoControl(page, '.install-button', HEADER_AND_TABS)
        await cookieBanner(page, testInfo)
        await expectNoSidewaysScroll(page)
        await keep(page, testInfo, 'install button')
      })

      test('a reader’s advert, cookie banner, question on mobile data, panel, menu, toasts and update prompt', async ({
        page,
        context,
      }, testInfo) => {
        test.setTimeout(90_000)
        const yoruba = (await groupsOn(server)).find((g) => g.slug === 'yoruba')!
        const reader = await accountOn(server, [yoruba.id])
        await context.addInitScript(METERED)
        await useAccount(context, server.url, reader, { adverts: true })
        await context.clearCookies({ name: 'cookieConsent' })
        await page.goto(`${server.url}/`)

        const advert = page.getByRole('dialog', { name: 'Advertisement' })
        await expect(advert.getByRole('button', { name: CLOSE_ADS_LABEL })).toBeVisible()
        await expectFits(page, advert)
        await expectWideEnough(page, page.locator('.advert'), await rem(page, 40))
        await expectModalOnTop(page, '.advert-overlay')
        await keep(page, testInfo, 'advert')
        await advert.getByRole('button', { name: CLOSE_ADS_LABEL }).tap()
        await expect(advert).toBeHidden()

        await cookieBanner(page, testInfo)

        const question = page.getByRole('region', { name: 'Keeping your peoples on this phone' })
        await expect(question.getByRole('button', { name: /^Keep Yoruba on this phone/ })).toBeVisible()
        await expectFits(page, question)
        await expectCoversNoControl(page, '.keep-offer', HEADER_AND_TABS)
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))
        await expectCoversNoControl(page, '.keep-offer')
        await page.evaluate(() => window.scrollTo(0, 0))
        await keep(page, testInfo, 'question on mobile data')
        await question.getByRole('button', { name: 'Not now' }).tap()
        await toast(page, testInfo, 'Yoruba stay online for now.', 'toast')

        await bellPanel(page, testInfo)
        await accountMenu(page, testInfo, 'Offline reading')

        await refuseHearts(context, 'No proverb has that id.')
        const heart = page
          .locator('.today-card')
          .first()
          .getByRole('button', { name: /^Favourite:/ })
        await whenInteractive(heart)
        await heart.tap()
        await toast(page, testInfo, 'A favourite or like could not be sent', 'error toast')

        // A new version of the app: its worker changes on the server.
        await waitForWorker(page)
        const worker = path.join(appDir, 'firebase-messaging-sw.js')
        fs.appendFileSync(worker, `\n// the next version: ${testInfo.testId}\n`)
        for (const stale of ['.br', '.gz']) fs.rmSync(`${worker}${stale}`, { force: true })
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
        await toast(page, testInfo, 'A new version of Òwe is ready.', 'update prompt')
      })

      test('an admin’s confirmation, panel and menu', async ({ page, context }, testInfo) => {
        await useAccount(context, server.url, admin)
        const suggester = await suggestDuplicate()
        await page.goto(`${server.url}/admin/suggestions`)
        const card = page.getByRole('article').filter({ hasText: suggester })
        await card.getByRole('button', { name: 'Approve and publish' }).tap()
        const dialog = page.getByRole('dialog', { name: ADMIN_TEXTS.duplicateTitle })
        await expect(dialog).toBeVisible()
        await expectFits(page, dialog, await rem(page, 32))
        await expectModalOnTop(page, 'dialog')
        await keep(page, testInfo, 'confirmation')
        await dialog.getByRole('button', { name: ADMIN_TEXTS.cancel }).tap()
        await expect(dialog).toBeHidden()

        await bellPanel(page, testInfo)
        await accountMenu(page, testInfo, 'Admins')
      })
    })
  }
}

/** The page has drawn what it came for: its heading, and nothing still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

/** Each page, at 200 % text: nothing past the right edge and no sideways scrolling (all pages, then the verdict). */
async function sweep(page: Page, paths: string[]): Promise<void> {
  for (const where of paths) {
    await page.goto(`${server.url}${where}`)
    await settled(page)
    await expect.soft(() => expectNothingPastRightEdge(page, SCROLLERS), where).toPass({ timeout: 1_000 })
    await expect.soft(() => expectNoSidewaysScroll(page), where).toPass({ timeout: 1_000 })
  }
}

/** The tab bar's six labels each stay within their own tab, whatever the text size. */
async function expectTabLabelsApart(page: Page): Promise<void> {
  for (const tab of await page.locator('.tab-bar__tab').all()) {
    const box = (await tab.boundingBox())!
    const label = (await tab.locator('span:not(.tab-bar__badge)').last().boundingBox())!
    expect(label.x, await tab.innerText()).toBeGreaterThanOrEqual(box.x)
    expect(label.x + label.width, await tab.innerText()).toBeLessThanOrEqual(box.x + box.width + 0.5)
  }
}

async function proverbSlug(): Promise<string> {
  const list = (await (await fetch(`${server.url}${API.proverbsPublic}?ethnic=yoruba&size=1&page=1`)).json()) as Paginated<Proverb>
  return list.data[0].slug
}

/** The reader's week: one quiz left to play, one finished (through the API). */
async function quizzes(reader: Account): Promise<{ playing: number; finished: number }> {
  const week = await apiAs<QuizBatchSummary[]>(server, reader, 'GET', `/quiz-batch/user/week?currentDate=${localDate()}`)
  const [quiz] = await apiAs<QuizData[]>(server, reader, 'GET', `/api/quiz/all/${week[1].batchId}`)
  for (const q of quiz.questions)
    await apiAs(server, reader, 'POST', '/quiz_attempt/submit-single', {
      batchId: week[1].batchId,
      ethnicFactQuestionId: q.ethnicfactQuestionId,
      answerOptionId: q.answerOptions[0].id,
    })
  await apiAs(server, reader, 'POST', `/quiz-batch/update_attempt/${week[1].batchId}`)
  return { playing: week[0].batchId, finished: week[1].batchId }
}

for (const [name, phone] of PHONES) {
  test.describe(`at 200 % text on a ${name} phone`, () => {
    test.use(phone)
    test.beforeEach(async ({ context }) => {
      await largeText(context)
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: server.url }])
    })

    test('every public page fits the screen, and sign-up’s plans', async ({ page }) => {
      test.setTimeout(90_000)
      const slug = await proverbSlug()
      await sweep(page, [
        ...PUBLIC_CONTENT_ROUTES,
        `/search_result?proverb=${slug}`,
        `/suggest_correction?proverb=${slug}`,
        '/auth/forget_password',
        '/404',
        '/test',
      ])
      await expectTabLabelsApart(page)
      // Sign-up's plans are its third step.
      await page.goto(`${server.url}/auth/signup`)
      await page.getByLabel('First name', { exact: true }).fill('Ngozi')
      await page.getByLabel('Last name', { exact: true }).fill('Eze')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByLabel('Email', { exact: true }).fill(`plans-${Date.now()}@example.com`)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByRole('radio', { name: /^Free — / })).toBeVisible()
      await expectNothingPastRightEdge(page, SCROLLERS)
      await expectNoSidewaysScroll(page)
    })

    test('every page of a signed-in reader fits the screen', async ({ page, context }) => {
      test.setTimeout(90_000)
      const yoruba = (await groupsOn(server)).find((g) => g.slug === 'yoruba')!
      const reader = await accountOn(server, [yoruba.id])
      await apiAs(server, reader, 'POST', API.notificationTest)
      const { playing, finished } = await quizzes(reader)
      await useAccount(context, server.url, reader)
      await sweep(page, [
        '/',
        '/profile',
        '/favourites',
        '/offline',
        '/quiz',
        `/quiz/${playing}`,
        `/quiz/${finished}/submit`,
        '/learn',
        '/learn/progress',
        '/notifications',
        '/pricing',
        '/register_payment_success',
      ])
      await page.goto(`${server.url}/notifications`)
      await page.locator('.notification-item').first().click()
      await settled(page)
      await expect.soft(() => expectNothingPastRightEdge(page, SCROLLERS), 'a notification').toPass({ timeout: 2_000 })
    })

    test('every section of the admins’ console fits the screen', async ({ page, context }) => {
      test.setTimeout(90_000)
      await useAccount(context, server.url, admin)
      await sweep(
        page,
        ADMIN_SECTIONS.map((section) => `/admin/${section.path}`),
      )
    })
  })
}
