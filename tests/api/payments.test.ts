import { createHmac } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { notifications, paymentMethods, payments, promoCodes, userPackages, users } from '../../server/src/db/schema'
import { PAYMENT_NOTICES } from '../../server/src/features/payments/settle'
import { createPaymentService } from '../../server/src/features/payments/service'
import { createNotifier } from '../../server/src/services/notify'
import { createTestModeProvider } from '../../server/src/services/payments/test-mode'
import {
  ProviderError,
  WebhookSignatureError,
  type CheckoutInput,
  type PaymentProvider,
  type ProviderResult,
} from '../../server/src/services/payments/types'
import { API } from '../../src/core/http/api-paths'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { PaymentStart, Plan } from '../../src/core/payments/contract'
import { newPaymentReference, PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { ACCOUNT_TEXTS } from '../../src/core/account/texts'
import { call, DAY, get, groupsBySlug, HOUR, lastMailToken, memberOf, plansByName, post, signupBody, testClock } from '../support/accounts'
import { initialize, payWithTestMode, paymentState, pressTestCheckout, quote, verify } from '../support/payments'
import { createTestApp, freshDatabase } from '../support/test-app'

const PUBLIC_URL = 'https://owe.example'
/** Another address of the same site (OWE_SITE_ORIGINS). */
const WWW_ORIGIN = 'https://www.owe.example'
const clock = testClock('2026-11-21T12:00:00Z')
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_PUBLIC_URL: PUBLIC_URL, OWE_SITE_ORIGINS: WWW_ORIGIN }, clock.now)
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
  await ctx.database.db.insert(promoCodes).values([
    { code: 'GONE20', percentOff: 20, expiresAt: new Date('2020-01-01T00:00:00Z') },
    { code: 'RETIRED5', percentOff: 5, active: false },
    { code: 'LASTONE', percentOff: 25, maxUses: 1 },
    { code: 'HALFOFF', percentOff: 50 },
  ])
})
afterAll(() => ctx.close())

const db = () => ctx.database.db
const member = (overrides: Parameters<typeof memberOf>[2] = {}) => memberOf(ctx.app, db(), overrides)
const packagesOf = (userId: number) => db().select().from(userPackages).where(eq(userPackages.userId, userId))
const paymentOf = async (reference: string) => (await db().select().from(payments).where(eq(payments.reference, reference)))[0]
const messagesOf = (userId: number, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
const oneYearLater = (iso: string) => new Date(new Date(iso).setUTCFullYear(new Date(iso).getUTCFullYear() + 1)).toISOString()

test('the payment options: the labelled test mode, in dollars only, when no provider key is set', async () => {
  const res = await get(ctx.app, API.paymentOptions)
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ data: [{ id: 'test', label: 'Test mode (no money moves)', currencies: ['USD'], testMode: true }] })
})

test('the quote is the plan table’s price: dollars, or naira at 1000 per dollar for Paystack only', async () => {
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'USD', option: 'test' })).toEqual({
    packageId: plans.Silver.id,
    planName: 'Silver',
    currency: 'USD',
    listAmount: 17.99,
    discount: 0,
    amount: 17.99,
    percentOff: 0,
    coupon: null,
  })
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'NGN', option: 'paystack' })).toMatchObject({
    currency: 'NGN',
    listAmount: 17990,
    amount: 17990,
  })
  // Naira asked of another option: the quote follows currencyFor and answers in dollars.
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'NGN', option: 'test' })).toMatchObject({
    currency: 'USD',
    amount: 17.99,
  })
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'NGN', option: 'stripe' })).toMatchObject({
    currency: 'USD',
    amount: 17.99,
  })
  expect(await quote(ctx.app, { packageId: plans.Gold.id })).toMatchObject({ currency: 'USD', amount: 29.99 })
})

test('a promo code’s percentage is taken off on the server, in cents, then converted', async () => {
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'USD', option: 'test', coupon: 'welcome10' })).toEqual({
    packageId: plans.Silver.id,
    planName: 'Silver',
    currency: 'USD',
    listAmount: 17.99,
    discount: 1.8,
    amount: 16.19,
    percentOff: 10,
    coupon: 'WELCOME10',
  })
  expect(await quote(ctx.app, { packageId: plans.Silver.id, currency: 'NGN', option: 'paystack', coupon: 'WELCOME10' })).toMatchObject({
    listAmount: 17990,
    discount: 1800,
    amount: 16190,
  })
})

test('a quote for an unknown plan, a bad currency or option, or a code that cannot be used is a 400 naming the field', async () => {
  const cases: [Record<string, string | number>, string, string][] = [
    [{}, 'packageId', 'Please select a subscription plan'],
    [{ packageId: 9999 }, 'packageId', 'Please select a subscription plan'],
    [{ packageId: 'abc' }, 'packageId', 'Must be a whole number from 1 to 2147483647'],
    [{ packageId: plans.Silver.id, currency: 'EUR' }, 'currency', 'The currency must be USD or NGN.'],
    [{ packageId: plans.Silver.id, option: 'paypal' }, 'option', 'Choose a payment option: paystack, stripe or test.'],
    [{ packageId: plans.Silver.id, coupon: 'NOSUCHCODE' }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ packageId: plans.Silver.id, coupon: 'GONE20' }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ packageId: plans.Silver.id, coupon: 'RETIRED5' }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ packageId: plans.Silver.id, coupon: 'X'.repeat(41) }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
  ]
  for (const [query, field, message] of cases) {
    const res = await get(ctx.app, `${API.paymentQuote}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`)
    expect(res.status, JSON.stringify(query)).toBe(400)
    expect(res.body.error.fields, JSON.stringify(query)).toEqual({ [field]: message })
  }
})

/** Starts a test-mode checkout as a browser on `headers`' page would, and presses Pay (or Cancel). */
async function checkoutFrom(token: string, headers: Record<string, string>, outcome: 'success' | 'abandoned' = 'success') {
  const state = paymentState(plans.Silver)
  const started = await call(ctx.app, 'POST', API.paymentInitialize, { payload: state, token, headers })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const pressed = await pressTestCheckout(ctx.app, state.reference, outcome)
  expect(pressed.status).toBe(303)
  return {
    reference: state.reference,
    redirectUrl: (started.body.data as PaymentStart).redirectUrl,
    back: pressed.headers.location as string,
  }
}

test('a checkout comes back to the site address it was started from when that is one of the site’s (OWE_SITE_ORIGINS)', async () => {
  const m = await member()
  const www = await checkoutFrom(m.token, { origin: WWW_ORIGIN })
  expect(www.redirectUrl).toBe(`${WWW_ORIGIN}/api/payments/test-checkout/${www.reference}`)
  expect(www.back).toBe(`${WWW_ORIGIN}/payment_success?reference=${www.reference}`)
  const cancelled = await checkoutFrom(m.token, { origin: WWW_ORIGIN }, 'abandoned')
  expect(cancelled.back).toBe(`${WWW_ORIGIN}/payment_success?reference=${cancelled.reference}&cancelled=1`)
  // Without an Origin (or with "null"), the page's address in the Referer counts.
  const referred = await checkoutFrom(m.token, { origin: 'null', referer: `${WWW_ORIGIN}/pricing?plan=2` })
  expect(referred.back).toBe(`${WWW_ORIGIN}/payment_success?reference=${referred.reference}`)
  const publicOne = await checkoutFrom(m.token, { origin: PUBLIC_URL })
  expect(publicOne.back).toBe(`${PUBLIC_URL}/payment_success?reference=${publicOne.reference}`)
})

test('a checkout started from an address that is not the site’s, or a made-up one, comes back to the public URL', async () => {
  const m = await member()
  const hostile: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'https://www.owe.example.evil.example' },
    { origin: 'http://www.owe.example' },
    { origin: 'javascript:alert(1)' },
    { origin: '%%% not a url' },
    { origin: 'null' },
    { referer: 'https://evil.example/pricing' },
    {},
  ]
  for (const headers of hostile) {
    const { reference, redirectUrl, back } = await checkoutFrom(m.token, headers)
    expect(redirectUrl, JSON.stringify(headers)).toBe(`${PUBLIC_URL}/api/payments/test-checkout/${reference}`)
    expect(back, JSON.stringify(headers)).toBe(`${PUBLIC_URL}/payment_success?reference=${reference}`)
  }
})

test('paying in test mode: initialize, the labelled checkout, success, verify — and the package is active with its groups open', async () => {
  const m = await member({ packageId: plans.Silver.id, languages: [groups.yoruba.id, groups.igbo.id] })
  const before = await get(ctx.app, API.userLanguages, m.token)
  expect(before.body.data.readable).toEqual([groups.yoruba.id])

  const state = paymentState(plans.Silver)
  const started = await initialize(ctx.app, state, m.token)
  expect(started.status).toBe(200)
  expect(started.body).toEqual({
    data: {
      reference: state.reference,
      redirectUrl: `${PUBLIC_URL}/api/payments/test-checkout/${state.reference}`,
      amount: 17.99,
      currency: 'USD',
    } satisfies PaymentStart,
  })
  // Started is not paid: no package until the payment succeeds.
  expect(await packagesOf(m.user.id)).toEqual([])
  expect((await get(ctx.app, API.activePackage, m.token)).status).toBe(404)

  const page = await get(ctx.app, API.testCheckout(state.reference))
  expect(page.status).toBe(200)
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
  expect(page.headers['content-security-policy']).toBe(
    `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${PUBLIC_URL}; base-uri 'none'; frame-ancestors 'none'`,
  )
  const html = page.raw.toString()
  expect(html).toContain('Test mode — no money moves')
  expect(html).toContain('Òwe Silver plan, one year')
  expect(html).toContain('$17.99')
  for (const outcome of ['success', 'failed', 'abandoned']) expect(html).toContain(`name="outcome" value="${outcome}"`)
  expect(html).not.toContain('<script')

  const pressed = await pressTestCheckout(ctx.app, state.reference, 'success')
  expect(pressed.status).toBe(303)
  expect(pressed.headers.location).toBe(`${PUBLIC_URL}/payment_success?reference=${state.reference}`)

  const outcome = await verify(ctx.app, state.reference, {}, m.token)
  expect(outcome.status).toBe(200)
  const now = clock.now().toISOString()
  expect(outcome.body.data).toMatchObject({
    reference: state.reference,
    status: 'success',
    message: PAYMENT_TEXTS.success,
    planName: 'Silver',
    amount: 17.99,
    currency: 'USD',
    registration: false,
    package: {
      plan: { id: plans.Silver.id, name: 'Silver', amount: 17.99, noOfEthnics: 2 },
      startsAt: now,
      expiresAt: oneYearLater(now),
      autoRenew: false,
      canAutoRenew: false,
      active: true,
      paymentOption: 'test',
      groups: [
        { id: groups.yoruba.id, name: groups.yoruba.name, slug: 'yoruba', locked: false },
        { id: groups.igbo.id, name: groups.igbo.name, slug: 'igbo', locked: false },
      ],
    },
  })
  const active = await get(ctx.app, API.activePackage, m.token)
  expect(active.status).toBe(200)
  expect(active.body.data).toEqual(outcome.body.data.package)
  expect((await get(ctx.app, API.userLanguages, m.token)).body.data.readable).toEqual([groups.yoruba.id, groups.igbo.id])
  const [user] = await db().select().from(users).where(eq(users.id, m.user.id))
  expect(user.packageId).toBe(plans.Silver.id)
  // The page is done with: showing or pressing it again is refused.
  expect((await get(ctx.app, API.testCheckout(state.reference))).status).toBe(409)
  const again = await pressTestCheckout(ctx.app, state.reference, 'failed')
  expect(again.status).toBe(409)
  expect(again.raw.toString()).toContain(PAYMENT_TEXTS.alreadySettled)
})

test('auto-renew keeps the test card and the package renews; without it nothing is kept', async () => {
  const m = await member()
  const { outcome } = await payWithTestMode(ctx.app, m.token, plans.Bronze, { autoRenew: true })
  expect(outcome.package).toMatchObject({ autoRenew: true, canAutoRenew: true })
  const methods = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, m.user.id))
  expect(methods).toEqual([expect.objectContaining({ provider: 'test', token: `test_auth_${outcome.reference}`, label: 'Test card' })])
  expect((await packagesOf(m.user.id))[0].paymentMethodId).toBe(methods[0].id)
})

test('a declined payment leaves no package and says so', async () => {
  const m = await member()
  const { outcome, location } = await payWithTestMode(ctx.app, m.token, plans.Silver, { outcome: 'failed' })
  expect(location).toMatch(/\/payment_success\?reference=/)
  expect(outcome).toMatchObject({ status: 'failed', message: PAYMENT_TEXTS.failed, package: null })
  expect(await packagesOf(m.user.id)).toEqual([])
  expect((await get(ctx.app, API.activePackage, m.token)).body.error).toEqual({ code: 'not_found', message: PAYMENT_TEXTS.noActivePackage })
  expect((await paymentOf(outcome.reference)).failureReason).toBe('The test checkout declined the payment.')
})

test('a payment cancelled at the checkout goes back to the cancel address and changes nothing', async () => {
  const m = await member()
  const { outcome, location } = await payWithTestMode(ctx.app, m.token, plans.Silver, { outcome: 'abandoned' })
  expect(location).toBe(`${PUBLIC_URL}/payment_success?reference=${outcome.reference}&cancelled=1`)
  expect(outcome).toMatchObject({ status: 'abandoned', message: PAYMENT_TEXTS.abandoned, package: null })
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('coming back cancelled while still pending abandons the payment and closes the checkout', async () => {
  const m = await member()
  const state = paymentState(plans.Gold)
  expect((await initialize(ctx.app, state, m.token)).status).toBe(200)
  const pending = await verify(ctx.app, state.reference, {}, m.token)
  expect(pending.body.data).toMatchObject({ status: 'pending', message: PAYMENT_TEXTS.pending, package: null })
  const cancelled = await verify(ctx.app, state.reference, { cancelled: true }, m.token)
  expect(cancelled.body.data).toMatchObject({ status: 'abandoned', message: PAYMENT_TEXTS.abandoned })
  expect((await pressTestCheckout(ctx.app, state.reference, 'success')).status).toBe(409)
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('a failed or abandoned payment leaves the package one already has as it was', async () => {
  const m = await member({ languages: [groups.zulu.id] })
  const { outcome: paid } = await payWithTestMode(ctx.app, m.token, plans.Bronze)
  clock.advance(HOUR)
  const declined = await payWithTestMode(ctx.app, m.token, plans.Platinum, { outcome: 'failed' })
  const walkedAway = await payWithTestMode(ctx.app, m.token, plans.Platinum, { outcome: 'abandoned' })
  expect(declined.outcome.package).toBeNull()
  expect(walkedAway.outcome.package).toBeNull()
  expect((await get(ctx.app, API.activePackage, m.token)).body.data).toEqual(paid.package)
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  expect((await db().select().from(users).where(eq(users.id, m.user.id)))[0].packageId).toBe(plans.Bronze.id)
})

test('paying for the plan one holds adds a year after it; another plan replaces it from now', async () => {
  const m = await member()
  const { outcome: first } = await payWithTestMode(ctx.app, m.token, plans.Bronze, { autoRenew: true })
  clock.advance(10 * DAY)
  const { outcome: second } = await payWithTestMode(ctx.app, m.token, plans.Bronze)
  expect(second.package).toMatchObject({
    startsAt: first.package!.expiresAt,
    expiresAt: oneYearLater(first.package!.expiresAt),
    active: false,
  })
  // The year bought ahead carries the renewal choice; the one it follows no longer renews.
  expect((await get(ctx.app, API.activePackage, m.token)).body.data).toMatchObject({ id: first.package!.id, autoRenew: false })

  const { outcome: upgrade } = await payWithTestMode(ctx.app, m.token, plans.Gold)
  const now = clock.now().toISOString()
  expect(upgrade.package).toMatchObject({ plan: { name: 'Gold' }, startsAt: now, expiresAt: oneYearLater(now), active: true })
  const rows = await packagesOf(m.user.id)
  for (const row of rows.filter((r) => r.id !== upgrade.package!.id)) expect(row).toMatchObject({ endsAt: clock.now(), autoRenew: false })
  expect((await get(ctx.app, API.activePackage, m.token)).body.data.id).toBe(upgrade.package!.id)
})

test('an amount other than the server’s price is refused with 409 and nothing is started', async () => {
  const m = await member()
  for (const amount of [1, 17.98, 18, 0]) {
    const state = paymentState(plans.Silver, { amount })
    const res = await initialize(ctx.app, state, m.token)
    expect(res.status).toBe(409)
    expect(res.body.error).toEqual({
      code: 'conflict',
      message: PAYMENT_TEXTS.priceChanged,
      fields: { amount: PAYMENT_TEXTS.priceChanged },
    })
    expect(await paymentOf(state.reference)).toBeUndefined()
  }
  // The discounted price with the code, and only that.
  expect((await initialize(ctx.app, paymentState(plans.Silver, { coupon: 'WELCOME10' }), m.token)).status).toBe(409)
  expect((await initialize(ctx.app, paymentState(plans.Silver, { coupon: 'WELCOME10', amount: 16.19 }), m.token)).status).toBe(200)
})

test('a retried click answers the same checkout; the same reference with other details, or by someone else, is refused', async () => {
  const m = await member()
  const state = paymentState(plans.Silver)
  const first = await initialize(ctx.app, state, m.token)
  const retry = await initialize(ctx.app, state, m.token)
  expect(retry.status).toBe(200)
  expect(retry.body).toEqual(first.body)
  expect(await db().select().from(payments).where(eq(payments.reference, state.reference))).toHaveLength(1)

  const changed = await initialize(ctx.app, { ...state, autoRenew: true }, m.token)
  expect(changed.status).toBe(409)
  expect(changed.body.error.message).toBe(PAYMENT_TEXTS.referenceTaken)

  const other = await member()
  const stolen = await initialize(ctx.app, state, other.token)
  expect(stolen.status).toBe(409)
  expect(stolen.body.error.message).toBe(PAYMENT_TEXTS.referenceTaken)

  await pressTestCheckout(ctx.app, state.reference, 'success')
  const afterPaying = await initialize(ctx.app, state, m.token)
  expect(afterPaying.status).toBe(409)
  expect(afterPaying.body.error.message).toBe(PAYMENT_TEXTS.alreadySettled)
})

test("another user's payment answers as a missing one", async () => {
  const owner = await member()
  const { outcome } = await payWithTestMode(ctx.app, owner.token, plans.Bronze)
  const other = await member()
  for (const reference of [outcome.reference, newPaymentReference(), 'short', 'x'.repeat(65)]) {
    const res = await verify(ctx.app, reference, {}, other.token)
    expect(res.status, reference).toBe(404)
    expect(res.body.error).toEqual({ code: 'not_found', message: PAYMENT_TEXTS.paymentNotFound })
  }
  expect((await get(ctx.app, API.paymentHistory, other.token)).body).toMatchObject({ data: [], totalElements: 0 })
})

test('starting or checking a payment needs a session (or a sign-up’s payment token)', async () => {
  const state = paymentState(plans.Silver)
  const started = await initialize(ctx.app, state)
  expect(started.status).toBe(401)
  expect(started.body.error.code).toBe('unauthorized')
  expect((await verify(ctx.app, state.reference)).status).toBe(401)
  expect((await get(ctx.app, API.paymentHistory)).status).toBe(401)
  // A payment token stands in for a session only on a sign-up payment.
  const withToken = await initialize(ctx.app, { ...state, registrationToken: 'A'.repeat(43) })
  expect(withToken.status).toBe(401)
  const fakeToken = await initialize(ctx.app, {
    ...state,
    metadata: { ...state.metadata, registration: true },
    registrationToken: 'A'.repeat(43),
  })
  expect(fakeToken.status).toBe(401)
  expect(fakeToken.body.error.message).toBe(PAYMENT_TEXTS.registrationExpired)
})

test('bad bodies are a 400 naming the field, never a 500', async () => {
  const m = await member()
  const good = () => paymentState(plans.Silver)
  const cases: [unknown, string, string][] = [
    [{ ...good(), paymentOption: 'paypal' }, 'paymentOption', 'Choose a payment option: paystack, stripe or test.'],
    [{ ...good(), paymentOption: 3 }, 'paymentOption', 'Choose a payment option: paystack, stripe or test.'],
    [{ ...good(), currency: 'EUR' }, 'currency', 'The currency must be USD or NGN.'],
    [{ ...good(), amount: '17.99' }, 'amount', 'The amount must be a number of at least 0.'],
    [{ ...good(), amount: -1 }, 'amount', 'The amount must be a number of at least 0.'],
    [{ ...good(), amount: null }, 'amount', 'The amount must be a number of at least 0.'],
    [{ ...good(), autoRenew: 'yes' }, 'autoRenew', 'autoRenew must be true or false.'],
    [{ ...good(), coupon: 10 }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ ...good(), coupon: 'NOSUCHCODE' }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ ...good(), coupon: 'LASTONE'.padEnd(41, 'X') }, 'coupon', ACCOUNT_TEXTS.promoInvalid],
    [{ ...good(), reference: 'short' }, 'reference', 'The payment reference must be 16 to 64 letters, digits, - or _.'],
    [{ ...good(), reference: 'owe_with spaces in it!' }, 'reference', 'The payment reference must be 16 to 64 letters, digits, - or _.'],
    [{ ...good(), reference: undefined }, 'reference', 'The payment reference must be 16 to 64 letters, digits, - or _.'],
    [{ ...good(), metadata: 'TEST' }, 'metadata', 'metadata must hold payment_type, packageId and registration.'],
    [{ ...good(), metadata: undefined }, 'metadata', 'metadata must hold payment_type, packageId and registration.'],
    [{ ...good(), metadata: {} }, 'metadata.payment_type', 'metadata.payment_type must be the payment option in capitals.'],
    [
      { ...good(), metadata: { payment_type: 'TEST', packageId: '2', registration: false } },
      'metadata.packageId',
      'Please select a subscription plan',
    ],
    [
      { ...good(), metadata: { payment_type: 'TEST', packageId: 9999, registration: false } },
      'metadata.packageId',
      'Please select a subscription plan',
    ],
    [
      { ...good(), metadata: { payment_type: 'TEST', packageId: 1.5, registration: false } },
      'metadata.packageId',
      'Please select a subscription plan',
    ],
    [
      { ...good(), metadata: { payment_type: 'TEST', packageId: plans.Silver.id, registration: 'no' } },
      'metadata.registration',
      'metadata.registration must be true or false.',
    ],
    [
      { ...good(), metadata: { payment_type: 'PAYSTACK', packageId: plans.Silver.id, registration: false } },
      'metadata.payment_type',
      PAYMENT_TEXTS.paymentTypeMismatch,
    ],
    [{ ...good(), currency: 'NGN', amount: 17990 }, 'currency', PAYMENT_TEXTS.nairaOnlyPaystack],
    [{ ...paymentState(plans.Silver, { option: 'paystack' }) }, 'paymentOption', PAYMENT_TEXTS.optionUnavailable],
    [{ ...paymentState(plans.Silver, { option: 'stripe' }) }, 'paymentOption', PAYMENT_TEXTS.optionUnavailable],
  ]
  for (const [body, field, message] of cases) {
    const res = await initialize(ctx.app, body, m.token)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error.fields?.[field], JSON.stringify(body)).toBe(message)
  }
  for (const body of [[], 'text', 42]) {
    const res = await call(ctx.app, 'POST', API.paymentInitialize, {
      payload: JSON.stringify(body),
      token: m.token,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status, JSON.stringify(body)).toBe(400)
  }
  const broken = await call(ctx.app, 'POST', API.paymentInitialize, {
    payload: '{"paymentOption":',
    token: m.token,
    headers: { 'content-type': 'application/json' },
  })
  expect(broken.status).toBe(400)
  const state = good()
  await initialize(ctx.app, state, m.token)
  for (const [body, field] of [
    [{ cancelled: 'yes' }, 'cancelled'],
    [{ registrationToken: 5 }, 'registrationToken'],
  ] as const) {
    const res = await verify(ctx.app, state.reference, body as never, m.token)
    expect(res.status).toBe(400)
    expect(Object.keys(res.body.error.fields)).toEqual([field])
  }
  expect(
    (
      await call(ctx.app, 'POST', API.testCheckout(state.reference), {
        payload: 'outcome=maybe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
    ).status,
  ).toBe(400)
  expect(await db().select().from(payments).where(eq(payments.userId, m.user.id))).toHaveLength(1)
})

test('the test checkout of an unknown payment is a 404 page', async () => {
  for (const reference of [newPaymentReference(), 'renew_1']) {
    const page = await get(ctx.app, API.testCheckout(reference))
    expect(page.status).toBe(404)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.raw.toString()).toContain(PAYMENT_TEXTS.paymentNotFound)
    expect((await pressTestCheckout(ctx.app, reference, 'success')).status).toBe(404)
  }
})

test('the test checkout checks a reference’s shape before looking it up: a NUL byte, a stray one or a long one is a 404', async () => {
  for (const reference of ['not-a-reference', 'owe_!!!!!!!!!!!!!!!!', `owe_${'a'.repeat(61)}`, 'owe_aaaaaaaaaaaa%00', '%00']) {
    const url = `/api/payments/test-checkout/${reference}`
    expect((await get(ctx.app, url)).status, reference).toBe(404)
    const pressed = await call(ctx.app, 'POST', url, {
      payload: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(pressed.status, reference).toBe(404)
  }
})

test('coupons: expired, retired and used-up codes are refused; a use is counted once the payment succeeds, once', async () => {
  const m = await member()
  for (const coupon of ['GONE20', 'RETIRED5']) {
    const res = await initialize(ctx.app, paymentState(plans.Silver, { coupon }), m.token)
    expect(res.body.error.fields).toEqual({ coupon: ACCOUNT_TEXTS.promoInvalid })
  }
  const { outcome } = await payWithTestMode(ctx.app, m.token, plans.Silver, { coupon: 'lastone', amount: 13.49 })
  expect(outcome).toMatchObject({ status: 'success', amount: 13.49 })
  expect(await paymentOf(outcome.reference)).toMatchObject({ promoCode: 'LASTONE', percentOff: 25, amountMinor: 1349 })
  // Checked again, replayed: still one use.
  await verify(ctx.app, outcome.reference, {}, m.token)
  await pressTestCheckout(ctx.app, outcome.reference, 'success')
  const [code] = await db().select().from(promoCodes).where(eq(promoCodes.code, 'LASTONE'))
  expect(code.uses).toBe(1)
  // Its one use is spent: refused to the next payer, at sign-up's check too.
  const next = await member()
  expect(
    (await initialize(ctx.app, paymentState(plans.Silver, { coupon: 'LASTONE', amount: 13.49 }), next.token)).body.error.fields,
  ).toEqual({ coupon: ACCOUNT_TEXTS.promoInvalid })
  expect((await get(ctx.app, API.verifyPromoCode('LASTONE'))).body.data).toMatchObject({ valid: false })
  // A failed payment with a code does not use it.
  await payWithTestMode(ctx.app, next.token, plans.Silver, { coupon: 'HALFOFF', amount: 9, outcome: 'failed' })
  expect((await db().select().from(promoCodes).where(eq(promoCodes.code, 'HALFOFF')))[0].uses).toBe(0)
})

test('one’s own referral code is refused to oneself; a friend gets its discount', async () => {
  const owner = await member()
  const { code } = (await get(ctx.app, API.referralCode, owner.token)).body.data
  const own = await get(ctx.app, `${API.paymentQuote}?packageId=${plans.Silver.id}&coupon=${code}`, owner.token)
  expect(own.status).toBe(400)
  expect(own.body.error.fields).toEqual({ coupon: PAYMENT_TEXTS.ownReferral })
  const ownPayment = await initialize(ctx.app, paymentState(plans.Silver, { coupon: code, amount: 16.19 }), owner.token)
  expect(ownPayment.body.error.fields).toEqual({ coupon: PAYMENT_TEXTS.ownReferral })
  // Signed out, the quote cannot know whose code it is; checkout still refuses it.
  expect((await quote(ctx.app, { packageId: plans.Silver.id, coupon: code })).amount).toBe(16.19)

  const friend = await member()
  const { outcome } = await payWithTestMode(ctx.app, friend.token, plans.Silver, { coupon: code, amount: 16.19 })
  expect(outcome.status).toBe('success')
  expect((await get(ctx.app, API.referralCode, owner.token)).body.data).toMatchObject({ code, uses: 1, maxUses: 20 })
})

test('a sign-up pays for its plan with its payment token, before activating', async () => {
  const body = signupBody({ packageId: plans.Gold.id, languages: [groups.hausa.id, groups.akan.id] })
  const registered = await post(ctx.app, API.register, body)
  expect(registered.status).toBe(201)
  const { paymentToken } = registered.body.data
  const state = paymentState(plans.Gold, {
    metadata: { payment_type: 'TEST', packageId: plans.Gold.id, registration: true },
    registrationToken: paymentToken,
  })
  const started = await initialize(ctx.app, state)
  expect(started.status).toBe(200)
  const pressed = await pressTestCheckout(ctx.app, state.reference, 'success')
  expect(pressed.headers.location).toBe(`${PUBLIC_URL}/register_payment_success?reference=${state.reference}`)
  const outcome = await verify(ctx.app, state.reference, { registrationToken: paymentToken })
  expect(outcome.status).toBe(200)
  // No session: the package is not shown, but it exists.
  expect(outcome.body.data).toMatchObject({ status: 'success', registration: true, planName: 'Gold', package: null })

  await post(ctx.app, API.activate, { token: await lastMailToken(db(), body.email) })
  const login = await post(ctx.app, API.login, { email: body.email, password: body.password1 })
  const active = await get(ctx.app, API.activePackage, login.body.data.token)
  expect(active.body.data).toMatchObject({
    plan: { name: 'Gold' },
    active: true,
    groups: [
      { slug: 'hausa', locked: false },
      { slug: 'akan', locked: false },
    ],
  })

  // The token acts on sign-up payments only, and only its own user's.
  const other = await member()
  const theirs = await payWithTestMode(ctx.app, other.token, plans.Bronze)
  expect((await verify(ctx.app, theirs.outcome.reference, { registrationToken: paymentToken })).status).toBe(404)
  const notRegistration = await initialize(ctx.app, { ...paymentState(plans.Gold), registrationToken: paymentToken })
  expect(notRegistration.status).toBe(401)
  // Two hours on, it no longer works.
  clock.advance(2 * HOUR + 1000)
  const late = await verify(ctx.app, state.reference, { registrationToken: paymentToken })
  expect(late.status).toBe(401)
  expect(late.body.error.message).toBe(PAYMENT_TEXTS.registrationExpired)
})

test('a sign-up that paid keeps its address after the activation link expires', async () => {
  const body = signupBody({ packageId: plans.Bronze.id })
  const { paymentToken } = (await post(ctx.app, API.register, body)).body.data
  const state = paymentState(plans.Bronze, {
    metadata: { payment_type: 'TEST', packageId: plans.Bronze.id, registration: true },
    registrationToken: paymentToken,
  })
  await initialize(ctx.app, state)
  await pressTestCheckout(ctx.app, state.reference, 'success')
  clock.advance(49 * HOUR)
  const again = await post(ctx.app, API.register, { ...body, firstName: 'Someone' })
  expect(again.status).toBe(409)
  expect(again.body.error.message).toBe(ACCOUNT_TEXTS.emailTaken)
  // Unpaid and unactivated, the address is released as before.
  const unpaid = signupBody()
  await post(ctx.app, API.register, unpaid)
  clock.advance(49 * HOUR)
  expect((await post(ctx.app, API.register, unpaid)).status).toBe(201)
})

test('the payment message is made once, however often the outcome is seen', async () => {
  const m = await member()
  const { outcome } = await payWithTestMode(ctx.app, m.token, plans.Silver)
  await verify(ctx.app, outcome.reference, {}, m.token)
  await verify(ctx.app, outcome.reference, { cancelled: true }, m.token)
  const messages = await messagesOf(m.user.id, 'payment')
  expect(messages.map((n) => [n.title, n.url, n.dedupeKey])).toEqual([
    [PAYMENT_NOTICES.paidTitle, '/profile#subscription', `payment:${outcome.reference}`],
  ])
  expect(messages[0].body).toBe(PAYMENT_NOTICES.paidBody('Silver', new Date(outcome.package!.expiresAt)))
  expect(await packagesOf(m.user.id)).toHaveLength(1)
})

test('the history lists the caller’s payments, newest first, paged', async () => {
  const m = await member()
  const a = await payWithTestMode(ctx.app, m.token, plans.Bronze, { outcome: 'failed' })
  clock.advance(1000)
  const b = await payWithTestMode(ctx.app, m.token, plans.Bronze)
  const res = await get(ctx.app, `${API.paymentHistory}?size=1`, m.token)
  expect(res.body).toEqual({
    data: [
      {
        reference: b.state.reference,
        planName: 'Bronze',
        amount: 9.99,
        currency: 'USD',
        status: 'success',
        purpose: 'subscribe',
        paymentOption: 'test',
        createdAt: clock.now().toISOString(),
        note: null,
      },
    ],
    page: 1,
    size: 1,
    totalPages: 2,
    totalElements: 2,
  })
  expect((await get(ctx.app, `${API.paymentHistory}?page=2&size=1`, m.token)).body.data[0]).toMatchObject({
    reference: a.state.reference,
    status: 'failed',
  })
  expect((await get(ctx.app, `${API.paymentHistory}?size=0`, m.token)).status).toBe(400)
})

test('concurrent outcomes of one payment make one package', async () => {
  const m = await member()
  const state = paymentState(plans.Silver)
  await initialize(ctx.app, state, m.token)
  await Promise.all([
    pressTestCheckout(ctx.app, state.reference, 'success'),
    pressTestCheckout(ctx.app, state.reference, 'success'),
    verify(ctx.app, state.reference, {}, m.token),
    verify(ctx.app, state.reference, {}, m.token),
  ])
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  expect(await messagesOf(m.user.id, 'payment')).toHaveLength(1)
})

test('settling: a success for another amount is a failure; a late success after a failure still counts; nothing follows a success', async () => {
  const service = createPaymentService({
    db: db(),
    providers: [createTestModeProvider({ db: db(), publicUrl: PUBLIC_URL })],
    notifier: createNotifier({ db: db(), push: { configured: false, send: async () => 'sent' }, log: ctx.app.log }),
    log: ctx.app.log,
    nairaPerDollar: 1000,
    publicUrl: PUBLIC_URL,
  })
  const m = await member()
  const state = paymentState(plans.Silver)
  await initialize(ctx.app, state, m.token)
  const pending = await paymentOf(state.reference)
  const short = await service.settle(pending, { status: 'success', amountMinor: 1, currency: 'USD', method: null }, clock.now())
  expect(short).toMatchObject({ status: 'failed', failureReason: 'amount mismatch: took 1 USD, asked 1799 USD' })
  const naira = await paymentOf(state.reference)
  expect(naira.status).toBe('failed')
  expect(await packagesOf(m.user.id)).toEqual([])
  // The provider took the right sum after all.
  const late = await service.settle(naira, { status: 'success', amountMinor: 1799, currency: 'USD', method: null }, clock.now())
  expect(late).toMatchObject({ status: 'success', failureReason: null })
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  for (const result of [
    { status: 'failed', reason: 'late decline' },
    { status: 'abandoned', reason: 'x' },
    { status: 'success', amountMinor: 1799, currency: 'USD', method: null },
  ] as ProviderResult[]) {
    expect((await service.settle(late, result, clock.now())).status).toBe('success')
  }
  expect(await packagesOf(m.user.id)).toHaveLength(1)
})

// ——— Real providers' paths, with a scripted provider in place of Paystack's service ———

const WEBHOOK_SECRET = 'whsec_test_only'

/** Paystack's shape as far as the payments feature sees it: scripted answers, HMAC-signed webhooks. */
function scriptedPaystack() {
  const script: { startError: Error | null; verify: ProviderResult; starts: CheckoutInput[] } = {
    startError: null,
    verify: { status: 'pending' },
    starts: [],
  }
  const provider: PaymentProvider = {
    id: 'paystack',
    label: 'Paystack',
    currencies: ['NGN', 'USD'],
    async start(input) {
      script.starts.push(input)
      if (script.startError) throw script.startError
      return { redirectUrl: `https://checkout.paystack.test/${input.reference}`, providerRef: `ac_${input.reference}` }
    },
    async verify() {
      return script.verify
    },
    async cancel() {},
    async charge() {
      return { status: 'failed', reason: 'not scripted' }
    },
    parseWebhook(raw, headers) {
      const signature = createHmac('sha512', WEBHOOK_SECRET).update(raw).digest('hex')
      if (headers['x-paystack-signature'] !== signature) throw new WebhookSignatureError('signature does not match')
      const event = JSON.parse(raw.toString('utf8')) as {
        event: string
        data: { reference: string; amount: number; currency: 'NGN' | 'USD' }
      }
      if (event.event !== 'charge.success') return null
      return {
        reference: event.data.reference,
        result: { status: 'success', amountMinor: event.data.amount, currency: event.data.currency, method: null },
      }
    },
  }
  return { provider, script }
}

test('with Paystack: naira, a provider out of reach (502), and signed webhooks on the raw body', async () => {
  const database = await freshDatabase()
  const paystack = scriptedPaystack()
  const config = loadConfig({
    OWE_CORPUS_CACHE_MS: '0',
    OWE_STATIC_DIR: '.tmp/no-app',
    LOG_LEVEL: 'silent',
    OWE_SCHEDULER_MS: '0',
    OWE_PUBLIC_URL: PUBLIC_URL,
  })
  const app = await buildApp(config, { database, now: clock.now, logger: false, paymentProviders: [paystack.provider] })
  try {
    expect((await get(app, API.paymentOptions)).body.data).toEqual([
      { id: 'paystack', label: 'Paystack', currencies: ['NGN', 'USD'], testMode: false },
    ])
    const m = await memberOf(app, database.db)
    const state = paymentState(plans.Silver, { option: 'paystack', currency: 'NGN', amount: 17990, autoRenew: true })
    const started = await initialize(app, state, m.token)
    expect(started.body).toEqual({
      data: {
        reference: state.reference,
        redirectUrl: `https://checkout.paystack.test/${state.reference}`,
        amount: 17990,
        currency: 'NGN',
      },
    })
    expect(paystack.script.starts[0]).toMatchObject({
      reference: state.reference,
      amountMinor: 1_799_000,
      currency: 'NGN',
      email: m.email,
      callbackUrl: `${PUBLIC_URL}/payment_success?reference=${state.reference}`,
      cancelUrl: `${PUBLIC_URL}/payment_success?reference=${state.reference}&cancelled=1`,
      description: 'Òwe Silver plan, one year',
      saveForRenewal: true,
    })
    // The test checkout is not there when test mode is off.
    expect((await get(app, API.testCheckout(state.reference))).status).toBe(404)

    const webhook = (payload: string, signature?: string) =>
      call(app, 'POST', API.paystackWebhook, {
        payload,
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      })
    const sign = (payload: string) => createHmac('sha512', WEBHOOK_SECRET).update(payload).digest('hex')
    // Whitespace as the provider sent it: the signature is over these exact bytes.
    const event = `{ "event": "charge.success",  "data": { "reference": "${state.reference}", "amount": 1799000, "currency": "NGN" } }`
    expect((await webhook(event)).status).toBe(400)
    expect((await webhook(event, sign(event.replace('  ', ' ')))).status).toBe(400)
    const unknown = `{"event":"charge.success","data":{"reference":"${newPaymentReference()}","amount":1,"currency":"NGN"}}`
    expect((await webhook(unknown, sign(unknown))).status).toBe(200)
    const other = '{"event":"transfer.success","data":{}}'
    expect((await webhook(other, sign(other))).status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const res = await webhook(event, sign(event))
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ data: { received: true } })
    }
    const [paid] = await database.db.select().from(payments).where(eq(payments.reference, state.reference))
    expect(paid).toMatchObject({ status: 'success', currency: 'NGN', amountMinor: 1_799_000, providerRef: `ac_${state.reference}` })
    expect(await database.db.select().from(userPackages).where(eq(userPackages.userId, m.user.id))).toHaveLength(1)
    // No card came back with it: the package cannot renew by itself.
    expect((await get(app, API.activePackage, m.token)).body.data).toMatchObject({
      paymentOption: 'paystack',
      autoRenew: false,
      canAutoRenew: false,
    })

    paystack.script.startError = new ProviderError('Paystack answered 503', 503)
    const down = paymentState(plans.Gold, { option: 'paystack' })
    const refused = await initialize(app, down, m.token)
    expect(refused.status).toBe(502)
    expect(refused.body.error).toEqual({ code: 'provider_unavailable', message: PAYMENT_TEXTS.providerUnavailable })
    const [failed] = await database.db.select().from(payments).where(eq(payments.reference, down.reference))
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'Paystack answered 503' })
    // Other routes still read JSON as before.
    expect((await call(app, 'PUT', API.dailyReminder, { payload: { time: null }, token: m.token })).status).toBe(200)
  } finally {
    await app.close()
    await database.drop()
  }
})

test('a promo code on its last use, taken by two checkouts at once: both pay their price, the count stays within its limit', async () => {
  await db().insert(promoCodes).values({ code: 'RACE50', percentOff: 50, maxUses: 1 })
  const [a, b] = [await member(), await member()]
  const started = []
  for (const m of [a, b]) {
    const state = paymentState(plans.Silver, { coupon: 'RACE50', amount: 9 })
    const res = await initialize(ctx.app, state, m.token)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    started.push({ m, state })
  }
  for (const { m, state } of started) {
    expect((await pressTestCheckout(ctx.app, state.reference, 'success')).status).toBe(303)
    expect((await verify(ctx.app, state.reference, {}, m.token)).body.data).toMatchObject({ status: 'success', amount: 9 })
  }
  expect((await db().select().from(promoCodes).where(eq(promoCodes.code, 'RACE50')))[0]).toMatchObject({ uses: 1, maxUses: 1 })
  // Used up now: a third checkout is refused.
  const third = await initialize(ctx.app, paymentState(plans.Silver, { coupon: 'RACE50', amount: 9 }), (await member()).token)
  expect(third.status).toBe(400)
  expect(third.body.error.fields.coupon).toBe(ACCOUNT_TEXTS.promoInvalid)
})

test('quotes with a promo code share the promo-code check’s limit per client; plain quotes do not count', async () => {
  const limited = await createTestApp({ OWE_PUBLIC_URL: PUBLIC_URL, OWE_CHECK_RATE_LIMIT: '2' }, clock.now)
  try {
    const ask = (coupon?: string) =>
      get(
        limited.app,
        `${API.paymentQuote}?packageId=${plans.Silver.id}&currency=USD&option=test${coupon ? `&coupon=${coupon}` : ''}`,
        undefined,
        '10.77.0.1',
      )
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200)
    expect((await ask('WELCOME10')).status).toBe(200)
    expect((await ask('NOSUCHCODE')).status).toBe(400)
    const refused = await ask('WELCOME10')
    expect(refused.status).toBe(429)
    expect(refused.body.error.message).toBeTruthy()
    expect((await ask()).status).toBe(200)
  } finally {
    await limited.close()
  }
})

test('payment starts and checks are limited per user (OWE_PAYMENT_RATE_LIMIT an hour; checks fifteen times that) and per client (ten users’ worth), before any provider is asked', async () => {
  const limited = await createTestApp({ OWE_PUBLIC_URL: PUBLIC_URL, OWE_PAYMENT_RATE_LIMIT: '2' }, clock.now)
  try {
    const someone = await memberOf(limited.app, limited.database.db)
    const start = (token: string, client: string) => post(limited.app, API.paymentInitialize, paymentState(plans.Silver), token, client)
    // One user from many addresses.
    expect((await start(someone.token, '10.78.0.1')).status).toBe(200)
    expect((await start(someone.token, '10.78.0.2')).status).toBe(200)
    const refused = await start(someone.token, '10.78.0.3')
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('3600')
    expect(refused.body.error.code).toBe('too_many_requests')
    // Many users from one address (a carrier's NAT): ten users' worth, then no more.
    const shared = '10.78.1.1'
    for (let i = 0; i < 20; i++) expect((await start((await memberOf(limited.app, limited.database.db)).token, shared)).status).toBe(200)
    expect((await start((await memberOf(limited.app, limited.database.db)).token, shared)).status).toBe(429)
    expect(await limited.database.db.select().from(payments).where(eq(payments.userId, someone.user.id))).toHaveLength(2)

    // Checks: thirty an hour for this user, whatever the address.
    const reference = newPaymentReference()
    for (let i = 0; i < 30; i++)
      expect((await post(limited.app, API.paymentVerify(reference), {}, someone.token, `10.78.2.${i + 1}`)).status).toBe(404)
    expect((await post(limited.app, API.paymentVerify(reference), {}, someone.token, '10.78.3.1')).status).toBe(429)
    clock.advance(HOUR)
    expect((await start(someone.token, '10.78.0.4')).status).toBe(200)
  } finally {
    await limited.close()
  }
})
