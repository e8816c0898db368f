import type { Proverb } from '../../src/core/proverbs/contract'
import { PUBLIC_CONTENT_ROUTES } from '../support/public-routes'
import { createAccount, useAccount } from './accounts'
import { expect, test, type Page } from './fixtures'
import { expectNoAxeViolations, PHONE_390 } from './phone'

// axe (WCAG 2.1 A and AA) on every screen a reader lands on, at a phone's width, in light and in dark.
test.use(PHONE_390)
test.setTimeout(240_000)

const VISITOR_ROUTES = [
  ...PUBLIC_CONTENT_ROUTES,
  '/search_result',
  '/search_result?category=patience',
  '/auth/forget_password',
  '/test',
  '/404',
]

// Learn's with an empty deck; its cards, answers and progress are swept in learning.spec.ts.
const READER_ROUTES = ['/', '/profile', '/favourites', '/notifications', '/offline', '/quiz', '/learn', '/learn/progress']

async function sweep(page: Page, routes: string[]) {
  for (const route of routes) {
    await page.goto(route)
    await expect(page.locator('main#main'), route).not.toBeEmpty()
    await page.waitForLoadState('networkidle')
    // Nothing still loading: skeletons and spinners have given way to the page.
    await expect(page.locator('[aria-busy="true"]'), route).toHaveCount(0)
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await test.step(`${route} in ${scheme}`, () => expectNoAxeViolations(page))
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
}

test('every public page a visitor opens, a proverb’s included, has no accessibility violations', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  const { data } = (await (await fetch(`${baseURL}/api/proverbs/public?ethnic=amharic&size=1`)).json()) as { data: Proverb[] }
  await sweep(page, [...VISITOR_ROUTES, `/search_result?proverb=${data[0].slug}`])
})

test('every page of a signed-in reader has no accessibility violations', async ({ page, context, baseURL, request }) => {
  const account = await createAccount(request)
  await useAccount(context, baseURL!, account)
  await sweep(page, READER_ROUTES)
})
