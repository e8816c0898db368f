import { expect, request as apiRequest, test, type Page } from './fixtures'
import { randomBytes } from 'node:crypto'
import type { ActivePackage } from '../../src/core/payments/contract'
import { PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in'
import type { RunningServer } from '../support/server-process'
import { activationLink, createAccount, PASSWORD, signedUpInThisTab, signUpBody, uniqueEmail, useAccount, type Account } from './accounts'
import { ownServer } from './offline-support'
import { PHONES } from './phone'

/** What the server says the user's package is now (null for its 404: no active package). */
async function activePackage(baseURL: string, account: Account): Promise<ActivePackage | null> {
  const res = await fetch(`${baseURL}/api/userPackage/activeUserPackage`, { headers: { authorization: `Bearer ${account.token}` } })
  if (res.status === 404) return null
  expect(res.ok).toBe(true)
  return ((await res.json()) as { data: ActivePackage }).data
}

async function chooseSilver(page: Page) {
  await page.getByRole('button', { name: 'Choose Silver' }).click()
  await expect(page.getByRole('heading', { name: 'Pay for the Silver plan' })).toBeFocused()
}

test.describe('paying in the built-in test mode', () => {
  test('a user pays, sees the package on /payment_success and in the profile, then cancels auto-renewal', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const account = await createAccount(request, { packageId: 2, languages: [1, 2] })
    await useAccount(context, baseURL!, account)
    await page.goto('/pricing')
    await chooseSilver(page)
    // With no provider keys the server offers only its own test checkout, clearly labelled.
    await expect(page.getByRole('radio', { name: 'Test mode (no money moves)', exact: true })).toBeChecked()
    await expect(page.getByText('This option charges in US dollars.')).toBeVisible()
    await expect(page.getByTestId('checkout-total')).toHaveText('$17.99')
    // Recurring charges are opted into.
    await expect(page.getByRole('checkbox', { name: /Renew automatically/ })).not.toBeChecked()
    await page.getByRole('checkbox', { name: /Renew automatically/ }).check()
    await page.getByRole('button', { name: 'Pay $17.99' }).click()

    await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
    await expect(page.getByText(/Test mode — no money moves/).first()).toBeVisible()
    await expect(page.getByText('$17.99').first()).toBeVisible()
    await page.getByRole('button', { name: /^Pay/ }).first().click()

    await expect(page).toHaveURL(/\/payment_success\?reference=/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
    await expect(page.getByText(PAYMENT_TEXTS.success)).toBeVisible()
    await expect(page.getByTestId('package-card')).toContainText('Silver plan')
    await expect(page.getByTestId('package-card')).toContainText('Auto-renewalOn')
    const pkg = await activePackage(baseURL!, account)
    expect(pkg).toMatchObject({ plan: { name: 'Silver' }, autoRenew: true, active: true })

    await page.getByRole('link', { name: 'Go to your subscription' }).click()
    const section = page.locator('#subscription')
    await expect(section.getByTestId('package-card')).toContainText('Silver plan')
    await expect(section.getByTestId('referral-code')).toHaveText(/^OWE[A-Z0-9]{6}$/)

    await section.getByRole('button', { name: 'Cancel auto-renewal' }).click()
    await section.getByRole('button', { name: 'Turn off auto-renewal' }).click()
    await expect(section.getByText(PAYMENT_TEXTS.autoRenewCancelled)).toBeVisible()
    await expect(section.getByTestId('package-card')).toContainText('Auto-renewalOff')
    // The server agrees, and the package simply ends at its expiry.
    const after = await activePackage(baseURL!, account)
    expect(after).toMatchObject({ autoRenew: false, active: true, expiresAt: pkg!.expiresAt })
  })

  test('a declined payment leaves the user as they were and says so', async ({ page, context, request, baseURL }) => {
    const account = await createAccount(request, { packageId: 2, languages: [1, 2] })
    await useAccount(context, baseURL!, account)
    await page.goto('/pricing?plan=2')
    await page.getByRole('button', { name: 'Pay $17.99' }).click()
    await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
    await page.getByRole('button', { name: /Decline/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed' })).toBeVisible()
    await expect(page.getByText(PAYMENT_TEXTS.failed)).toBeVisible()
    expect(await activePackage(baseURL!, account)).toBeNull()
    await page.getByRole('link', { name: 'Back to the plans' }).click()
    await expect(page).toHaveURL(/\/pricing$/)
  })
})

for (const [name, phone] of PHONES) {
  test.describe(`on a ${name} phone, at another address of the site`, () => {
    test.use(phone)

    test('a checkout started at 127.0.0.1 while the public URL is localhost comes back signed in, with the package', async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      // The suite's server has OWE_PUBLIC_URL at localhost and lists 127.0.0.1 in OWE_SITE_ORIGINS.
      const otherAddress = baseURL!.replace('://localhost:', '://127.0.0.1:')
      expect(otherAddress).not.toBe(baseURL)
      const account = await createAccount(request, { packageId: 2, languages: [1, 2] })
      await useAccount(context, otherAddress, account)
      await page.goto(`${otherAddress}/pricing?plan=2`)
      await page.getByRole('button', { name: 'Pay $17.99' }).click()
      const at = (path: string) => new RegExp(`^${otherAddress.replace(/[.]/g, '\\.')}${path}`)
      // The test checkout opens on the address the reader is at, and sends them back there.
      await expect(page).toHaveURL(at('/api/payments/test-checkout/'))
      await page.getByRole('button', { name: /^Pay/ }).first().click()

      await expect(page).toHaveURL(at('/payment_success\\?reference='))
      await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
      await expect(page.getByText(PAYMENT_TEXTS.success)).toBeVisible()
      await expect(page.getByTestId('package-card')).toContainText('Silver plan')
      expect(await activePackage(baseURL!, account)).toMatchObject({ plan: { name: 'Silver' }, active: true })
    })
  })
}

test('a new account pays for its plan at the end of sign-up, before activating', async ({ page, context, request, baseURL }) => {
  await context.addCookies([{ name: 'cookieConsent', value: 'true', url: baseURL! }])
  const email = uniqueEmail('newcomer')
  const registered = await request.post('/accounts/register', {
    data: signUpBody(email, { packageId: 2, languages: [1, 2], promoCode: 'WELCOME10' }),
  })
  expect(registered.status()).toBe(201)
  const { paymentToken } = ((await registered.json()) as { data: { paymentToken: string } }).data
  await signedUpInThisTab(context, email, { token: paymentToken, packageId: 2, promoCode: 'WELCOME10' })
  await page.goto('/register_payment_success')
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pay for your plan now' })).toBeVisible()
  await page.getByRole('button', { name: 'Apply' }).click()
  // 10% off $17.99, priced by the server.
  await expect(page.getByTestId('checkout-total')).toHaveText('$16.19')
  await page.getByRole('button', { name: 'Pay $16.19' }).click()
  await expect(page).toHaveURL(/\/api\/payments\/test-checkout\//)
  await page.getByRole('button', { name: /^Pay/ }).first().click()

  await expect(page).toHaveURL(/\/register_payment_success\?reference=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
  await expect(page.getByText('$16.19')).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Now activate your account' })).toBeVisible()
  // Once activated and signed in, the plan is there.
  const token = new URL(await activationLink(email)).searchParams.get('token')
  expect((await request.post('/accounts/activate', { data: { token } })).ok()).toBe(true)
  const login = (await (await request.post('/accounts/login', { data: { email, password: PASSWORD } })).json()) as {
    data: { token: string }
  }
  const pkg = await activePackage(baseURL!, { token: login.data.token } as Account)
  expect(pkg).toMatchObject({ plan: { name: 'Silver' }, active: true })
})

test.describe('paying with Paystack in naira', () => {
  let paystack: PaystackStandIn
  let server: RunningServer
  test.beforeAll(async () => {
    const secretKey = `sk_test_${randomBytes(12).toString('hex')}`
    paystack = await startPaystackStandIn({ secretKey })
    server = await ownServer({ env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: paystack.url } })
    paystack.setWebhookUrl(`${server.url}/api/payments/webhook/paystack`)
  })
  test.afterAll(async () => {
    await server?.stop()
    await paystack?.close()
  })

  test('a user chooses naira, pays on Paystack’s page and comes back to the package', async ({ page, context }) => {
    const api = await apiRequest.newContext({ baseURL: server.url })
    const account = await createAccount(api, { packageId: 2, languages: [1, 2] })
    await api.dispose()
    await useAccount(context, server.url, account)
    await page.goto(`${server.url}/pricing`)
    await page.getByRole('button', { name: '₦ NGN' }).click()
    await expect(page.getByTestId('price-Silver')).toHaveText('₦17,990')
    await chooseSilver(page)
    await expect(page.getByRole('radio', { name: /Paystack/ })).toBeChecked()
    await expect(page.getByRole('radio', { name: /Naira/ })).toBeChecked()
    await expect(page.getByTestId('checkout-total')).toHaveText('₦17,990')
    await page.getByRole('checkbox', { name: /Renew automatically/ }).check()
    await page.getByRole('button', { name: 'Pay ₦17,990' }).click()

    // Paystack's hosted page (the stand-in's, on 127.0.0.1), charging what was shown: 1,799,000 kobo.
    await expect(page.getByRole('heading', { name: 'Paystack stand-in checkout' })).toBeVisible()
    await expect(page.getByText(/NGN/).first()).toBeVisible()
    await page.getByRole('button', { name: 'Pay' }).click()

    await expect(page).toHaveURL(/\/payment_success\?.*reference=/)
    await expect(page.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible()
    await expect(page.getByText(/₦17,990/)).toBeVisible()
    await expect(page.getByTestId('package-card')).toContainText('Silver plan')
    const pkg = await activePackage(server.url, account)
    expect(pkg).toMatchObject({ plan: { name: 'Silver' }, paymentOption: 'paystack', autoRenew: true, canAutoRenew: true })
  })
})
