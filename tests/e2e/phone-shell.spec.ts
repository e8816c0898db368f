import { expect, refuseHearts, test, whenInteractive, type Locator, type Page } from './fixtures'
import { PNG } from 'pngjs'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { COOKIE_BANNER_TEXT } from '../../src/core/shared/texts'
import { createAccount, useAccount, type Account } from './accounts'
import { waitForWorker } from './offline-support'
import {
  expectInsideViewport,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  expectWideEnough,
  offerInstall,
  PHONE_360,
  PHONE_390,
  PHONES,
} from './phone'

/**
 * The shell on a phone: a one-row header, a bottom tab bar (Home, Search, Quiz, Learn, Saved, Me) and every
 * menu, popover and dialog inside the screen; nothing that sits at the bottom is hidden by the bar.
 */

const tabBar = (page: Page) => page.locator('nav.tab-bar')
const tab = (page: Page, label: string) => tabBar(page).getByRole('link', { name: label, exact: true })
const header = (page: Page) => page.locator('header.site-header')
const TABS = ['Home', 'Search', 'Quiz', 'Learn', 'Saved', 'Me'] as const

/** One row: the tallest thing in it (the 44 px avatar or bell) and a little padding. */
const ONE_ROW_MAX = 64

async function withConsent(page: Page, baseURL: string) {
  await page.context().addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL }])
}

async function signedIn(page: Page, baseURL: string, request: Parameters<typeof createAccount>[0], adverts = false): Promise<Account> {
  const account = await createAccount(request)
  await useAccount(page.context(), baseURL, account, { adverts })
  return account
}

async function expectMarked(page: Page, label: string) {
  for (const other of TABS) {
    if (other === label) await expect(tab(page, other)).toHaveAttribute('aria-current', 'page')
    else await expect(tab(page, other)).not.toHaveAttribute('aria-current', 'page')
  }
}

/** The element's bottom edge is at or above the tab bar's top edge. */
async function expectAboveBar(page: Page, element: Locator) {
  const bar = await tabBar(page).boundingBox()
  const box = await element.boundingBox()
  expect(bar).not.toBeNull()
  expect(box).not.toBeNull()
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 0.5)
}

async function firstProverbSlug(request: Parameters<typeof createAccount>[0]): Promise<string> {
  const body = (await (await request.get('/api/proverbs/public?ethnic=yoruba&size=1&page=1')).json()) as Paginated<Proverb>
  return body.data[0].slug
}

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone`, () => {
    test.use(phone)

    test('a visitor’s header is one row: the logo and signing in; the rest of the navigation is the tab bar', async ({ page, baseURL }) => {
      await withConsent(page, baseURL!)
      await page.goto('/')
      await expect(page.locator('.today-card').first()).toBeVisible()
      await expect(header(page).getByRole('link', { name: 'Òwe, home' })).toBeVisible()
      await expect(header(page).getByRole('link', { name: 'Sign in' })).toBeVisible()
      expect((await header(page).boundingBox())!.height).toBeLessThanOrEqual(ONE_ROW_MAX)
      await expect(tabBar(page)).toBeVisible()
      for (const label of TABS) await expectInsideViewport(page, tab(page, label))
      await expectMarked(page, 'Home')
    })

    test('a signed-in reader’s header is one row; the account menu opens inside the screen, the notifications across it', async ({
      page,
      baseURL,
      request,
    }) => {
      await signedIn(page, baseURL!, request)
      await page.goto('/')
      const account = page.getByRole('button', { name: /^Account: / })
      const bell = page.getByRole('button', { name: /^Notifications/ })
      await expect(account).toBeVisible()
      await expect(bell).toBeVisible()
      expect((await header(page).boundingBox())!.height).toBeLessThanOrEqual(ONE_ROW_MAX)

      await account.click()
      const menu = page.locator('.account-menu__list')
      await expect(menu.getByRole('link', { name: 'Offline reading' })).toBeVisible()
      await expectInsideViewport(page, menu)
      await page.keyboard.press('Escape')
      await expect(menu).toBeHidden()

      await bell.tap()
      const dropdown = page.getByRole('region', { name: 'Latest notifications' })
      const seeAll = dropdown.getByRole('link', { name: 'See all notifications' })
      await expect(seeAll).toBeVisible()
      // A new reader has none — unless the week's quiz notice went out meanwhile (the scheduler sends it to every
      // reader, so a run across a Monday can see it): the layout is what is checked, with whatever the list holds.
      const empty = dropdown.getByText('No notifications yet')
      await expect(empty.or(dropdown.getByRole('listitem').first())).toBeVisible()
      await expectInsideViewport(page, dropdown)
      // Below the header and across the screen, its words on one line each; the tab bar keeps its labels.
      await expectWideEnough(page, dropdown)
      for (const line of (await empty.count()) ? [empty, seeAll] : [seeAll]) {
        const lines = await line.evaluate((element) => {
          const range = document.createRange()
          range.selectNodeContents(element)
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size
        })
        expect(lines).toBe(1)
      }
      expect((await dropdown.boundingBox())!.y).toBeGreaterThanOrEqual((await header(page).boundingBox())!.y + 40)
      await expectNoSidewaysScroll(page)
      for (const label of TABS) await expectInsideViewport(page, tab(page, label).getByText(label, { exact: true }))
    })

    test('every tab opens its page by touch, marked as the current one, with a target of at least 48 px', async ({
      page,
      baseURL,
      request,
    }) => {
      await signedIn(page, baseURL!, request)
      await page.goto('/')
      await expect(tabBar(page)).toBeVisible()
      const expected: Record<(typeof TABS)[number], RegExp> = {
        Search: /\/search_result$/,
        Quiz: /\/quiz$/,
        // A new reader's deck is empty: nothing due, so the tab's name is just "Learn".
        Learn: /\/learn$/,
        Saved: /\/favourites$/,
        Me: /\/profile$/,
        Home: /\/$/,
      }
      for (const label of ['Search', 'Quiz', 'Learn', 'Saved', 'Me', 'Home'] as const) {
        const box = (await tab(page, label).boundingBox())!
        expect(box.height).toBeGreaterThanOrEqual(48)
        expect(box.width).toBeGreaterThanOrEqual(48)
        await tab(page, label).tap()
        await expect(page).toHaveURL(expected[label])
        await expectMarked(page, label)
      }
      // Offline reading is one of the reader's saved things too.
      await page.goto('/offline')
      await expectMarked(page, 'Saved')
    })

    test('a visitor reaches every tab from the keyboard; Quiz leads to signing in and stays marked', async ({ page, baseURL }) => {
      await withConsent(page, baseURL!)
      await page.goto('/')
      await expect(page.locator('.today-card').first()).toBeVisible()
      // The bar closes the page's tab order: backwards from the start, Me comes first.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
      for (const label of [...TABS].reverse()) {
        await page.keyboard.press('Shift+Tab')
        await expect(tab(page, label)).toBeFocused()
      }
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/$/)

      await tab(page, 'Quiz').focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/auth\/login$/)
      await expectMarked(page, 'Quiz')
      await tab(page, 'Me').focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectMarked(page, 'Me')
    })

    test('the cookie banner, a toast and the end of the page sit above the tab bar', async ({ page, baseURL, request }) => {
      // The toast comes from a favourite the server is made to refuse.
      await page.goto('/')
      const banner = page.getByRole('region', { name: 'Cookie consent' })
      await expect(banner).toContainText(COOKIE_BANNER_TEXT)
      await expectAboveBar(page, banner)
      await expectInsideViewport(page, banner)
      await banner.getByRole('button').first().click()

      await signedIn(page, baseURL!, request)
      await refuseHearts(page.context(), 'No proverb has that id.')
      await page.goto('/')
      const heart = page
        .locator('.today-card')
        .first()
        .getByRole('button', { name: /^Favourite:/ })
      // Pressed on the server's page before the app takes it over, the heart would do nothing.
      await whenInteractive(heart)
      await heart.click()
      const toast = page.getByRole('alert').filter({ hasText: 'A favourite or like could not be sent' })
      await expect(toast).toBeVisible()
      await expectAboveBar(page, toast)
      // Once it has slid in.
      await expect(() => expectInsideViewport(page, toast)).toPass()

      // The last thing on the page scrolls clear of the bar.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await expectAboveBar(page, page.locator('.site-footer > p'))
    })

    test('an advert covers the bar and fits the screen', async ({ page, baseURL, request }) => {
      await withConsent(page, baseURL!)
      await signedIn(page, baseURL!, request, true)
      await page.goto('/')
      const advert = page.getByRole('dialog', { name: 'Advertisement' })
      await expect(advert).toBeVisible()
      await expectInsideViewport(page, advert)
      const bar = (await tabBar(page).boundingBox())!
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('.advert-overlay') !== null,
        [bar.x + bar.width / 2, bar.y + bar.height / 2],
      )
      expect(onTop).toBe(true)
    })
  })
}

test.describe('at 390 px, light and dark', () => {
  test.use(PHONE_390)

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the home page, a proverb and the profile, with the tab bar (${scheme})`, async ({
      page,
      baseURL,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme })
      await signedIn(page, baseURL!, request)
      await withConsent(page, baseURL!)
      await page.goto('/')
      await expect(page.locator('.today-card').first()).toBeVisible()
      await expect(tabBar(page)).toBeVisible()
      await page.screenshot({ path: `/tmp/phone-shell-home-${scheme}.png` })
      await expectNoAxeViolations(page)

      await page.goto(`/search_result?proverb=${await firstProverbSlug(request)}`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectMarked(page, 'Search')
      await page.screenshot({ path: `/tmp/phone-shell-proverb-${scheme}.png` })
      await expectNoAxeViolations(page)

      await page.goto('/profile')
      await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
      await expectMarked(page, 'Me')
      await page.getByRole('button', { name: /^Account: / }).click()
      await page.screenshot({ path: `/tmp/phone-shell-profile-${scheme}.png` })
      await expectNoAxeViolations(page)
    })
  }

  test('the profile picture shows offline', async ({ page, baseURL, request }) => {
    const account = await signedIn(page, baseURL!, request)
    const png = new PNG({ width: 64, height: 64 })
    for (let i = 0; i < png.data.length; i += 4) png.data.set([31, 42, 90, 255], i)
    const upload = await request.post('/api/user/profile/picture', {
      headers: { Authorization: `Bearer ${account.token}` },
      multipart: { picture: { name: 'me.png', mimeType: 'image/png', buffer: PNG.sync.write(png) } },
    })
    expect(upload.ok()).toBe(true)
    await withConsent(page, baseURL!)
    await page.goto('/')
    await waitForWorker(page)
    const picture = page.getByRole('button', { name: /^Account: / }).locator('img')
    await expect(picture).toBeVisible()

    await page.context().setOffline(true)
    await page.reload()
    await expect(page.locator('.connection-status')).toContainText('offline')
    await expect(picture).toBeVisible()
    expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64)
    await expect(page.getByTestId('avatar-initials')).toHaveCount(0)
  })
})

test('on a desktop the header keeps its navigation and the tab bar is hidden', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await withConsent(page, baseURL!)
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toHaveCount(1)
  for (const label of ['Home', 'Search', 'Pricing', 'About'])
    await expect(header(page).getByRole('link', { name: label, exact: true })).toBeVisible()
  await expect(tabBar(page)).toBeHidden()
})

test.describe('installed on a 390 px phone', () => {
  test.use(PHONE_390)

  test('the installed app keeps its chrome still and clear of the status bar', async ({ page, baseURL }) => {
    await withConsent(page, baseURL!)
    await page.goto('/')
    await expect(tabBar(page)).toBeVisible()
    // Chromium cannot emulate an installed window: the stylesheet's rules for one are switched on instead.
    const switchedOn = await page.evaluate(() => {
      let count = 0
      for (const sheet of Array.from(document.styleSheets))
        for (const rule of Array.from(sheet.cssRules))
          if (rule instanceof CSSMediaRule && rule.media.mediaText === '(display-mode: standalone)') {
            rule.media.mediaText = 'all'
            count++
          }
      return count
    })
    expect(switchedOn).toBeGreaterThan(0)
    const styles = await page.evaluate(() => ({
      overscroll: getComputedStyle(document.body).overscrollBehaviorY,
      tapHighlight: getComputedStyle(document.body).getPropertyValue('-webkit-tap-highlight-color'),
    }))
    expect(styles).toEqual({ overscroll: 'none', tapHighlight: 'rgba(0, 0, 0, 0)' })
    expect((await header(page).boundingBox())!.height).toBeLessThanOrEqual(ONE_ROW_MAX)
  })
})

test('on a desktop the proverb’s banner is drawn from a picture at least as wide as it shows', async ({ page, baseURL, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await withConsent(page, baseURL!)
  await page.goto(`/search_result?proverb=${await firstProverbSlug(request)}`)
  const banner = page.locator('.proverb-scroll img')
  await expect(banner).toBeVisible()
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const { natural, shown, ratio } = await banner.evaluate((img: HTMLImageElement) => ({
    natural: img.naturalWidth,
    shown: img.getBoundingClientRect().width,
    ratio: devicePixelRatio,
  }))
  expect(natural).toBeGreaterThanOrEqual(shown * ratio)
})

test('the wide banners, like the scroll images, are each under 80 KB', async ({ request }) => {
  for (const slug of ['yoruba', 'igbo', 'hausa', 'akan', 'kiswahili', 'zulu', 'amharic', 'afan-oromo']) {
    const res = await request.get(`/img/wide/${slug}-scroll.jpeg`)
    expect(res.status(), slug).toBe(200)
    expect(res.headers()['content-type']).toBe('image/jpeg')
    expect((await res.body()).length, slug).toBeLessThan(80 * 1024)
  }
})

test.describe('a 360 px phone that offers installation', () => {
  test.use(PHONE_360)

  test('the header stays one row inside the screen with the install button', async ({ page, baseURL }) => {
    await withConsent(page, baseURL!)
    await page.goto('/')
    await expect(page.locator('.today-card').first()).toBeVisible()
    await offerInstall(page)
    const install = page.getByRole('button', { name: 'Install Òwe' })
    await expect(install).toBeVisible()
    await expectInsideViewport(page, install)
    await expectInsideViewport(page, header(page).getByRole('link', { name: 'Sign in' }))
    expect((await header(page).boundingBox())!.height).toBeLessThanOrEqual(ONE_ROW_MAX)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  })
})

test.describe('the first paint on a 390 px phone', () => {
  test.use(PHONE_390)

  // The page the server sent paints before the app's code is asked for (scripts/start-after-paint.mjs): on a slow
  // line, that code does not share the first round trips with the page's text, art and fonts.
  for (const path of ['/', '/auth/login']) {
    test(`${path} paints before the app's code is asked for, then the app takes over`, async ({ page }) => {
      // When the first frame is drawn (its presentation, which first-contentful-paint reports, may come a few
      // milliseconds after the start script has already moved on).
      await page.addInitScript(() =>
        requestAnimationFrame(() => ((window as Window & { __firstFrame?: number }).__firstFrame = performance.now())),
      )
      const response = await page.goto(path)
      const html = await response!.text()
      expect(html).not.toContain('rel="modulepreload"')
      if (path === '/auth/login') expect(html).toContain('<meta name="owe-page-module"')
      await page.waitForLoadState('networkidle')
      const timing = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        frame: (window as Window & { __firstFrame?: number }).__firstFrame,
        code: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((r) => /\/assets\/[\w-]+\.js$/.test(r.name) && !/\/assets\/start-/.test(r.name))
          .map((r) => ({ name: new URL(r.name).pathname, startTime: r.startTime })),
      }))
      expect(timing.paint).toBeGreaterThan(0)
      expect(timing.code.map((r) => r.name)).toContainEqual(expect.stringMatching(/^\/assets\/index-/))
      expect(timing.frame).toBeGreaterThan(0)
      for (const chunk of timing.code) expect(chunk.startTime, chunk.name).toBeGreaterThanOrEqual(timing.frame!)
      // Taken over: the app's own navigation (no new document) follows a link.
      await page.evaluate(() => ((window as Window & { __samePage?: boolean }).__samePage = true))
      await page.getByRole('link', { name: 'About' }).first().click()
      await expect(page.getByRole('heading', { level: 1, name: 'About Òwe' })).toBeVisible()
      expect(await page.evaluate(() => (window as Window & { __samePage?: boolean }).__samePage)).toBe(true)
    })
  }

  // The first page's stylesheet is inlined into index.html. If a lazy chunk also names that file, its
  // loader adds a second copy, and the second set of @font-face rules makes the browser lay the text out
  // again: a layout shift on every page (about 0.1 at 412 px).
  for (const path of ['/', '/auth/login', '/search_result?ethnic=igbo']) {
    test(`${path} loads the inlined stylesheet once and its fonts once`, async ({ page }) => {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      expect(await page.locator('link[rel="stylesheet"][href*="/assets/index-"]').count()).toBe(0)
      const faces = await page.evaluate(() => {
        const all: string[] = []
        document.fonts.forEach((face) => all.push(`${face.family} ${face.weight} ${face.unicodeRange}`))
        return all
      })
      expect(faces.length).toBeGreaterThan(0)
      expect(new Set(faces).size).toBe(faces.length)
    })
  }

  // ṣ, ɛ, ɔ, ɓ, ƙ come from Òwe's own cut of latin-ext (scripts/make-fonts.mjs, about 4 KB), not from
  // the whole latin-ext file (55–59 KB) that a page of these peoples' proverbs used to wait for.
  for (const path of ['/', '/search_result?ethnic=yoruba', '/search_result?ethnic=hausa', '/search_result?ethnic=akan']) {
    test(`${path} draws its letters from the small cut, not the whole latin-ext file`, async ({ page }) => {
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      const fonts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname.split('/').pop()!)
          .filter((name) => name.endsWith('.woff2')),
      )
      expect(fonts.some((name) => name.startsWith('noto-sans-african-'))).toBe(true)
      expect(fonts.filter((name) => name.includes('latin-ext'))).toEqual([])
    })
  }
})
