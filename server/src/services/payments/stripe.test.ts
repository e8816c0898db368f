import { createHmac, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newPaymentReference } from '@core/payments/payment'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/support/stripe-stand-in'
import { createStripeProvider, STRIPE_API_VERSION, stripeForm } from './stripe'
import { ProviderError, WebhookSignatureError, type CheckoutInput, type PaymentProvider, type SavedMethod } from './types'

// Keys are made up per run: only this stand-in accepts them.
const secretKey = `sk_test_${randomBytes(24).toString('hex')}`
const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`
let standIn: StripeStandIn
let stripe: PaymentProvider

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey, webhookSecret })
  stripe = createStripeProvider({ secretKey, webhookSecret, baseUrl: standIn.url })
})
afterAll(() => standIn.close())

function checkout(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const reference = overrides.reference ?? newPaymentReference()
  return {
    reference,
    amountMinor: 19_99,
    currency: 'USD',
    email: 'ada@example.com',
    callbackUrl: `http://app.test/payment_success?reference=${reference}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `http://app.test/payment_cancelled?reference=${reference}`,
    description: 'Òwe Silver plan, one year',
    saveForRenewal: true,
    metadata: { userId: '42', packageId: '7' },
    ...overrides,
  }
}

async function press(redirectUrl: string, button: 'pay' | 'decline' | 'cancel'): Promise<string> {
  const response = await fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(response.status).toBe(303)
  return response.headers.get('location')!
}

/** A paid checkout that kept the card; its saved method. */
async function savedCard(): Promise<SavedMethod> {
  const input = checkout()
  const started = await stripe.start(input)
  await press(started.redirectUrl, 'pay')
  const paid = await stripe.verify({ reference: input.reference, providerRef: started.providerRef })
  if (paid.status !== 'success' || !paid.method) throw new Error('expected a saved card')
  return paid.method
}

const renewal = (reference = newPaymentReference()) => ({
  reference,
  amountMinor: 19_99,
  currency: 'USD' as const,
  email: 'ada@example.com',
  description: 'Òwe Silver plan, renewal',
  metadata: { userId: '42' },
})

test('the form encoding is Stripe’s bracket notation', () => {
  expect(decodeURIComponent(stripeForm({ a: 1, b: [{ c: { d: 'x' } }], e: ['f', 'g'], skip: undefined }).toString())).toBe(
    'a=1&b[0][c][d]=x&e[0]=f&e[1]=g',
  )
})

test('start creates a Checkout Session for the price in cents, keeping the card when asked, and sends the customer to it', async () => {
  const input = checkout()
  const started = await stripe.start(input)

  const [request] = standIn.requestsTo('/v1/checkout/sessions').slice(-1)
  expect(request.status).toBe(200)
  expect(request.headers.authorization).toBe(`Bearer ${secretKey}`)
  expect(request.headers['idempotency-key']).toBe(input.reference)
  expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION)
  expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded')
  const metadata = { userId: '42', packageId: '7', reference: input.reference, save_card: 'true' }
  expect(request.body).toEqual({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: '1999', product_data: { name: 'Òwe Silver plan, one year' } }, quantity: '1' },
    ],
    success_url: input.callbackUrl,
    cancel_url: input.cancelUrl,
    client_reference_id: input.reference,
    customer_email: 'ada@example.com',
    customer_creation: 'always',
    metadata,
    payment_intent_data: { metadata, setup_future_usage: 'off_session' },
  })
  expect(started.providerRef).toMatch(/^cs_test_/)
  const html = await (await fetch(started.redirectUrl)).text()
  expect(html).toContain('<h1>Stripe stand-in checkout</h1>')
  expect(html).toContain('$19.99 (USD)')
  expect(html).toMatch(/<button type="submit">Pay<\/button>[\s\S]*Decline[\s\S]*Cancel/)
})

test('starting the same payment twice (a retry after a lost answer) gives one session', async () => {
  const input = checkout()
  const first = await stripe.start(input)
  const again = await stripe.start(input)
  expect(again).toEqual(first)
  expect(standIn.sessions().filter((s) => s.client_reference_id === input.reference)).toHaveLength(1)
  expect(standIn.requestsTo('/v1/checkout/sessions').slice(-1)[0].status).toBe(200)
})

test('Stripe charges in dollars only here: naira is refused before any request', async () => {
  expect(stripe.currencies).toEqual(['USD'])
  const before = standIn.requests.length
  await expect(stripe.start(checkout({ currency: 'NGN', amountMinor: 19_990_00 }))).rejects.toThrow(ProviderError)
  expect(standIn.requests.length).toBe(before)
})

test('an open checkout is pending; once paid it is a success with the saved card, and the customer returns to success_url with the session id', async () => {
  const input = checkout()
  const started = await stripe.start(input)
  const payment = { reference: input.reference, providerRef: started.providerRef }
  expect(await stripe.verify(payment)).toEqual({ status: 'pending', providerRef: started.providerRef })

  expect(await press(started.redirectUrl, 'pay')).toBe(
    `http://app.test/payment_success?reference=${input.reference}&session_id=${started.providerRef}`,
  )
  expect(await stripe.verify(payment)).toEqual({
    status: 'success',
    amountMinor: 1999,
    currency: 'USD',
    method: { token: expect.stringMatching(/^pm_/), customer: expect.stringMatching(/^cus_/), label: 'Visa ending 4242' },
    providerRef: started.providerRef,
  })
  expect(standIn.requestsTo(`/v1/checkout/sessions/${started.providerRef}`).at(-1)?.body).toEqual({
    expand: ['payment_intent', 'payment_intent.payment_method'],
  })
})

test('a payment that did not ask to keep the card has no saved method', async () => {
  const input = checkout({ saveForRenewal: false })
  const started = await stripe.start(input)
  await press(started.redirectUrl, 'pay')
  expect(await stripe.verify({ reference: input.reference, providerRef: started.providerRef })).toMatchObject({
    status: 'success',
    method: null,
  })
})

test('a declined card the customer gave up on is a failed payment with Stripe’s message', async () => {
  const input = checkout()
  const started = await stripe.start(input)
  expect(await press(started.redirectUrl, 'decline')).toContain(`session_id=${started.providerRef}`)
  expect(await stripe.verify({ reference: input.reference, providerRef: started.providerRef })).toEqual({
    status: 'failed',
    reason: 'Your card was declined.',
    providerRef: started.providerRef,
  })
})

test('Cancel returns to cancel_url; cancel expires the session (abandoned), and cancelling an ended session is harmless', async () => {
  const input = checkout()
  const started = await stripe.start(input)
  const payment = { reference: input.reference, providerRef: started.providerRef }
  expect(await press(started.redirectUrl, 'cancel')).toBe(input.cancelUrl)
  expect(await stripe.verify(payment)).toMatchObject({ status: 'pending' })

  await stripe.cancel(payment)
  expect(await stripe.verify(payment)).toEqual({
    status: 'abandoned',
    reason: 'The checkout expired before it was paid',
    providerRef: started.providerRef,
  })
  await expect(stripe.cancel(payment)).resolves.toBeUndefined()
  expect(standIn.requestsTo(`/v1/checkout/sessions/${started.providerRef}/expire`).map((r) => r.status)).toEqual([200, 400])

  const paid = checkout()
  const paidStarted = await stripe.start(paid)
  await press(paidStarted.redirectUrl, 'pay')
  await expect(stripe.cancel({ reference: paid.reference, providerRef: paidStarted.providerRef })).resolves.toBeUndefined()
  expect(await stripe.verify({ reference: paid.reference, providerRef: paidStarted.providerRef })).toMatchObject({ status: 'success' })
  // Nothing to ask Stripe about without its id.
  expect(await stripe.verify({ reference: paid.reference, providerRef: null })).toEqual({ status: 'pending' })
})

test('a renewal is an off-session PaymentIntent on the saved card; the same reference twice charges once', async () => {
  const method = await savedCard()
  const input = renewal()
  const charged = await stripe.charge(method, input)
  expect(charged).toEqual({ status: 'success', amountMinor: 1999, currency: 'USD', method, providerRef: expect.stringMatching(/^pi_/) })

  const [request] = standIn.requestsTo('/v1/payment_intents').slice(-1)
  expect(request.headers['idempotency-key']).toBe(input.reference)
  expect(request.body).toEqual({
    amount: '1999',
    currency: 'usd',
    customer: method.customer,
    payment_method: method.token,
    off_session: 'true',
    confirm: 'true',
    description: 'Òwe Silver plan, renewal',
    metadata: { userId: '42', reference: input.reference },
    expand: ['payment_method'],
  })

  expect(await stripe.charge(method, input)).toEqual(charged)
  expect(
    standIn
      .requestsTo('/v1/payment_intents')
      .filter((r) => r.body.metadata && (r.body.metadata as Record<string, string>).reference === input.reference),
  ).toHaveLength(2)
  expect(standIn.paymentIntent(input.reference)).toMatchObject({ status: 'succeeded' })
  if (charged.status !== 'success') throw new Error('expected a success')
  expect(await stripe.verify({ reference: input.reference, providerRef: charged.providerRef! })).toMatchObject({
    status: 'success',
    amountMinor: 1999,
    providerRef: charged.providerRef,
  })
})

test('a declined renewal (402 card_error) is failed with the card’s message, and verify agrees', async () => {
  const method = await savedCard()
  standIn.declineNextCharge('Your card has insufficient funds.')
  const input = renewal()
  const result = await stripe.charge(method, input)
  expect(result).toEqual({ status: 'failed', reason: 'Your card has insufficient funds.', providerRef: expect.stringMatching(/^pi_/) })
  expect(standIn.requestsTo('/v1/payment_intents').at(-1)?.status).toBe(402)
  expect(await stripe.verify({ reference: input.reference, providerRef: result.providerRef! })).toEqual({
    status: 'failed',
    reason: 'Your card has insufficient funds.',
    providerRef: result.providerRef,
  })
  await expect(stripe.charge({ ...method, customer: null }, renewal())).rejects.toThrow(ProviderError)
})

test('signed webhooks are read: paid, expired, intent succeeded and failed; other events are not ours', async () => {
  const input = checkout()
  const started = await stripe.start(input)
  await standIn.pay(input.reference)
  const read = (event: unknown) => {
    const { body, headers } = standIn.signWebhook(event)
    return stripe.parseWebhook(Buffer.from(body), headers)
  }

  // The completed session names its intent by id only, so when a card is to be kept it settles nothing:
  // payment_intent.succeeded (or verify) carries the card.
  expect(read(standIn.eventFor('checkout.session.completed', input.reference))).toEqual({
    reference: input.reference,
    result: { status: 'pending', providerRef: started.providerRef },
  })
  expect(read(standIn.eventFor('payment_intent.succeeded', input.reference))).toEqual({
    reference: input.reference,
    result: {
      status: 'success',
      amountMinor: 1999,
      currency: 'USD',
      method: { token: expect.stringMatching(/^pm_/), customer: expect.stringMatching(/^cus_/), label: null },
      providerRef: expect.stringMatching(/^pi_/),
    },
  })

  const once = checkout({ saveForRenewal: false })
  const onceStarted = await stripe.start(once)
  await standIn.pay(once.reference)
  expect(read(standIn.eventFor('checkout.session.completed', once.reference))).toEqual({
    reference: once.reference,
    result: { status: 'success', amountMinor: 1999, currency: 'USD', method: null, providerRef: onceStarted.providerRef },
  })

  const other = checkout()
  await stripe.start(other)
  await standIn.decline(other.reference)
  expect(read(standIn.eventFor('payment_intent.payment_failed', other.reference))).toMatchObject({
    reference: other.reference,
    result: { status: 'failed', reason: 'Your card was declined.' },
  })
  expect(read(standIn.eventFor('checkout.session.expired', other.reference))).toMatchObject({
    reference: other.reference,
    result: { status: 'abandoned' },
  })

  expect(read(standIn.event('customer.created', { id: 'cus_1', object: 'customer' }))).toBeNull()
  expect(
    read(standIn.event('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent', status: 'succeeded', metadata: {} })),
  ).toBeNull()
})

test('a webhook with a wrong secret, an altered body, an old timestamp or no signature is refused; one good v1 among several is enough', async () => {
  const input = checkout()
  await stripe.start(input)
  await standIn.pay(input.reference)
  const event = standIn.eventFor('checkout.session.completed', input.reference)
  const signed = standIn.signWebhook(event)
  const parse = (body: string, headers: http.IncomingHttpHeaders) => () => stripe.parseWebhook(Buffer.from(body), headers)

  const forged = standIn.signWebhook(event, { secret: `whsec_${randomBytes(24).toString('hex')}` })
  expect(parse(forged.body, forged.headers)).toThrow(WebhookSignatureError)
  expect(parse(signed.body.replace('"amount_total": 1999', '"amount_total": 1'), signed.headers)).toThrow(WebhookSignatureError)
  expect(parse(signed.body, {})).toThrow(WebhookSignatureError)
  expect(parse(signed.body, { 'stripe-signature': 'v1=abc' })).toThrow(WebhookSignatureError)

  const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360
  const stale = standIn.signWebhook(event, { timestamp: sixMinutesAgo })
  expect(parse(stale.body, stale.headers)).toThrow(/older than five minutes/)
  // The same webhook is fine for a provider whose clock says it just arrived.
  const then = createStripeProvider(
    { secretKey, webhookSecret, baseUrl: standIn.url },
    { now: () => new Date((sixMinutesAgo + 10) * 1000) },
  )
  expect(then.parseWebhook(Buffer.from(stale.body), stale.headers)).toMatchObject({ reference: input.reference })

  // Stripe sends one v1 per active secret while a secret is being rolled.
  const t = Math.floor(Date.now() / 1000)
  const good = createHmac('sha256', webhookSecret).update(`${t}.${signed.body}`).digest('hex')
  expect(
    stripe.parseWebhook(Buffer.from(signed.body), { 'stripe-signature': `t=${t},v1=${'0'.repeat(64)},v1=${good},v0=ignored` }),
  ).toMatchObject({ reference: input.reference })
})

test('on Pay the stand-in delivers payment_intent.succeeded then checkout.session.completed, signed, before the customer returns', async () => {
  const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = []
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) })
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  try {
    standIn.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook/stripe`)
    const input = checkout()
    await press((await stripe.start(input)).redirectUrl, 'pay')
    const events = received.map((r) => stripe.parseWebhook(r.body, r.headers))
    expect(events.map((e) => e?.result.status)).toEqual(['success', 'pending'])
    expect(events[0]?.result).toMatchObject({ method: { token: expect.stringMatching(/^pm_/) } })
    expect(standIn.webhooks.map((w) => w.type)).toEqual(['payment_intent.succeeded', 'checkout.session.completed'])
  } finally {
    standIn.setWebhookUrl(null)
    receiver.closeAllConnections()
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
})

test('a wrong key and an unreachable Stripe are ProviderErrors that never show the key', async () => {
  const wrongKey = `sk_test_${randomBytes(24).toString('hex')}`
  const wrong = createStripeProvider({ secretKey: wrongKey, webhookSecret, baseUrl: standIn.url })
  const refused = (await wrong.start(checkout()).catch((e: unknown) => e)) as ProviderError
  expect(refused).toBeInstanceOf(ProviderError)
  expect(refused.status).toBe(401)
  // Stripe itself shows only the key's prefix and last four characters.
  expect(refused.message).toBe(
    `Stripe refused to start the checkout (401): Invalid API Key provided: sk_test_${'*'.repeat(wrongKey.length - 12)}${wrongKey.slice(-4)}`,
  )

  const closed = http.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const deadPort = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  const dead = createStripeProvider({ secretKey: wrongKey, webhookSecret, baseUrl: `http://127.0.0.1:${deadPort}` })
  const unreachable = [
    await dead.start(checkout()).catch((e: unknown) => e),
    await dead.verify({ reference: 'r', providerRef: 'cs_test_x' }).catch((e: unknown) => e),
    await dead.charge({ token: 'pm_x', customer: 'cus_x', label: null }, renewal()).catch((e: unknown) => e),
  ] as ProviderError[]
  for (const error of unreachable) {
    expect(error).toBeInstanceOf(ProviderError)
    expect(error.message).toBe('Stripe could not be reached: ECONNREFUSED')
  }
  for (const error of [refused, ...unreachable]) {
    expect(error.message).not.toContain(wrongKey)
    expect(error.message).not.toContain(secretKey)
    expect(error.message).not.toContain(webhookSecret)
  }
})
