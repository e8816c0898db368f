import { expect, expectProblems, test, type Page } from './fixtures'
import type { LoginResult } from '../../src/core/account/contract'
import type { Plan } from '../../src/core/payments/contract'
import { formatBytes } from '../../src/core/shared/format'
import { PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { PLAN_TEXTS } from '../../src/core/payments/plans'
import { activationLink, createAccount, PASSWORD, uniqueEmail, useAccount, withoutAdverts, type Account } from './accounts'
import { expectInsideViewport, expectNoAxeViolations, PHONE_390 } from './phone'

test.use(PHONE_390)

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click()
const stepHeading = (page: Page, text: string) => expect(page.getByRole('heading', { level: 2, name: text })).toBeVisible()

/** Light and dark, for a look by eye at what the journey reached. */
async function screenshots(page: Page, name: string) {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.screenshot({ path: `/tmp/owe-${name}-light.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.screenshot({ path: `/tmp/owe-${name}-dark.png`, fullPage: true })
  await page.emulateMedia({ colorScheme: 'light' })
}

/**
 * Every text the checkout's total and its alerts showed, in order, from the moment the page starts: so a
 * journey can tell whether a price was shown before a promo code was applied or refused.
 */
async function recordCheckout(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { owePriceLog: string[] }).owePriceLog = seen
    new MutationObserver(() => {
      const total = document.querySelector('[data-testid="checkout-total"]')?.textContent
      const alert = document.querySelector('.checkout [role="alert"]')?.textContent
      for (const entry of [total && `total ${total}`, alert && `alert ${alert}`]) if (entry && !seen.includes(entry)) seen.push(entry)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { owePriceLog: string[] }).owePriceLog)
}

test('a visitor signs up on the Free plan at 390 px: no payment, then the profile and the offline page say what Free gives', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  await withoutAdverts(context)
  const plans = ((await (await request.get('/api/packages/')).json()) as { data: Plan[] }).data
  expect(plans.map((p) => p.name)).toEqual(['Free', 'Bronze', 'Silver', 'Gold', 'Platinum'])

  // Pricing: the story once, and Free as its own column.
  await page.goto('/pricing')
  await expect(page.getByText(PLAN_TEXTS.story)).toBeVisible()
  const freeCard = page.locator('.plan-card').first()
  await expect(freeCard.getByRole('heading', { name: 'Free' })).toBeVisible()
  await expect(page.getByTestId('price-Free')).toHaveText('No payment')
  await expect(freeCard).toContainText('One people kept offline, quizzed weekly and shown first. Adverts are shown.')
  await expect(freeCard.getByRole('link', { name: 'Sign up with Free' })).toHaveAttribute('href', `/auth/signup?plan=${plans[0].id}`)
  await expectNoAxeViolations(page)
  await screenshots(page, 'pricing')

  // The wizard: the spec's message when no plan is chosen, then Free goes straight on.
  const email = uniqueEmail('free')
  await page.goto('/auth/signup')
  await field(page, 'First name').fill('Ngozi')
  await field(page, 'Last name').fill('Eze')
  await next(page)
  await stepHeading(page, 'Step 2 of 5: Your account')
  await field(page, 'Email').fill(email)
  await expect(page.getByText('No account uses this email yet.')).toBeVisible()
  await field(page, 'Password').fill(PASSWORD)
  await field(page, 'Confirm password').fill(PASSWORD)
  await next(page)
  await stepHeading(page, 'Step 3 of 5: Your plan')
  await expect(page.getByText(PLAN_TEXTS.story)).toBeVisible()
  await next(page)
  await expect(page.getByText('Please select a subscription plan')).toBeVisible()
  await page.getByRole('radio', { name: /^Free — no payment/ }).check()
  await expectNoAxeViolations(page)
  await screenshots(page, 'signup-plan')
  await next(page)
  await stepHeading(page, 'Step 4 of 5: Your languages')
  await page.getByRole('checkbox', { name: /^Yoruba/ }).check()
  await expect(page.getByRole('checkbox', { name: /^Hausa/ })).toBeDisabled()
  await next(page)
  await stepHeading(page, 'Step 5 of 5: Review')
  await expect(page.getByText('Free — no payment')).toBeVisible()
  await page.getByRole('button', { name: 'Create account' }).click()
  const checkEmail = page.getByRole('dialog', { name: 'Check your email' })
  await expectInsideViewport(page, checkEmail)
  await checkEmail.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(/\/register_payment_success$/)
  await expect(page.getByTestId('free-plan-chosen')).toHaveText(PLAN_TEXTS.freeChosen)
  await expect(page.getByRole('heading', { name: 'Pay for your plan now' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0)

  // Activated and signed in: the Free reader has no package in force and is told what Free gives.
  const token = new URL(await activationLink(email)).searchParams.get('token')
  expect((await request.post('/accounts/activate', { data: { token } })).ok()).toBe(true)
  const login = ((await (await request.post('/accounts/login', { data: { email, password: PASSWORD } })).json()) as { data: LoginResult })
    .data
  expect((await request.get('/api/userPackage/activeUserPackage', { headers: { authorization: `Bearer ${login.token}` } })).status()).toBe(
    404,
  )
  await useAccount(context, baseURL!, { ...login, email, password: PASSWORD, firstName: 'Ngozi', lastName: 'Eze' })
  await page.goto('/profile')
  await expect(page.getByTestId('free-plan')).toHaveText(PLAN_TEXTS.noPackage)

  // Offline reading: the people they have is kept without their asking; removed, it waits for one obvious action, its
  // size measured from the pack.
  await page.goto('/offline')
  const yoruba = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yoruba' }) })
  await expect(yoruba.getByText('Came with your plan')).toBeVisible({ timeout: 30_000 })
  await expect(yoruba.getByText(/^Ready offline · \d+ proverbs · [\d.]+ KB/)).toBeVisible({ timeout: 30_000 })
  await yoruba.getByRole('button', { name: 'Remove Yoruba' }).click()
  await expect(yoruba.getByText('Not on this device: you removed it.')).toBeVisible()
  const keep = page.getByRole('button', { name: /^Keep Yoruba offline — [\d.]+ KB$/ })
  await expect(keep).toBeVisible()
  const sizes = (await (await request.get('/api/proverbs/pack-sizes', { headers: { authorization: `Bearer ${login.token}` } })).json()) as {
    data: { bytes: number }[]
  }
  expect(await keep.textContent()).toBe(`Keep Yoruba offline — ${formatBytes(sizes.data[0].bytes)}`)
  const others = page.getByRole('region', { name: 'Other peoples' })
  await expect(others).toContainText('Igbo')
  await expect(others).toContainText(
    'A plan with more peoples keeps them on this device too, quizzes you on them every week and shows them first; a paid plan also removes adverts.',
  )
  await expect(others.getByRole('link', { name: 'See what each plan adds' })).toHaveAttribute('href', '/pricing')
  await expect(page.getByRole('switch', { name: 'Keep offline proverbs when space runs low' })).toBeVisible()
  await expect(
    page.getByText(
      /Asks the browser not to clear the proverbs you keep here when this device runs low on space|On: the browser has agreed not to clear the proverbs you keep here/,
    ),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await screenshots(page, 'offline')
  await keep.click()
  await expect(page.getByText(/^Ready offline · \d+ proverbs · [\d.]+ KB/)).toBeVisible({ timeout: 30_000 })
})

test.describe('promo codes at checkout', () => {
  let account: Account
  test.beforeEach(async ({ request, context, baseURL }) => {
    account = await createAccount(request, { packageId: 2, languages: [1, 2] })
    await useAccount(context, baseURL!, account)
  })

  test('a code carried in the link is applied as the checkout opens: the first price shown is the discounted one', async ({ page }) => {
    const log = await recordCheckout(page)
    await page.goto('/pricing?plan=2&promo=welcome10')
    await expect(page.getByTestId('checkout-total')).toHaveText('$16.19')
    await expect(page.getByText('WELCOME10 (10% off)')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Pay $16.19' })).toBeVisible()
    expect(await log()).toEqual(['total $16.19'])
    // The test mode is named once, in what is seen and in what is heard.
    const testMode = page.getByRole('radio', { name: 'Test mode (no money moves)', exact: true })
    await expect(testMode).toBeChecked()
    await expect(page.locator('.checkout__options label')).toHaveText('Test mode (no money moves)')
    await expectNoAxeViolations(page)
    await screenshots(page, 'checkout-promo')
  })

  test('the reader’s own referral code is refused before any price is shown', async ({ page, request }) => {
    expectProblems(/^answer: 400 GET \S+\/api\/payments\/quote\?/)
    const own = (
      (await (await request.get('/api/user/profile/referral-code', { headers: { authorization: `Bearer ${account.token}` } })).json()) as {
        data: { code: string }
      }
    ).data.code
    const log = await recordCheckout(page)
    await page.goto(`/pricing?plan=2&promo=${own}`)
    await expect(page.locator('.checkout [role="alert"]')).toHaveText(PAYMENT_TEXTS.ownReferral)
    await expect(page.getByTestId('checkout-total')).toHaveText('$17.99')
    expect(await log()).toEqual([`alert ${PAYMENT_TEXTS.ownReferral}`, 'total $17.99'])
    await expectNoAxeViolations(page)
  })
})
