import { expect, expectProblems, test, type Page } from './fixtures'
import { API } from '../../src/core/http/api-paths'
import type { PaymentStart, Plan } from '../../src/core/payments/contract'
import { newPaymentReference, paymentType } from '../../src/core/payments/payment'
import { createAccount, useAccount, type Account } from './accounts'

/** Pays for a plan through the server's test mode, as the app and a tester's clicks would (its journey is in payments.spec.ts). */
async function subscribe(baseURL: string, account: Account, plan: Plan): Promise<void> {
  const auth = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' }
  const reference = newPaymentReference()
  const state = {
    paymentOption: 'test',
    currency: 'USD',
    amount: plan.amount,
    autoRenew: false,
    coupon: null,
    reference,
    metadata: { payment_type: paymentType('test'), packageId: plan.id, registration: false },
  }
  const started = await fetch(`${baseURL}${API.paymentInitialize}`, { method: 'POST', headers: auth, body: JSON.stringify(state) })
  expect(started.status).toBe(200)
  expect(((await started.json()) as { data: PaymentStart }).data.redirectUrl).toContain(API.testCheckout(reference))
  const pressed = await fetch(`${baseURL}${API.testCheckout(reference)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=success',
    redirect: 'manual',
  })
  expect(pressed.status).toBe(303)
  expect((await fetch(`${baseURL}${API.activePackage}`, { headers: auth })).status).toBe(200)
}

async function bronze(baseURL: string): Promise<Plan> {
  const plans = ((await (await fetch(`${baseURL}${API.packages}`)).json()) as { data: Plan[] }).data
  return plans.find((plan) => plan.name === 'Bronze')!
}

/** Every advert call the page makes, in order. */
function advertCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/ads/') || pathname === API.adToggle) calls.push(`${request.method()} ${pathname}`)
  })
  return calls
}

const overlay = (page: Page) => page.getByRole('dialog', { name: 'Advertisement' })

test('a reader without a package sees an advert, which closes on Close Ads', async ({ page, context, request, baseURL }) => {
  const account = await createAccount(request, { languages: [1] })
  await useAccount(context, baseURL!, account, { adverts: true })
  const calls = advertCalls(page)
  await page.goto('/')
  await expect(overlay(page)).toBeVisible()
  // The file list first, then one advert's content; no package, so the toggle is not asked.
  expect(calls[0]).toBe('GET /api/ads/adverts')
  expect(calls[1]).toMatch(/^GET \/api\/ads\/[\w.-]+$/)
  expect(calls).not.toContain(`GET ${API.adToggle}`)
  await expect(overlay(page).getByRole('img', { name: /^Keep your peoples offline and ad-free/ })).toBeVisible()
  await expect(overlay(page).getByRole('button', { name: 'Close Ads' })).toBeFocused()

  await overlay(page).getByRole('button', { name: 'Close Ads' }).click()
  await expect(overlay(page)).toHaveCount(0)
  // Spaced minutes apart: the next page does not show another.
  await page.getByRole('link', { name: 'Search' }).first().click()
  await expect(page).toHaveURL(/\/search_result/)
  await expect(overlay(page)).toHaveCount(0)
})

test('a subscriber sees no advert with the toggle off, and sees one after turning it on', async ({ page, context, request, baseURL }) => {
  const account = await createAccount(request, { languages: [1] })
  await subscribe(baseURL!, account, await bronze(baseURL!))
  await useAccount(context, baseURL!, account, { adverts: true })
  const calls = advertCalls(page)
  const toggleRead = page.waitForResponse((response) => new URL(response.url()).pathname === API.adToggle)
  await page.goto('/')
  expect((await toggleRead).status()).toBe(200)
  await page.waitForLoadState('networkidle')
  await expect(overlay(page)).toHaveCount(0)
  expect(calls.filter((call) => call.startsWith('GET /api/ads/'))).toEqual([])

  await page.goto('/profile#adverts')
  const toggle = page.getByRole('switch', { name: 'Show adverts while subscribed' })
  await expect(toggle).not.toBeChecked()
  await toggle.check()
  await expect(toggle).toBeChecked()
  // The rule is read again at once: the subscriber gets the advert they asked for.
  await expect(overlay(page)).toBeVisible()
  await overlay(page).getByRole('button', { name: 'Close Ads' }).press('Enter')
  await expect(overlay(page)).toHaveCount(0)
})

test('a failed toggle fetch is logged and shows nothing', async ({ page, context, request, baseURL }) => {
  // The journey makes the toggle fail; the app logs it.
  expectProblems(/^answer: 500 GET \S+\/api\/toggle$/, /^console: Failed to fetch the ad toggle\./)
  const account = await createAccount(request, { languages: [1] })
  await subscribe(baseURL!, account, await bronze(baseURL!))
  await useAccount(context, baseURL!, account, { adverts: true })
  await page.route(`**${API.adToggle}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Down.' } }),
    }),
  )
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('Failed to fetch the ad toggle.'),
  )
  await page.goto('/')
  await logged
  await expect(overlay(page)).toHaveCount(0)
})
