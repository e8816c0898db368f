import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { newPaymentReference } from '@core/payments/payment'
import { startPaystackStandIn, type PaystackStandIn } from '../../../../tests/support/paystack-stand-in'
import { createPaystackProvider, paystackResult } from './paystack'
import { ProviderError, WebhookSignatureError, type CheckoutInput, type PaymentProvider } from './types'

// Keys are made up per run: only this stand-in accepts them.
const secretKey = `sk_test_${randomBytes(20).toString('hex')}`
let standIn: PaystackStandIn
let paystack: PaymentProvider

beforeAll(async () => {
  standIn = await startPaystackStandIn({ secretKey })
  paystack = createPaystackProvider({ secretKey, baseUrl: standIn.url })
})
afterAll(() => standIn.close())

function checkout(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  const reference = overrides.reference ?? newPaymentReference()
  return {
    reference,
    amountMinor: 5_000_00,
    currency: 'NGN',
    email: 'ada@example.com',
    callbackUrl: `http://app.test/payment_success?reference=${reference}`,
    cancelUrl: `http://app.test/payment_cancelled?reference=${reference}`,
    description: 'Òwe Silver plan, one year',
    saveForRenewal: true,
    metadata: { userId: '42', packageId: '7' },
    ...overrides,
  }
}

/** Presses a button on the hosted checkout, as the browser would; where it sends the customer. */
async function press(redirectUrl: string, button: 'pay' | 'decline' | 'cancel'): Promise<string> {
  const response = await fetch(`${redirectUrl}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(response.status).toBe(303)
  return response.headers.get('location')!
}

const charge = (reference = newPaymentReference()) => ({
  reference,
  amountMinor: 5_000_00,
  currency: 'NGN' as const,
  email: 'ada@example.com',
  description: 'Òwe Silver plan, renewal',
  metadata: { userId: '42' },
})

test('start initializes a Paystack transaction in kobo with our reference, the cancel address, and sends the customer to its checkout', async () => {
  const input = checkout()
  const started = await paystack.start(input)

  const [request] = standIn.requestsTo('/transaction/initialize').slice(-1)
  expect(request.status).toBe(200)
  expect(request.headers.authorization).toBe(`Bearer ${secretKey}`)
  expect(request.body).toEqual({
    email: 'ada@example.com',
    amount: 500000,
    currency: 'NGN',
    // Paystack allows '.' but not '_' in a reference.
    reference: input.reference.replace(/_/g, '.'),
    callback_url: input.callbackUrl,
    metadata: { userId: '42', packageId: '7', cancel_action: input.cancelUrl },
  })
  expect(started.providerRef).toMatch(/^[a-z0-9]{15}$/)
  const page = await fetch(started.redirectUrl)
  const html = await page.text()
  expect(html).toContain('<h1>Paystack stand-in checkout</h1>')
  expect(html).toContain('₦5,000.00 (NGN)')
  expect(html).toMatch(/<button type="submit">Pay<\/button>[\s\S]*Decline[\s\S]*Cancel/)
})

test('an unpaid checkout verifies as abandoned; once paid it is a success with a reusable card, and the customer returns to the callback with trxref and reference', async () => {
  const input = checkout()
  const { redirectUrl } = await paystack.start(input)
  expect(await paystack.verify({ reference: input.reference, providerRef: null })).toEqual({
    status: 'abandoned',
    reason: 'The transaction was not completed',
  })

  const back = new URL(await press(redirectUrl, 'pay'))
  const paystackRef = input.reference.replace(/_/g, '.')
  expect(back.searchParams.getAll('reference')).toEqual([input.reference, paystackRef])
  expect(back.searchParams.get('trxref')).toBe(paystackRef)

  const result = await paystack.verify({ reference: input.reference, providerRef: null })
  expect(result).toEqual({
    status: 'success',
    amountMinor: 500000,
    currency: 'NGN',
    method: { token: expect.stringMatching(/^AUTH_/), customer: 'ada@example.com', label: 'Visa ending 4081' },
  })
})

test('Paystack charges in dollars too: the amount in cents comes back as USD', async () => {
  const input = checkout({ amountMinor: 19_99, currency: 'USD' })
  const { redirectUrl } = await paystack.start(input)
  expect(await (await fetch(redirectUrl)).text()).toContain('$19.99 (USD)')
  await press(redirectUrl, 'pay')
  expect(await paystack.verify({ reference: input.reference, providerRef: null })).toMatchObject({
    status: 'success',
    amountMinor: 1999,
    currency: 'USD',
  })
})

test('a declined card is a failed payment with Paystack’s reason; the customer still returns to the callback', async () => {
  const input = checkout()
  const { redirectUrl } = await paystack.start(input)
  expect(await press(redirectUrl, 'decline')).toContain('trxref=')
  expect(await paystack.verify({ reference: input.reference, providerRef: null })).toEqual({ status: 'failed', reason: 'Declined' })
})

test('Cancel sends the customer to the cancel address; the payment stays abandoned and cancel has nothing to do at Paystack', async () => {
  const input = checkout()
  const started = await paystack.start(input)
  expect(await press(started.redirectUrl, 'cancel')).toBe(input.cancelUrl)
  await expect(paystack.cancel({ reference: input.reference, providerRef: started.providerRef })).resolves.toBeUndefined()
  expect(await paystack.verify({ reference: input.reference, providerRef: null })).toMatchObject({ status: 'abandoned' })
})

test('a reference Paystack has never seen verifies as pending: nothing is settled by it', async () => {
  expect(await paystack.verify({ reference: newPaymentReference(), providerRef: null })).toEqual({ status: 'pending' })
})

test('a renewal charges the saved authorization with the customer’s email and our reference', async () => {
  const input = checkout()
  const { redirectUrl } = await paystack.start(input)
  await press(redirectUrl, 'pay')
  const paid = await paystack.verify({ reference: input.reference, providerRef: null })
  if (paid.status !== 'success' || !paid.method) throw new Error('expected a saved card')

  const renewal = charge()
  expect(await paystack.charge(paid.method, renewal)).toEqual({
    status: 'success',
    amountMinor: 500000,
    currency: 'NGN',
    method: paid.method,
  })
  const [request] = standIn.requestsTo('/transaction/charge_authorization').slice(-1)
  expect(request.body).toMatchObject({
    authorization_code: paid.method.token,
    email: 'ada@example.com',
    amount: 500000,
    currency: 'NGN',
    reference: renewal.reference.replace(/_/g, '.'),
  })
  expect(await paystack.verify({ reference: renewal.reference, providerRef: null })).toMatchObject({ status: 'success' })

  // A retry with the same reference (the first answer was lost) reports what Paystack did, not a second charge.
  expect(await paystack.charge(paid.method, renewal)).toMatchObject({ status: 'success', amountMinor: 500000 })
  expect(standIn.requestsTo('/transaction/charge_authorization').slice(-1)[0].status).toBe(400)
})

test('a declined renewal is failed with the bank’s reason, and an unknown authorization is failed too', async () => {
  const input = checkout()
  const { redirectUrl } = await paystack.start(input)
  await press(redirectUrl, 'pay')
  const paid = await paystack.verify({ reference: input.reference, providerRef: null })
  if (paid.status !== 'success' || !paid.method) throw new Error('expected a saved card')

  standIn.declineNextCharge('Insufficient Funds')
  expect(await paystack.charge(paid.method, charge())).toEqual({ status: 'failed', reason: 'Insufficient Funds' })
  expect(await paystack.charge({ token: 'AUTH_gone', customer: 'ada@example.com', label: null }, charge())).toEqual({
    status: 'failed',
    reason: 'Invalid authorization code',
  })
})

test('Paystack statuses map to ours; steps that need the customer fail an off-session renewal; a card that cannot be reused is not kept', () => {
  for (const status of ['ongoing', 'pending', 'processing', 'queued']) expect(paystackResult({ status })).toEqual({ status: 'pending' })
  expect(paystackResult({ status: 'send_otp', gateway_response: 'Kindly enter the OTP sent to 234***' })).toEqual({
    status: 'failed',
    reason: 'Kindly enter the OTP sent to 234***',
  })
  expect(paystackResult({ status: 'reversed' })).toMatchObject({ status: 'failed' })
  expect(
    paystackResult({
      status: 'success',
      amount: 100,
      currency: 'NGN',
      authorization: { authorization_code: 'AUTH_x', reusable: false, channel: 'card', last4: '1234' },
    }),
  ).toEqual({ status: 'success', amountMinor: 100, currency: 'NGN', method: null })
  expect(() => paystackResult({ status: 'success', amount: 100, currency: 'GHS' })).toThrow(ProviderError)
})

test('a charge.success webhook signed with the secret key is read; a forged or altered one is refused; other events are not ours', async () => {
  const input = checkout()
  const { redirectUrl } = await paystack.start(input)
  await press(redirectUrl, 'pay')
  const event = standIn.webhookFor(input.reference)

  const signed = standIn.signWebhook(event)
  expect(paystack.parseWebhook(Buffer.from(signed.body), signed.headers)).toEqual({
    reference: input.reference,
    result: {
      status: 'success',
      amountMinor: 500000,
      currency: 'NGN',
      method: { token: expect.stringMatching(/^AUTH_/), customer: 'ada@example.com', label: 'Visa ending 4081' },
    },
  })

  const forged = standIn.signWebhook(event, `sk_test_${randomBytes(20).toString('hex')}`)
  expect(() => paystack.parseWebhook(Buffer.from(forged.body), forged.headers)).toThrow(WebhookSignatureError)
  const altered = signed.body.replace('"amount": 500000', '"amount": 1').replace('"amount":500000', '"amount":1')
  expect(altered).not.toBe(signed.body)
  expect(() => paystack.parseWebhook(Buffer.from(altered), signed.headers)).toThrow(WebhookSignatureError)
  expect(() => paystack.parseWebhook(Buffer.from(signed.body), { 'content-type': 'application/json' })).toThrow(WebhookSignatureError)
  expect(() => paystack.parseWebhook(Buffer.from(signed.body), { 'x-paystack-signature': 'not hex' })).toThrow(WebhookSignatureError)

  const transfer = standIn.signWebhook({ event: 'transfer.success', data: { reference: 'TRF_1' } })
  expect(paystack.parseWebhook(Buffer.from(transfer.body), transfer.headers)).toBeNull()
})

test('on Pay the stand-in delivers a signed charge.success to the webhook URL before the customer returns, and a dead webhook URL does not break the page', async () => {
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
    standIn.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook/paystack`)
    const input = checkout()
    await press((await paystack.start(input)).redirectUrl, 'pay')
    expect(received).toHaveLength(1)
    expect(paystack.parseWebhook(received[0].body, received[0].headers)).toMatchObject({
      reference: input.reference,
      result: { status: 'success' },
    })
  } finally {
    receiver.closeAllConnections()
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
  }
  // Nobody listens there now: the customer still gets back to the app.
  const input = checkout()
  expect(await press((await paystack.start(input)).redirectUrl, 'pay')).toContain('trxref=')
  expect(standIn.webhooks.at(-1)).toMatchObject({ event: 'charge.success', status: null, error: expect.any(String) })
  standIn.setWebhookUrl(null)
})

test('a wrong key and an unreachable Paystack are ProviderErrors that never show the key', async () => {
  const wrongKey = `sk_test_${randomBytes(20).toString('hex')}`
  const wrong = createPaystackProvider({ secretKey: wrongKey, baseUrl: standIn.url })
  const refused = await wrong.start(checkout()).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(ProviderError)
  expect(refused).toMatchObject({ status: 401, message: 'Paystack refused to start the payment (401): Invalid key' })
  expect(standIn.requests.at(-1)).toMatchObject({ status: 401 })

  const closed = http.createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const deadPort = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  const dead = createPaystackProvider({ secretKey: wrongKey, baseUrl: `http://127.0.0.1:${deadPort}` })
  const unreachable = [
    await dead.start(checkout()).catch((e: unknown) => e),
    await dead.verify({ reference: newPaymentReference(), providerRef: null }).catch((e: unknown) => e),
  ]
  for (const error of unreachable) {
    expect(error).toBeInstanceOf(ProviderError)
    expect((error as ProviderError).message).toBe('Paystack could not be reached: ECONNREFUSED')
  }
  for (const error of [refused, ...unreachable] as Error[]) {
    expect(error.message).not.toContain(wrongKey)
    expect(error.message).not.toContain(secretKey)
  }
})
