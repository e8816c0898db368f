import type { Proverb } from '../../src/core/proverbs/contract'
import { PUBLIC_CONTENT_ROUTES } from '../support/public-routes'
import { createAccount, useAccount, withoutAdverts, type Account } from './accounts'
import { expect, test, type Browser, type Page } from './fixtures'
import { PHONE_390 } from './phone'

/**
 * Layout stability (Cumulative Layout Shift, the browser's own measure) on every screen a reader lands on, at a
 * phone's width with its CPU slowed four times so loading states are painted: the first visit with nothing cached
 * and the second with the page's code, data and fonts warm. Loading states reserve the space of what comes, or
 * hold what follows back until it is known, so nothing visible moves: at most 0.05 (the "good" threshold).
 */
test.use(PHONE_390)
test.setTimeout(240_000)

const CLS_BUDGET = 0.05

type Shift = { value: number; nodes: string[] }

/** Every layout shift not caused by input, from the page's start, with the elements that moved. */
const RECORD_SHIFTS = `{
  window.__owe_shifts = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue
      const nodes = (entry.sources || []).map((s) => (s.node && s.node.nodeType === 1 ? s.node.tagName + '.' + s.node.className : String(s.node)))
      window.__owe_shifts.push({ value: entry.value, nodes })
    }
  }).observe({ type: 'layout-shift', buffered: true })
}`

async function visitAndMeasure(page: Page, route: string): Promise<number> {
  await page.goto(route)
  await expect(page.locator('main#main'), route).not.toBeEmpty()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]'), route).toHaveCount(0)
  // Two frames after the last change, so its shift (if any) is recorded.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  const shifts = (await page.evaluate('window.__owe_shifts')) as Shift[]
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
  if (cls > CLS_BUDGET) console.log(route, JSON.stringify(shifts))
  return cls
}

async function sweep(browser: Browser, baseURL: string, routes: string[], account?: Account) {
  const measured: Record<string, [number, number]> = {}
  for (const route of routes) {
    const context = await browser.newContext({ ...PHONE_390, baseURL })
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL }])
    if (account) await useAccount(context, baseURL, account)
    else await withoutAdverts(context)
    await context.addInitScript(RECORD_SHIFTS)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    measured[route] = [await visitAndMeasure(page, route), await visitAndMeasure(page, route)]
    await context.close()
  }
  const over = Object.entries(measured).filter(([, [cold, warm]]) => cold > CLS_BUDGET || warm > CLS_BUDGET)
  expect(over, `CLS (cold, warm) per route: ${JSON.stringify(measured)}`).toEqual([])
}

test('public pages hold still while they load, cold and warm', async ({ browser, baseURL }) => {
  const { data } = (await (await fetch(`${baseURL}/api/proverbs/public?ethnic=yoruba&size=1`)).json()) as { data: Proverb[] }
  await sweep(browser, baseURL!, [...PUBLIC_CONTENT_ROUTES, '/search_result?category=patience', `/search_result?proverb=${data[0].slug}`])
})

test('a signed-in reader’s screens hold still while they load, cold and warm', async ({ browser, baseURL, request }) => {
  const account = await createAccount(request)
  const context = await browser.newContext({ ...PHONE_390, baseURL })
  await useAccount(context, baseURL!, account)
  const page = await context.newPage()
  await page.goto('/quiz')
  // A quiz of this week, not started: its player is one of the screens.
  const quiz = await page
    .getByRole('link', { name: /^Start: / })
    .first()
    .getAttribute('href')
  await context.close()
  expect(quiz).toMatch(/^\/quiz\/\d+$/)
  await sweep(
    browser,
    baseURL!,
    ['/', '/quiz', quiz!, '/profile', '/favourites', '/notifications', '/offline', '/learn', '/learn/progress'],
    account,
  )
})
