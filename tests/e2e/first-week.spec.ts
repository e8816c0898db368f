import { expect, test, type Browser, type Page } from './fixtures'
import { API } from '../../src/core/http/api-paths'
import { CLOSE_ADS_LABEL } from '../../src/core/shared/texts'
import { PAYMENT_TEXTS, receiptMessage } from '../../src/core/payments/payment'
import { PLAN_TEXTS } from '../../src/core/payments/plans'
import { activationLink, createAccount, PASSWORD, signedUpInThisTab, signUpBody, uniqueEmail, useAccount } from './accounts'
import { waitForWorker } from './offline-support'
import { expectInsideViewport, expectNoAxeViolations, PHONE_360, PHONES } from './phone'

// A reader's first week on a phone: the first screen after signing in is theirs (no advert), the paid plan they chose
// at sign-up is offered until it is paid for, and a checkout that comes back to another browser still says how it went.

const SILVER = 2
const overlay = (page: Page) => page.getByRole('dialog', { name: 'Advertisement' })
const offer = (page: Page) => page.getByRole('region', { name: PLAN_TEXTS.finishPayingTitle })

/** The advert list requests the page makes: a round that never starts asks for none. */
function advertListCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === API.adverts) calls.push(request.url())
  })
  return calls
}

/** Light and dark, for a look by eye. */
async function screenshots(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.screenshot({ path: `/tmp/owe-first-week-${name}-${scheme}.png` })
  }
  await page.emulateMedia({ colorScheme: 'light' })
}

/** Another browser on the same phone: nothing of the first one's session or tab. */
async function otherBrowser(browser: Browser, phone: (typeof PHONES)[number][1], baseURL: string) {
  const context = await browser.newContext({ ...phone, baseURL })
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL }])
  return context
}

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone`, () => {
    test.use(phone)

    test('a reader who chose Silver at sign-up and activated from the email meets the offer to pay for it, not an advert; the profile keeps it until paid, offline too', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(120_000)
      // Signed up, then the tab was closed to check the email: nothing of the sign-up is left on the phone.
      const email = uniqueEmail('first-week')
      expect(
        (await request.post('/accounts/register', { data: signUpBody(email, { packageId: SILVER, languages: [1, 2] }) })).status(),
      ).toBe(201)
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
      const calls = advertListCalls(page)

      await page.goto(await activationLink(email))
      await page.getByRole('main').getByRole('link', { name: 'Sign in' }).tap()
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password').fill(PASSWORD)
      await page.getByRole('button', { name: 'Sign in' }).tap()

      await expect(page).toHaveURL(/\/$/)
      await expect(offer(page)).toBeVisible()
      await expect(offer(page)).toContainText('You chose the Silver plan at sign-up: $17.99 a year.')
      await expect(offer(page)).toContainText(PLAN_TEXTS.finishPayingNote)
      await page.waitForLoadState('networkidle')
      await expect(overlay(page)).toHaveCount(0)
      expect(calls).toEqual([])
      await expectInsideViewport(page, offer(page))
      await expectNoAxeViolations(page)
      await screenshots(page, `offer-${name.replace(' ', '')}`)

      // One tap to the checkout of that plan.
      await offer(page).getByRole('link', { name: 'Pay for Silver' }).tap()
      await expect(page).toHaveURL(/\/pricing\?plan=2$/)
      await expect(page.getByRole('heading', { name: 'Pay for the Silver plan' })).toBeFocused()
      await expect(page.getByRole('button', { name: 'Pay $17.99' })).toBeVisible()

      // Afterwards the spec's rule stands: a reader without a package has an advert on the next page.
      await page.goto('/profile#subscription')
      await expect(overlay(page).getByRole('img', { name: /^Keep your peoples offline and ad-free/ })).toBeVisible()
      // An advert for the plans remembers the one chosen at sign-up: it leads to its checkout.
      await expect(overlay(page).getByRole('link', { name: 'Pay for Silver' })).toHaveAttribute('href', '/pricing?plan=2')
      await overlay(page).getByRole('button', { name: CLOSE_ADS_LABEL }).tap()
      const section = page.locator('#subscription')
      await expect(offer(page)).toHaveCount(1)
      await expect(section.getByRole('region', { name: PLAN_TEXTS.finishPayingTitle })).toContainText('$17.99')
      await section.getByRole('region', { name: PLAN_TEXTS.finishPayingTitle }).scrollIntoViewIfNeeded()
      await screenshots(page, `profile-${name.replace(' ', '')}`)

      // The profile opens offline as before, the offer with it.
      await waitForWorker(page)
      await expect.poll(() => page.evaluate(() => localStorage.getItem('owe-query-cache') ?? '')).toContain('plan-to-pay')
      await context.setOffline(true)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible()
      await expect(section.getByRole('region', { name: PLAN_TEXTS.finishPayingTitle })).toContainText('Silver')
      await context.setOffline(false)

      await page.goto('/profile#subscription')
      await section.getByRole('link', { name: 'Pay for Silver' }).tap()
      await page.getByRole('button', { name: 'Pay $17.99' }).tap()
      await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
      await page.getByRole('button', { name: /^Pay/ }).first().tap()
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
      await expect(overlay(page)).toHaveCount(0)

      await page.getByRole('link', { name: 'Go to your subscription' }).tap()
      await expect(section.getByTestId('package-card')).toContainText('Silver plan')
      await expect(offer(page)).toHaveCount(0)
    })

    test('a reader who keeps Free instead is no longer offered the plan chosen at sign-up', async ({ page, context, request, baseURL }) => {
      const account = await createAccount(request, { packageId: SILVER, languages: [1] })
      await useAccount(context, baseURL!, account)
      await page.goto('/profile#subscription')
      const section = page.locator('#subscription')
      await expect(section.getByRole('region', { name: PLAN_TEXTS.finishPayingTitle })).toContainText('Silver')
      await section.getByRole('button', { name: 'Stay on Free' }).tap()
      await expect(offer(page)).toHaveCount(0)
      await expect(section.getByTestId('free-plan')).toHaveText(PLAN_TEXTS.noPackage)
      await page.reload()
      await expect(section.getByTestId('free-plan')).toBeVisible()
      await expect(offer(page)).toHaveCount(0)
    })

    test('a checkout finished in another browser comes back there with no session: it went through, for Silver, and signing in shows the package', async ({
      page,
      context,
      request,
      browser,
      baseURL,
    }) => {
      const account = await createAccount(request, { packageId: SILVER, languages: [1, 2] })
      await useAccount(context, baseURL!, account)
      await page.goto('/pricing?plan=2')
      await page.getByRole('button', { name: 'Pay $17.99' }).tap()
      await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
      const checkout = page.url()

      // The payment link opened in the phone's other browser, where the reader is not signed in.
      const other = await otherBrowser(browser, phone, baseURL!)
      const elsewhere = await other.newPage()
      await elsewhere.goto(checkout)
      await elsewhere.getByRole('button', { name: /^Pay/ }).first().tap()
      await expect(elsewhere).toHaveURL(/\/payment_success\?reference=owe_/)
      await expect(elsewhere.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
      await expect(elsewhere.getByRole('status').filter({ hasText: /./ })).toHaveText(receiptMessage('success', 'Silver'))
      // Nothing of the reader's own: no amount, no package, no name.
      await expect(elsewhere.locator('main')).not.toContainText('$17.99')
      await expect(elsewhere.getByTestId('package-card')).toHaveCount(0)
      await expect(elsewhere.locator('main')).not.toContainText(account.firstName)
      await expectNoAxeViolations(elsewhere)
      await screenshots(elsewhere, `receipt-${name.replace(' ', '')}`)

      await elsewhere.getByRole('main').getByRole('link', { name: 'Sign in' }).tap()
      await elsewhere.getByLabel('Email').fill(account.email)
      await elsewhere.getByLabel('Password').fill(account.password)
      await elsewhere.getByRole('button', { name: 'Sign in' }).tap()
      await expect(elsewhere).toHaveURL(/\/payment_success\?reference=owe_/)
      await expect(elsewhere.getByText(PAYMENT_TEXTS.success)).toBeVisible()
      await expect(elsewhere.getByTestId('package-card')).toContainText('Silver plan')
      await expect(overlay(elsewhere)).toHaveCount(0)
      await other.close()
    })

    test('a sign-up’s payment finished in another browser says it went through there, and asks to activate and sign in', async ({
      page,
      context,
      request,
      browser,
      baseURL,
    }) => {
      await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
      const email = uniqueEmail('newcomer')
      const registered = await request.post('/accounts/register', { data: signUpBody(email, { packageId: SILVER, languages: [1, 2] }) })
      const { paymentToken } = ((await registered.json()) as { data: { paymentToken: string } }).data
      await signedUpInThisTab(context, email, { token: paymentToken, packageId: SILVER })
      await page.goto('/register_payment_success')
      await page.getByRole('button', { name: 'Pay $17.99' }).tap()
      await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)

      const other = await otherBrowser(browser, phone, baseURL!)
      const elsewhere = await other.newPage()
      await elsewhere.goto(page.url())
      await elsewhere.getByRole('button', { name: /^Pay/ }).first().tap()
      await expect(elsewhere).toHaveURL(/\/register_payment_success\?reference=owe_/)
      await expect(elsewhere.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
      await expect(elsewhere.getByRole('status').filter({ hasText: /./ })).toHaveText(receiptMessage('success', 'Silver'))
      await expect(elsewhere.getByRole('heading', { level: 2, name: 'Now activate your account' })).toBeVisible()
      await expect(elsewhere.getByText('We could not check your payment')).toHaveCount(0)
      await other.close()
    })
  })
}

test.describe('on a 360 px phone on mobile data', () => {
  test.use(PHONE_360)

  test('the first screen asks one thing at a time: the plan to pay for first, then keeping the reader’s people', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await createAccount(request, { packageId: SILVER, languages: [1] })
    await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
    // Chromium's Network Information on a phone with Data Saver on: home asks before keeping anything.
    await context.addInitScript(`{
      const connection = { saveData: true, type: 'cellular', effectiveType: '4g', addEventListener() {}, removeEventListener() {} }
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => connection })
    }`)
    await page.goto('/auth/login')
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password').fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).tap()

    await expect(offer(page)).toContainText('Silver')
    const keepQuestion = page.getByRole('region', { name: 'Keeping your peoples on this phone' })
    await expect(keepQuestion).toHaveCount(0)
    await offer(page).getByRole('button', { name: 'Not now' }).tap()
    await expect(offer(page)).toHaveCount(0)
    await expect(keepQuestion).toBeVisible()
  })
})
