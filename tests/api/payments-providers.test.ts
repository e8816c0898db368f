import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { loadConfig } from '../../server/src/config'
import { notifications, paymentMethods, payments, userPackages } from '../../server/src/db/schema'
import { renewalReference, renewDuePackages } from '../../server/src/features/payments/renewals'
import { createPaymentService, type PaymentService } from '../../server/src/features/payments/service'
import { PAYMENT_NOTICES } from '../../server/src/features/payments/settle'
import { createNotifier } from '../../server/src/services/notify'
import { createPaymentProviders } from '../../server/src/services/payments'
import { API } from '../../src/core/http/api-paths'
import { PAYMENT_API } from '../../src/core/payments/api-paths'
import type { PaymentStart, Plan } from '../../src/core/payments/contract'
import { PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { call, get, HOUR, memberOf, plansByName, testClock } from '../support/accounts'
import { initialize, paymentState, verify } from '../support/payments'
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in'
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in'
import { createTestApp } from '../support/test-app'

// Whole payments through the app against local stand-ins of Paystack and Stripe: the app listens on a
// real port so the stand-ins' signed webhooks reach it as the providers' would.

const PUBLIC_URL = 'https://owe.example'
const clock = testClock('2026-11-21T12:00:00Z')
const paystackKey = `sk_test_${randomBytes(20).toString('hex')}`
const stripeKey = `sk_test_${randomBytes(24).toString('hex')}`
const stripeWebhookSecret = `whsec_${randomBytes(24).toString('hex')}`

let paystack: PaystackStandIn
let stripe: StripeStandIn
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
/** The renewal job's service, as the scheduler builds it, on the app's database. */
let service: PaymentService

beforeAll(async () => {
  paystack = await startPaystackStandIn({ secretKey: paystackKey })
  stripe = await startStripeStandIn({ secretKey: stripeKey, webhookSecret: stripeWebhookSecret })
  const env = { OWE_PUBLIC_URL: PUBLIC_URL, ...paystack.env, ...stripe.env }
  ctx = await createTestApp(env, clock.now)
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  const appUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  paystack.setWebhookUrl(`${appUrl}${API.paystackWebhook}`)
  stripe.setWebhookUrl(`${appUrl}${API.stripeWebhook}`)
  plans = await plansByName(ctx.app)
  const db = ctx.database.db
  service = createPaymentService({
    db,
    providers: createPaymentProviders(loadConfig(env).payments, { db, publicUrl: PUBLIC_URL }),
    notifier: createNotifier({ db, push: { configured: false, send: async () => 'sent' }, log: ctx.app.log }),
    log: ctx.app.log,
    nairaPerDollar: 1000,
    publicUrl: PUBLIC_URL,
  })
})
afterAll(async () => {
  await ctx?.close()
  await paystack?.close()
  await stripe?.close()
})

const db = () => ctx.database.db
const member = () => memberOf(ctx.app, db())
const paymentOf = async (reference: string) => (await db().select().from(payments).where(eq(payments.reference, reference)))[0]
const packagesOf = (userId: number) =>
  db().select().from(userPackages).where(eq(userPackages.userId, userId)).orderBy(asc(userPackages.startsAt))
const cardsOf = (userId: number) => db().select().from(paymentMethods).where(eq(paymentMethods.userId, userId))
const messagesOf = (userId: number, kind: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))

type Member = Awaited<ReturnType<typeof member>>
type Way = { option: 'paystack' | 'stripe'; currency: 'USD' | 'NGN'; autoRenew?: boolean }

/** Starts paying for Silver the way the app does; the checkout it was sent to. */
async function start(m: Member, { option, currency, autoRenew = false }: Way) {
  const amount = currency === 'NGN' ? plans.Silver.amount * 1000 : plans.Silver.amount
  const state = paymentState(plans.Silver, { option, currency, amount, autoRenew })
  const started = await initialize(ctx.app, state, m.token)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  return started.body.data as PaymentStart
}

/** A button pressed on the provider's hosted checkout, as the browser does; where it sends the customer. */
async function press(redirectUrl: string, button: 'pay' | 'decline' | 'cancel'): Promise<URL> {
  const response = await fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location')!)
}

/** The app's outcome page asking the server, as it does on return. */
async function outcome(m: Member, reference: string, cancelled = false) {
  const res = await verify(ctx.app, reference, cancelled ? { cancelled } : {}, m.token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

/** A webhook posted to the app as raw bytes with the given headers. */
const postWebhook = (path: string, signed: { body: string; headers: Record<string, string> }) =>
  call(ctx.app, 'POST', path, { payload: signed.body, headers: signed.headers })

test('with both keys set the options are Paystack (naira and dollars) and Stripe (dollars), and no test mode', async () => {
  const res = await get(ctx.app, API.paymentOptions)
  expect(res.body).toEqual({
    data: [
      { id: 'paystack', label: 'Paystack (card, bank, USSD)', currencies: ['NGN', 'USD'], testMode: false },
      { id: 'stripe', label: 'Card (Stripe)', currencies: ['USD'], testMode: false },
    ],
  })
})

test('Paystack in naira: the webhook settles the payment before the customer is back; the return shows it; the card is kept', async () => {
  const m = await member()
  const started = await start(m, { option: 'paystack', currency: 'NGN', autoRenew: true })
  expect(started).toMatchObject({ amount: 17990, currency: 'NGN' })
  expect(paystack.requestsTo('/transaction/initialize').at(-1)?.body).toMatchObject({ amount: 1799000, currency: 'NGN', email: m.email })
  expect(await (await fetch(started.redirectUrl)).text()).toContain('₦17,990.00 (NGN)')

  const back = await press(started.redirectUrl, 'pay')
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/payment_success`)
  expect(back.searchParams.get('reference')).toBe(started.reference)
  // Webhook first: settled before the customer's browser comes back.
  expect(paystack.webhooks.at(-1)).toMatchObject({ event: 'charge.success', status: 200 })
  expect(await paymentOf(started.reference)).toMatchObject({ status: 'success', currency: 'NGN', amountMinor: 1799000 })

  expect(await outcome(m, started.reference)).toMatchObject({
    status: 'success',
    message: PAYMENT_TEXTS.success,
    amount: 17990,
    currency: 'NGN',
  })
  const [made] = await packagesOf(m.user.id)
  expect(made).toMatchObject({ packageId: plans.Silver.id, autoRenew: true })
  expect(await cardsOf(m.user.id)).toEqual([
    expect.objectContaining({ provider: 'paystack', token: expect.stringMatching(/^AUTH_/), customer: m.email, label: 'Visa ending 4081' }),
  ])
  expect(await messagesOf(m.user.id, 'payment')).toHaveLength(1)
})

test('Paystack in dollars, with no webhook arriving: the return verify settles it', async () => {
  paystack.setWebhookUrl(null)
  try {
    const m = await member()
    const started = await start(m, { option: 'paystack', currency: 'USD' })
    expect(paystack.requestsTo('/transaction/initialize').at(-1)?.body).toMatchObject({ amount: 1799, currency: 'USD' })
    await press(started.redirectUrl, 'pay')
    expect(await paymentOf(started.reference)).toMatchObject({ status: 'pending' })
    expect(await outcome(m, started.reference)).toMatchObject({ status: 'success', amount: 17.99, currency: 'USD' })
    expect(await packagesOf(m.user.id)).toHaveLength(1)
    // Without auto-renew no card is kept.
    expect(await cardsOf(m.user.id)).toEqual([])
  } finally {
    paystack.setWebhookUrl(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${API.paystackWebhook}`)
  }
})

test('a return with no session (another browser), with no webhook arriving: the receipt asks Paystack and Stripe, settles the payment and says only that it went through, for Silver', async () => {
  paystack.setWebhookUrl(null)
  stripe.setWebhookUrl(null)
  const appUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
  try {
    for (const way of [
      { option: 'paystack', currency: 'NGN' },
      { option: 'stripe', currency: 'USD' },
    ] satisfies Way[]) {
      const m = await member()
      const started = await start(m, way)
      await press(started.redirectUrl, 'pay')
      expect(await paymentOf(started.reference)).toMatchObject({ status: 'pending' })
      const res = await get(ctx.app, PAYMENT_API.paymentReceipt(started.reference))
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body).toEqual({ data: { reference: started.reference, status: 'success', planName: 'Silver' } })
      expect(await packagesOf(m.user.id), way.option).toHaveLength(1)
    }
  } finally {
    paystack.setWebhookUrl(`${appUrl}${API.paystackWebhook}`)
    stripe.setWebhookUrl(`${appUrl}${API.stripeWebhook}`)
  }
})

test('a replayed Paystack webhook changes nothing: one package, one notification', async () => {
  const m = await member()
  const started = await start(m, { option: 'paystack', currency: 'NGN' })
  await press(started.redirectUrl, 'pay')
  await outcome(m, started.reference)
  for (let i = 0; i < 3; i++) expect(await paystack.sendWebhook(paystack.webhookFor(started.reference))).toMatchObject({ status: 200 })
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  expect(await messagesOf(m.user.id, 'payment')).toHaveLength(1)
  expect(await outcome(m, started.reference)).toMatchObject({ status: 'success' })
})

test('Paystack: a declined card is a failed payment; Cancel returns to the app, which gives the payment up; nothing is granted', async () => {
  const m = await member()
  const declined = await start(m, { option: 'paystack', currency: 'NGN' })
  await press(declined.redirectUrl, 'decline')
  expect(await outcome(m, declined.reference)).toMatchObject({ status: 'failed', message: PAYMENT_TEXTS.failed })
  expect(await paymentOf(declined.reference)).toMatchObject({ failureReason: 'Declined' })

  const cancelled = await start(m, { option: 'paystack', currency: 'NGN' })
  const back = await press(cancelled.redirectUrl, 'cancel')
  expect(back.toString()).toBe(`${PUBLIC_URL}/payment_success?reference=${cancelled.reference}&cancelled=1`)
  expect(await outcome(m, cancelled.reference, true)).toMatchObject({ status: 'abandoned', message: PAYMENT_TEXTS.abandoned })
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('a forged Paystack webhook (wrong key, altered body, no signature) is a 400 and changes nothing', async () => {
  const m = await member()
  const started = await start(m, { option: 'paystack', currency: 'NGN' })
  // What a real charge.success for this payment would say, had it been paid.
  const claim = paystack.webhookFor(started.reference)
  const forgedClaim = {
    ...claim,
    data: {
      ...claim.data,
      status: 'success',
      gateway_response: 'Successful',
      authorization: { authorization_code: 'AUTH_forged', reusable: true },
    },
  }

  const cases = [
    paystack.signWebhook(forgedClaim, `sk_test_${randomBytes(20).toString('hex')}`),
    { ...paystack.signWebhook(claim), body: JSON.stringify(forgedClaim) },
    { body: JSON.stringify(forgedClaim), headers: { 'content-type': 'application/json' } },
  ]
  for (const signed of cases) {
    const res = await postWebhook(API.paystackWebhook, signed)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('bad_signature')
  }
  expect(await paymentOf(started.reference)).toMatchObject({ status: 'pending' })
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('a signed webhook that cannot be read is acknowledged, logged and changes nothing (never a 500)', async () => {
  const m = await member()
  const started = await start(m, { option: 'paystack', currency: 'NGN' })
  const claim = paystack.webhookFor(started.reference)
  const unreadable = [
    paystack.signWebhook('not json at all'),
    paystack.signWebhook({ event: 'charge.success', data: { ...claim.data, status: 'success', amount: 'lots' } }),
    paystack.signWebhook('null'),
  ]
  for (const signed of unreadable) expect((await postWebhook(API.paystackWebhook, signed)).status).toBe(200)
  for (const body of ['null', '{"type":"payment_intent.succeeded","data":{"object":{"metadata":{"reference":"owe_0123456789abcdef"}}}}']) {
    expect((await postWebhook(API.stripeWebhook, stripe.signWebhook(body))).status).toBe(200)
  }
  expect(await paymentOf(started.reference)).toMatchObject({ status: 'pending' })
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('Stripe in dollars: the card-bearing webhook settles it first, the return shows it, and the card is kept with its customer', async () => {
  const m = await member()
  const started = await start(m, { option: 'stripe', currency: 'USD', autoRenew: true })
  expect(stripe.requestsTo('/v1/checkout/sessions').at(-1)?.body).toMatchObject({
    client_reference_id: started.reference,
    customer_email: m.email,
    line_items: [{ price_data: { currency: 'usd', unit_amount: '1799' } }],
    payment_intent_data: { setup_future_usage: 'off_session' },
  })
  expect(await (await fetch(started.redirectUrl)).text()).toContain('$17.99 (USD)')

  const back = await press(started.redirectUrl, 'pay')
  expect(back.searchParams.get('reference')).toBe(started.reference)
  expect(stripe.webhooks.slice(-2)).toEqual([
    expect.objectContaining({ type: 'payment_intent.succeeded', status: 200 }),
    expect.objectContaining({ type: 'checkout.session.completed', status: 200 }),
  ])
  expect(await paymentOf(started.reference)).toMatchObject({ status: 'success', amountMinor: 1799, currency: 'USD' })
  expect(await outcome(m, started.reference)).toMatchObject({ status: 'success', amount: 17.99, currency: 'USD' })
  expect(await packagesOf(m.user.id)).toEqual([expect.objectContaining({ autoRenew: true })])
  expect(await cardsOf(m.user.id)).toEqual([
    expect.objectContaining({ provider: 'stripe', token: expect.stringMatching(/^pm_/), customer: expect.stringMatching(/^cus_/) }),
  ])
  expect(await messagesOf(m.user.id, 'payment')).toHaveLength(1)
})

test('Stripe refuses naira: initialize is a 400 and no checkout is created', async () => {
  const m = await member()
  const before = stripe.sessions().length
  const state = paymentState(plans.Silver, { option: 'stripe', currency: 'NGN', amount: plans.Silver.amount * 1000 })
  const res = await initialize(ctx.app, state, m.token)
  expect(res.status).toBe(400)
  expect(res.body.error.fields).toEqual({ currency: PAYMENT_TEXTS.nairaOnlyPaystack })
  expect(stripe.sessions().length).toBe(before)
})

test('Stripe: out-of-order and replayed events after a success change nothing', async () => {
  const m = await member()
  const started = await start(m, { option: 'stripe', currency: 'USD' })
  await press(started.redirectUrl, 'pay')
  await outcome(m, started.reference)
  const session = stripe.session(started.reference)
  const intent = session.payment_intent as Record<string, unknown>
  const late = [
    stripe.event('checkout.session.expired', { ...session, status: 'expired', payment_status: 'unpaid', payment_intent: intent.id }),
    stripe.event('payment_intent.payment_failed', {
      ...intent,
      status: 'requires_payment_method',
      last_payment_error: { message: 'Your card was declined.', type: 'card_error' },
    }),
    stripe.eventFor('checkout.session.completed', started.reference),
    stripe.eventFor('payment_intent.succeeded', started.reference),
  ]
  for (const event of late) expect(await stripe.sendWebhook(event)).toMatchObject({ status: 200 })
  expect(await outcome(m, started.reference, true)).toMatchObject({ status: 'success' })
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  expect(await messagesOf(m.user.id, 'payment')).toHaveLength(1)
})

test('a forged or stale Stripe webhook is a 400 and changes nothing', async () => {
  const m = await member()
  const started = await start(m, { option: 'stripe', currency: 'USD' })
  const session = stripe.session(started.reference)
  const claim = stripe.event('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid', payment_intent: null })
  const cases = [
    stripe.signWebhook(claim, { secret: `whsec_${randomBytes(24).toString('hex')}` }),
    stripe.signWebhook(claim, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
    { ...stripe.signWebhook(stripe.eventFor('checkout.session.expired', started.reference)), body: JSON.stringify(claim) },
  ]
  for (const signed of cases) {
    const res = await postWebhook(API.stripeWebhook, signed)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('bad_signature')
  }
  expect(await paymentOf(started.reference)).toMatchObject({ status: 'pending' })
  expect(await packagesOf(m.user.id)).toEqual([])
})

test('Stripe: a declined card is failed; a cancelled checkout is expired at Stripe and abandoned here', async () => {
  const m = await member()
  const declined = await start(m, { option: 'stripe', currency: 'USD' })
  await press(declined.redirectUrl, 'decline')
  expect(await outcome(m, declined.reference)).toMatchObject({ status: 'failed', message: PAYMENT_TEXTS.failed })

  const cancelled = await start(m, { option: 'stripe', currency: 'USD' })
  const back = await press(cancelled.redirectUrl, 'cancel')
  expect(back.searchParams.get('cancelled')).toBe('1')
  expect(await outcome(m, cancelled.reference, true)).toMatchObject({ status: 'abandoned' })
  expect(stripe.session(cancelled.reference)).toMatchObject({ status: 'expired' })
  expect(await packagesOf(m.user.id)).toEqual([])
})

/** A member who paid for Silver with auto-renew at `paidAt`, and the clock moved to half a day before it ends. */
async function dueForRenewal(way: Way, paidAt: string) {
  clock.set(paidAt)
  const m = await member()
  const started = await start(m, { ...way, autoRenew: true })
  await press(started.redirectUrl, 'pay')
  await outcome(m, started.reference)
  const [first] = await packagesOf(m.user.id)
  clock.set(new Date(first.endsAt.getTime() - 12 * HOUR).toISOString())
  return { m, first }
}

test('a Paystack renewal charges the saved authorization in naira and adds the next year', async () => {
  const { m, first } = await dueForRenewal({ option: 'paystack', currency: 'NGN' }, '2030-01-10T09:00:00Z')
  const [card] = await cardsOf(m.user.id)
  await renewDuePackages(service, clock.now())
  await paystack.idle()

  expect(paystack.requestsTo('/transaction/charge_authorization').at(-1)?.body).toMatchObject({
    authorization_code: card.token,
    email: m.email,
    amount: 1799000,
    currency: 'NGN',
    reference: renewalReference(first).replaceAll('_', '.'),
  })
  expect(await paymentOf(renewalReference(first))).toMatchObject({ status: 'success', purpose: 'renewal', currency: 'NGN' })
  const [, next] = await packagesOf(m.user.id)
  expect(next).toMatchObject({ startsAt: first.endsAt, autoRenew: true })
  expect((await messagesOf(m.user.id, 'subscription')).map((n) => n.title)).toEqual([PAYMENT_NOTICES.renewedTitle])
  // Paystack's charge.success for the renewal arrived as well: nothing doubled.
  expect(paystack.webhooks.at(-1)).toMatchObject({ event: 'charge.success', status: 200 })
  expect(await packagesOf(m.user.id)).toHaveLength(2)
})

test('a Stripe renewal is an off-session charge of the saved card and adds the next year', async () => {
  const { m, first } = await dueForRenewal({ option: 'stripe', currency: 'USD' }, '2032-03-05T15:00:00Z')
  const [card] = await cardsOf(m.user.id)
  await renewDuePackages(service, clock.now())
  await stripe.idle()

  expect(stripe.requestsTo('/v1/payment_intents').at(-1)).toMatchObject({
    status: 200,
    headers: expect.objectContaining({ 'idempotency-key': renewalReference(first) }),
    body: expect.objectContaining({
      amount: '1799',
      currency: 'usd',
      customer: card.customer,
      payment_method: card.token,
      off_session: 'true',
      confirm: 'true',
    }),
  })
  expect(await paymentOf(renewalReference(first))).toMatchObject({ status: 'success', providerRef: expect.stringMatching(/^pi_/) })
  const [, next] = await packagesOf(m.user.id)
  expect(next).toMatchObject({ startsAt: first.endsAt, autoRenew: true })
  expect(stripe.webhooks.at(-1)).toMatchObject({ type: 'payment_intent.succeeded', status: 200 })
  expect(await packagesOf(m.user.id)).toHaveLength(2)
})

test('a declined renewal (Paystack and Stripe) turns auto-renew off and tells the user; the plan ends on its date', async () => {
  const ways: [Way, string, () => void][] = [
    [{ option: 'paystack', currency: 'NGN' }, '2034-06-01T08:00:00Z', () => paystack.declineNextCharge('Insufficient Funds')],
    [{ option: 'stripe', currency: 'USD' }, '2036-06-01T08:00:00Z', () => stripe.declineNextCharge('Your card has insufficient funds.')],
  ]
  for (const [way, paidAt, decline] of ways) {
    const { m, first } = await dueForRenewal(way, paidAt)
    decline()
    await renewDuePackages(service, clock.now())
    await Promise.all([paystack.idle(), stripe.idle()])
    expect(await paymentOf(renewalReference(first)), way.option).toMatchObject({
      status: 'failed',
      failureReason: way.option === 'paystack' ? 'Insufficient Funds' : 'Your card has insufficient funds.',
    })
    expect(await packagesOf(m.user.id)).toEqual([expect.objectContaining({ id: first.id, autoRenew: false, endsAt: first.endsAt })])
    expect((await messagesOf(m.user.id, 'subscription')).map((n) => n.title)).toEqual([PAYMENT_NOTICES.renewalFailedTitle])
    // A later run does not charge again.
    clock.set(new Date(first.endsAt.getTime() - HOUR).toISOString())
    expect(await renewDuePackages(service, clock.now())).toBe(0)
  }
})
