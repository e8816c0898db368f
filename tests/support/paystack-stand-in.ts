import { createHmac, randomBytes } from 'node:crypto'
import type http from 'node:http'
import {
  checkoutPageHtml,
  deliveryTracker,
  hostedCheckout,
  htmlAnswers,
  postWebhook,
  requestsTo,
  startStandInServer,
} from './provider-stand-in'

/**
 * A local stand-in for Paystack on 127.0.0.1, speaking its REST contract (https://paystack.com/docs/api/transaction/):
 * Bearer secret key (401 "Invalid key" otherwise), JSON `{ status, message, data }` answers, initialize →
 * hosted checkout → verify, charge_authorization, and charge.success webhooks signed with
 * x-paystack-signature (HMAC-SHA512 of the body with the secret key). Its hosted checkout page has Pay,
 * Decline and Cancel buttons; a finished checkout returns to callback_url with `?trxref=REF&reference=REF`,
 * a cancelled one to metadata.cancel_action. Every request is recorded.
 *
 * As on Paystack, an initialized transaction that nobody has paid verifies as 'abandoned'. Error texts
 * Paystack does not document are close paraphrases.
 */

export type PaystackRecordedRequest = {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** Parsed JSON (or form fields) for API calls; the raw text otherwise. */
  body: unknown
  status: number
}

export type PaystackWebhookDelivery = { event: string; reference: string; status: number | null; error?: string }

type Authorization = {
  authorization_code: string
  bin: string
  last4: string
  exp_month: string
  exp_year: string
  channel: 'card'
  card_type: string
  bank: string
  country_code: string
  brand: string
  reusable: boolean
  signature: string
  account_name: null
}

type Customer = {
  id: number
  first_name: null
  last_name: null
  email: string
  customer_code: string
  phone: null
  metadata: null
  risk_action: 'default'
}

type Transaction = {
  id: number
  reference: string
  accessCode: string | null
  amount: number
  currency: string
  email: string
  callbackUrl: string | null
  metadata: Record<string, unknown> | null
  status: 'abandoned' | 'success' | 'failed'
  gatewayResponse: string
  createdAt: Date
  paidAt: Date | null
  authorization: Authorization | null
  source: 'checkout' | 'charge_authorization'
}

const CURRENCIES = new Set(['NGN', 'USD', 'GHS', 'ZAR', 'KES'])
const REFERENCE = /^[A-Za-z0-9.=-]+$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const SYMBOLS: Record<string, string> = { NGN: '₦', USD: '$', GHS: 'GH₵', ZAR: 'R', KES: 'KSh' }

/** "₦5,000.00" for 500000 kobo. */
export const displayAmount = (minor: number, currency: string) =>
  `${SYMBOLS[currency] ?? ''}${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

export type PaystackStandIn = Awaited<ReturnType<typeof startPaystackStandIn>>

export async function startPaystackStandIn(options: { secretKey: string; webhookUrl?: string; now?: () => Date }) {
  const { secretKey } = options
  const now = options.now ?? (() => new Date())
  let webhookUrl = options.webhookUrl ?? null
  const requests: PaystackRecordedRequest[] = []
  const webhooks: PaystackWebhookDelivery[] = []
  const transactions = new Map<string, Transaction>()
  const byAccessCode = new Map<string, Transaction>()
  const authorizations = new Map<string, { authorization: Authorization; email: string }>()
  const customers = new Map<string, Customer>()
  const declines: string[] = []
  const delivering = deliveryTracker()
  let sequence = 4_099_260_000

  const code = (length: number) => randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length).toLowerCase()

  function customerFor(email: string): Customer {
    let customer = customers.get(email)
    if (!customer) {
      customer = {
        id: 181_873_000 + customers.size,
        first_name: null,
        last_name: null,
        email,
        customer_code: `CUS_${code(15)}`,
        phone: null,
        metadata: null,
        risk_action: 'default',
      }
      customers.set(email, customer)
    }
    return customer
  }

  /** The transaction as Paystack shows it (verify, charge_authorization, webhooks). */
  function toJson(t: Transaction) {
    const paidAt = t.paidAt?.toISOString() ?? null
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.amount,
      message: null,
      gateway_response: t.gatewayResponse,
      paid_at: paidAt,
      created_at: t.createdAt.toISOString(),
      channel: 'card',
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata ?? '',
      log: null,
      fees: t.status === 'success' ? Math.round(t.amount * 0.015) : 0,
      fees_split: null,
      authorization: t.authorization ?? {},
      customer: customerFor(t.email),
      plan: null,
      split: {},
      order_id: null,
      paidAt,
      createdAt: t.createdAt.toISOString(),
      requested_amount: t.amount,
      transaction_date: t.createdAt.toISOString(),
    }
  }

  function newAuthorization(email: string): Authorization {
    const authorization: Authorization = {
      authorization_code: `AUTH_${code(10)}`,
      bin: '408408',
      last4: '4081',
      exp_month: '12',
      exp_year: '2030',
      channel: 'card',
      card_type: 'visa ',
      bank: 'TEST BANK',
      country_code: 'NG',
      brand: 'visa',
      reusable: true,
      signature: `SIG_${code(20)}`,
      account_name: null,
    }
    authorizations.set(authorization.authorization_code, { authorization, email })
    return authorization
  }

  /** A webhook body and the headers Paystack sends with it, signed with `secret` (the stand-in's key unless forging). */
  function signWebhook(payload: unknown, secret = secretKey) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', secret).update(body).digest('hex') },
    }
  }

  /** The event Paystack sends for this transaction (charge.success once it is paid). */
  function webhookFor(reference: string, event = 'charge.success') {
    return { event, data: toJson(find(reference)) }
  }

  /** POSTs a signed webhook to the webhook URL; the answer's status, or the network error. */
  async function sendWebhook(payload: { event: string; data: { reference: string } }, options: { secret?: string; url?: string } = {}) {
    const target = options.url ?? webhookUrl
    if (!target) throw new Error('The Paystack stand-in has no webhook URL')
    const signed = signWebhook(payload, options.secret)
    return postWebhook<PaystackWebhookDelivery>(
      webhooks,
      { event: payload.event, reference: payload.data.reference, status: null },
      target,
      signed,
    )
  }

  /** Paystack's own delivery: never fails the caller, and tests can wait for it with idle(). */
  function deliver(t: Transaction): Promise<unknown> {
    if (!webhookUrl) return Promise.resolve()
    return delivering.track(sendWebhook({ event: 'charge.success', data: toJson(t) }).catch(() => undefined))
  }

  /** Our reference or Paystack's form of it (with '.' for '_'). */
  function lookup(reference: string): Transaction | undefined {
    return transactions.get(reference) ?? transactions.get(reference.replace(/_/g, '.')) ?? byAccessCode.get(reference)
  }

  function find(reference: string): Transaction {
    const t = lookup(reference)
    if (!t) throw new Error(`The Paystack stand-in has no transaction "${reference}"`)
    return t
  }

  function complete(t: Transaction): Promise<unknown> {
    if (t.status !== 'abandoned') return Promise.resolve()
    t.status = 'success'
    t.gatewayResponse = 'Successful'
    t.paidAt = now()
    t.authorization = newAuthorization(t.email)
    return deliver(t)
  }

  function fail(t: Transaction, reason: string) {
    if (t.status !== 'abandoned') return
    t.status = 'failed'
    t.gatewayResponse = reason
  }

  function callbackFor(t: Transaction): string | null {
    if (!t.callbackUrl) return null
    const url = new URL(t.callbackUrl)
    url.searchParams.append('trxref', t.reference)
    url.searchParams.append('reference', t.reference)
    return url.toString()
  }

  type Answer = (status: number, body: unknown) => void
  const invalid = (answer: Answer, message: string, code = 'invalid_params') =>
    answer(400, {
      status: false,
      message,
      meta: { nextStep: 'Check the parameters you sent and try again' },
      type: 'validation_error',
      code,
    })

  function parseBody(req: http.IncomingMessage, raw: string): Record<string, unknown> | null {
    if (!raw) return {}
    if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw))
    try {
      const value = JSON.parse(raw) as unknown
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null
    } catch {
      return null
    }
  }

  /** Paystack takes metadata as an object or as stringified JSON. */
  function metadataOf(value: unknown): Record<string, unknown> | null | undefined {
    if (value === undefined || value === null || value === '') return null
    if (typeof value === 'string') {
      try {
        const parsed = JSON.parse(value) as unknown
        return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined
      } catch {
        return undefined
      }
    }
    return typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  }

  /** The checks initialize and charge_authorization share; an error text, or the clean values. */
  function transactionFields(
    body: Record<string, unknown>,
  ): string | { email: string; amount: number; currency: string; reference: string | null; metadata: Record<string, unknown> | null } {
    const email = typeof body.email === 'string' ? body.email.trim() : ''
    if (!email) return 'Email Address is required'
    if (!EMAIL.test(email)) return 'Invalid Email Address Passed'
    const amount = Number(body.amount)
    if (body.amount === undefined || body.amount === '' || !Number.isInteger(amount) || amount <= 0) return 'Invalid Amount Sent'
    const currency = body.currency === undefined ? 'NGN' : String(body.currency)
    if (!CURRENCIES.has(currency)) return 'Currency not supported by merchant'
    const reference = body.reference === undefined || body.reference === '' ? null : String(body.reference)
    if (reference !== null && !REFERENCE.test(reference))
      return 'Invalid transaction reference: only -, ., = and alphanumeric characters are allowed'
    if (reference !== null && transactions.has(reference)) return 'Duplicate Transaction Reference'
    const metadata = metadataOf(body.metadata)
    if (metadata === undefined) return 'Invalid metadata: pass a JSON object'
    return { email, amount, currency, reference, metadata }
  }

  function initialize(body: Record<string, unknown>, answer: Answer) {
    const fields = transactionFields(body)
    if (typeof fields === 'string') return invalid(answer, fields, fields.includes('required') ? 'missing_params' : 'invalid_params')
    const accessCode = code(15)
    const t: Transaction = {
      id: ++sequence,
      reference: fields.reference ?? code(10),
      accessCode,
      amount: fields.amount,
      currency: fields.currency,
      email: fields.email,
      callbackUrl: typeof body.callback_url === 'string' && body.callback_url ? body.callback_url : null,
      metadata: fields.metadata,
      status: 'abandoned',
      gatewayResponse: 'The transaction was not completed',
      createdAt: now(),
      paidAt: null,
      authorization: null,
      source: 'checkout',
    }
    transactions.set(t.reference, t)
    byAccessCode.set(accessCode, t)
    answer(200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${url}/checkout/${accessCode}`, access_code: accessCode, reference: t.reference },
    })
  }

  function verify(reference: string, answer: Answer) {
    const t = transactions.get(reference)
    if (!t) {
      return answer(400, {
        status: false,
        message: 'Transaction reference not found',
        meta: { nextStep: "Ensure that you're passing the reference of a transaction that exists on this integration" },
        type: 'validation_error',
        code: 'transaction_not_found',
      })
    }
    answer(200, { status: true, message: 'Verification successful', data: toJson(t) })
  }

  function chargeAuthorization(body: Record<string, unknown>, answer: Answer) {
    const saved = typeof body.authorization_code === 'string' ? authorizations.get(body.authorization_code) : undefined
    if (!saved) return invalid(answer, 'Invalid authorization code')
    const fields = transactionFields(body)
    if (typeof fields === 'string') return invalid(answer, fields, fields.includes('required') ? 'missing_params' : 'invalid_params')
    if (fields.email.toLowerCase() !== saved.email.toLowerCase())
      return invalid(answer, 'Email does not match the authorization code owner')
    const reason = declines.shift()
    const t: Transaction = {
      id: ++sequence,
      reference: fields.reference ?? code(15),
      accessCode: null,
      amount: fields.amount,
      currency: fields.currency,
      email: saved.email,
      callbackUrl: null,
      metadata: fields.metadata,
      status: reason === undefined ? 'success' : 'failed',
      gatewayResponse: reason ?? 'Approved',
      createdAt: now(),
      paidAt: reason === undefined ? now() : null,
      authorization: saved.authorization,
      source: 'charge_authorization',
    }
    transactions.set(t.reference, t)
    answer(200, { status: true, message: 'Charge attempted', data: toJson(t) })
    if (t.status === 'success') void deliver(t)
  }

  function checkoutPage(t: Transaction): string {
    return checkoutPageHtml({
      title: 'Paystack stand-in checkout',
      intro: "A local stand-in for Paystack's hosted checkout, for tests. No real money moves.",
      details: [
        { term: 'Amount', value: `${displayAmount(t.amount, t.currency)} (${t.currency})`, testId: 'amount' },
        { term: 'Email', value: t.email },
        { term: 'Reference', value: t.reference },
      ],
      actions: `/checkout/${t.accessCode}`,
      open: t.status === 'abandoned',
      card: 'Test card: Visa ending 4081.',
      closed: `This transaction is ${t.status === 'success' ? 'complete' : 'closed'}.`,
    })
  }

  const { url, close } = await startStandInServer(
    async (req, res, raw) => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname
      const record = (status: number, body: unknown) =>
        requests.push({ method: req.method ?? '', path, headers: req.headers, body, status })
      const answer: Answer = (status, body) => {
        record(status, parseBody(req, raw) ?? raw)
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        res.end(JSON.stringify(body))
      }
      const html = htmlAnswers(res, (status) => record(status, raw))

      // The hosted checkout: no API key, as on checkout.paystack.com.
      const checkout = /^\/checkout\/([a-z0-9]+)(?:\/(pay|decline|cancel))?$/.exec(path)
      if (checkout) {
        return hostedCheckout(req.method, checkout, html, {
          title: 'Paystack stand-in checkout',
          missing: 'This checkout does not exist.',
          find: (accessCode) => byAccessCode.get(accessCode),
          page: checkoutPage,
          act: async (t, action) => {
            if (action === 'pay') await complete(t)
            if (action === 'decline') fail(t, 'Declined')
            const target =
              action === 'cancel' && t.status === 'abandoned'
                ? typeof t.metadata?.cancel_action === 'string'
                  ? t.metadata.cancel_action
                  : callbackFor(t)
                : callbackFor(t)
            return target ? html.redirect(target) : html.page(200, checkoutPage(t))
          },
        })
      }

      if (req.headers.authorization !== `Bearer ${secretKey}`) return answer(401, { status: false, message: 'Invalid key' })
      const body = parseBody(req, raw)
      if (req.method === 'POST' && body === null) return invalid(answer, 'Invalid JSON body')

      if (req.method === 'POST' && path === '/transaction/initialize') return initialize(body!, answer)
      if (req.method === 'POST' && path === '/transaction/charge_authorization') return chargeAuthorization(body!, answer)
      const verifying = /^\/transaction\/verify\/([^/]+)$/.exec(path)
      if (req.method === 'GET' && verifying) return verify(decodeURIComponent(verifying[1]), answer)
      answer(404, { status: false, message: 'Route not found' })
    },
    (message) => ({ status: false, message }),
  )

  return {
    url,
    secretKey,
    /** The server's environment for this stand-in. */
    env: { PAYSTACK_SECRET_KEY: secretKey, PAYSTACK_BASE_URL: url },
    requests,
    /** Requests to one path (e.g. '/transaction/initialize'), in order. */
    requestsTo: (path: string | RegExp) => requestsTo(requests, path),
    /** Webhooks the stand-in sent, in order, with the answer each got. */
    webhooks,
    setWebhookUrl: (next: string | null) => {
      webhookUrl = next
    },
    /** A transaction as verify shows it (by our reference, Paystack's form of it, or the access code). */
    transaction: (reference: string) => toJson(find(reference)),
    /** Completes a checkout as the Pay button does (reusable card, charge.success webhook), without a browser. */
    pay: (reference: string) => complete(find(reference)),
    /** Declines a checkout as the Decline button does. */
    decline: (reference: string, reason = 'Declined') => fail(find(reference), reason),
    /** The next charge_authorization fails with this gateway response (e.g. 'Insufficient Funds'). */
    declineNextCharge: (reason = 'Insufficient Funds') => declines.push(reason),
    signWebhook,
    webhookFor,
    sendWebhook,
    /** Waits for the webhooks still being delivered. */
    idle: delivering.idle,
    close,
  }
}
