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
 * A local stand-in for Stripe on 127.0.0.1, speaking its v1 REST contract (https://docs.stripe.com/api):
 * Bearer or Basic secret key (401 with Stripe's error body otherwise), form-encoded bodies with bracket
 * keys, `expand[]`, Idempotency-Key replay (https://docs.stripe.com/api/idempotent_requests), Checkout
 * Sessions with a hosted page, off-session PaymentIntents, `{ error: { type, code, message } }` errors,
 * and webhooks signed with Stripe-Signature `t=…,v1=…` (https://docs.stripe.com/webhooks#verify-manually).
 * Every request is recorded.
 *
 * The hosted page's buttons: Pay completes the session (saving the card when setup_future_usage was
 * asked) and returns to success_url; Decline stands for "the card was declined and the customer gave
 * up": the intent keeps the decline, the session expires, and the customer returns to success_url so
 * the app can show the outcome; Cancel returns to cancel_url and leaves the session open, as Stripe does.
 */

export type StripeRecordedRequest = {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** Form fields (or query fields for GET), nested as Stripe reads them. */
  body: Record<string, unknown>
  status: number
}

export type StripeWebhookDelivery = { type: string; id: string; status: number | null; error?: string }

type Obj = Record<string, unknown>
type Session = Obj & { id: string; status: string; payment_intent: string | null; success_url: string | null; cancel_url: string | null }
type Intent = Obj & { id: string; status: string; payment_method: string | null; customer: string | null }
type PaymentMethod = Obj & { id: string; customer: string | null; card: { brand: string; last4: string } }

export const STRIPE_STAND_IN_API_VERSION = '2024-06-20'

const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'customer_email',
  'customer',
  'customer_creation',
  'metadata',
  'payment_intent_data',
  'payment_method_types',
  'expand',
  'expires_at',
  'locale',
  'submit_type',
  'allow_promotion_codes',
])
const INTENT_PARAMS = new Set([
  'amount',
  'currency',
  'customer',
  'payment_method',
  'off_session',
  'confirm',
  'description',
  'metadata',
  'expand',
  'setup_future_usage',
  'payment_method_types',
  'receipt_email',
  'statement_descriptor',
  'error_on_requires_action',
])

/** Stripe's bracket-notation fields (`a[b][0][c]=…`, `expand[]=…`) as nested objects and arrays. */
export function parseStripeForm(raw: string): Obj {
  const out: Obj = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    if (!match) {
      out[key] = value
      continue
    }
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])]
    let node: Obj | unknown[] = out
    path.forEach((part, i) => {
      const last = i === path.length - 1
      const next = path[i + 1]
      const container = () => (next === '' || /^\d+$/.test(next ?? '') ? [] : {})
      if (Array.isArray(node) && part === '') {
        if (last) node.push(value)
        else {
          const child = container()
          node.push(child)
          node = child
        }
        return
      }
      const record = node as Obj
      if (last) record[part] = value
      else {
        record[part] ??= container()
        node = record[part] as Obj | unknown[]
      }
    })
  }
  return out
}

const isRecord = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value)
const stringMap = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(String(body.message))
  }
}

const invalidRequest = (message: string, extra: Obj = {}) => new StripeApiError(400, { message, type: 'invalid_request_error', ...extra })
const missing = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param })
const noSuch = (kind: string, id: string, param: string) =>
  new StripeApiError(404, { code: 'resource_missing', message: `No such ${kind}: '${id}'`, param, type: 'invalid_request_error' })

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>

export async function startStripeStandIn(options: { secretKey: string; webhookSecret: string; webhookUrl?: string; now?: () => Date }) {
  const { secretKey, webhookSecret } = options
  const now = options.now ?? (() => new Date())
  let webhookUrl = options.webhookUrl ?? null
  const requests: StripeRecordedRequest[] = []
  const webhooks: StripeWebhookDelivery[] = []
  const sessions = new Map<string, Session>()
  const intents = new Map<string, Intent>()
  const methods = new Map<string, PaymentMethod>()
  const customers = new Map<string, Obj>()
  const idempotent = new Map<string, { endpoint: string; params: string; status: number; body: unknown }>()
  const declines: { message: string; declineCode: string }[] = []
  const delivering = deliveryTracker()

  const seconds = () => Math.floor(now().getTime() / 1000)
  const id = (prefix: string, length = 24) => `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)}`

  function newCustomer(email: string | null): string {
    const customer = { id: id('cus_', 14), object: 'customer', email, created: seconds(), livemode: false }
    customers.set(customer.id, customer)
    return customer.id
  }

  function newPaymentMethod(customer: string | null): PaymentMethod {
    const method: PaymentMethod = {
      id: id('pm_'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, funding: 'credit', country: 'US' } as PaymentMethod['card'],
      customer,
      created: seconds(),
      livemode: false,
    }
    methods.set(method.id, method)
    return method
  }

  function newIntent(fields: {
    amount: number
    currency: string
    customer: string | null
    metadata: Record<string, string>
    setupFutureUsage: string | null
    description?: string | null
  }): Intent {
    const intent: Intent = {
      id: id('pi_'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      capture_method: 'automatic',
      client_secret: null,
      confirmation_method: 'automatic',
      created: seconds(),
      currency: fields.currency,
      customer: fields.customer,
      description: fields.description ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: fields.metadata,
      payment_method: null,
      payment_method_types: ['card'],
      setup_future_usage: fields.setupFutureUsage,
      status: 'requires_payment_method',
    }
    intent.client_secret = `${intent.id}_secret_${id('', 24)}`
    intents.set(intent.id, intent)
    return intent
  }

  function succeed(intent: Intent, method: PaymentMethod) {
    intent.payment_method = method.id
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    intent.latest_charge = id('ch_')
    intent.last_payment_error = null
  }

  function declineIntent(intent: Intent, method: PaymentMethod, message: string, declineCode: string) {
    intent.payment_method = null
    intent.status = 'requires_payment_method'
    intent.latest_charge = id('ch_')
    intent.last_payment_error = {
      charge: intent.latest_charge,
      code: 'card_declined',
      decline_code: declineCode,
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      message,
      payment_method: { ...method },
      type: 'card_error',
    }
  }

  /** An object with the requested `expand[]` paths replaced by the objects they name. */
  function expanded(object: Obj, paths: string[]): Obj {
    const copy = structuredClone(object)
    for (const path of paths) {
      const parts = path.split('.')
      let node: Obj | undefined = copy
      for (const part of parts) {
        if (!node) break
        const value = node[part]
        if (typeof value === 'string') {
          const found = intents.get(value) ?? methods.get(value) ?? customers.get(value)
          if (found) node[part] = structuredClone(found)
        }
        node = isRecord(node[part]) ? (node[part] as Obj) : undefined
      }
    }
    return copy
  }

  // --- webhooks -------------------------------------------------------------------------------

  /** An event as Stripe sends it. */
  function event(type: string, object: Obj) {
    return {
      id: id('evt_'),
      object: 'event',
      api_version: STRIPE_STAND_IN_API_VERSION,
      created: seconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    }
  }

  /** The event of this type for a session or intent (by id, or by our reference). */
  function eventFor(type: string, idOrReference: string) {
    return event(type, type.startsWith('payment_intent.') ? findIntent(idOrReference) : findSession(idOrReference))
  }

  /** A webhook body with its Stripe-Signature, signed with `secret` at `timestamp` (seconds) — forge or age it at will. */
  function signWebhook(payload: unknown, options: { secret?: string; timestamp?: number } = {}) {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload, null, 2)
    const t = options.timestamp ?? seconds()
    const v1 = createHmac('sha256', options.secret ?? webhookSecret)
      .update(`${t}.${body}`)
      .digest('hex')
    return { body, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${v1}` } }
  }

  async function sendWebhook(payload: { id: string; type: string }, options: { secret?: string; timestamp?: number; url?: string } = {}) {
    const target = options.url ?? webhookUrl
    if (!target) throw new Error('The Stripe stand-in has no webhook URL')
    const signed = signWebhook(payload, options)
    return postWebhook<StripeWebhookDelivery>(webhooks, { type: payload.type, id: payload.id, status: null }, target, signed)
  }

  /** Stripe's own deliveries, in order; never fails the caller. Tests can wait for them with idle(). */
  function deliver(...events: { id: string; type: string }[]): Promise<unknown> {
    if (!webhookUrl || events.length === 0) return Promise.resolve()
    return delivering.track(
      (async () => {
        for (const e of events) await sendWebhook(e).catch(() => undefined)
      })(),
    )
  }

  // --- lookups ---------------------------------------------------------------------------------

  function findSession(idOrReference: string): Session {
    const session = sessions.get(idOrReference) ?? [...sessions.values()].reverse().find((s) => s.client_reference_id === idOrReference)
    if (!session) throw new Error(`The Stripe stand-in has no checkout session "${idOrReference}"`)
    return session
  }

  function findIntent(idOrReference: string): Intent {
    const intent =
      intents.get(idOrReference) ??
      [...intents.values()].reverse().find((i) => (i.metadata as Record<string, string>).reference === idOrReference)
    if (!intent) throw new Error(`The Stripe stand-in has no payment intent "${idOrReference}"`)
    return intent
  }

  // --- the hosted checkout --------------------------------------------------------------------

  function sessionIntent(session: Session): Intent {
    if (session.payment_intent) return intents.get(session.payment_intent)!
    const data = isRecord(session.payment_intent_data) ? session.payment_intent_data : {}
    const intent = newIntent({
      amount: session.amount_total as number,
      currency: session.currency as string,
      customer: null,
      metadata: stringMap(data.metadata),
      setupFutureUsage: typeof data.setup_future_usage === 'string' ? data.setup_future_usage : null,
    })
    session.payment_intent = intent.id
    return intent
  }

  function paySession(session: Session): Promise<unknown> {
    if (session.status !== 'open') return Promise.resolve()
    const intent = sessionIntent(session)
    const customer =
      (session.customer as string | null) ??
      (session.customer_creation === 'always' || intent.setup_future_usage ? newCustomer(session.customer_email as string | null) : null)
    intent.customer = customer
    // The card is attached to the customer only when the payment asked to keep it.
    const method = newPaymentMethod(intent.setup_future_usage ? customer : null)
    succeed(intent, method)
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer,
      url: null,
      customer_details: { email: session.customer_email },
    })
    // payment_intent.succeeded first: it names the saved card, which checkout.session.completed does not.
    return deliver(event('payment_intent.succeeded', intent), event('checkout.session.completed', publicSession(session)))
  }

  function declineSession(session: Session, message = 'Your card was declined.'): Promise<unknown> {
    if (session.status !== 'open') return Promise.resolve()
    const intent = sessionIntent(session)
    declineIntent(intent, newPaymentMethod(null), message, 'generic_decline')
    Object.assign(session, { status: 'expired', url: null })
    return deliver(event('payment_intent.payment_failed', intent), event('checkout.session.expired', publicSession(session)))
  }

  function expireSession(session: Session): Promise<unknown> {
    Object.assign(session, { status: 'expired', url: null })
    return deliver(event('checkout.session.expired', publicSession(session)))
  }

  function checkoutPage(session: Session): string {
    const amount = `$${((session.amount_total as number) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    const lineItems = session.line_items as { price_data: { product_data: { name: string } } }[]
    return checkoutPageHtml({
      title: 'Stripe stand-in checkout',
      intro: 'A local stand-in for Stripe Checkout, for tests. No real money moves.',
      details: [
        { term: 'Item', value: lineItems[0]?.price_data?.product_data?.name ?? '' },
        { term: 'Amount', value: `${amount} (${String(session.currency).toUpperCase()})`, testId: 'amount' },
        { term: 'Email', value: String(session.customer_email ?? '') },
      ],
      actions: `/c/pay/${session.id}`,
      open: session.status === 'open',
      card: 'Test card: Visa ending 4242.',
      closed: `This checkout session is ${session.status}.`,
    })
  }

  const successUrl = (session: Session) => (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id)

  // --- the API --------------------------------------------------------------------------------

  /** The session as the API shows it (its creation parameters for payment_intent_data are Stripe's own, not shown). */
  function publicSession(session: Session): Obj {
    const shown: Obj = { ...session }
    delete shown.payment_intent_data
    delete shown.line_items
    return shown
  }

  function createSession(params: Obj): Obj {
    const unknown = Object.keys(params).find((k) => !SESSION_PARAMS.has(k))
    if (unknown) throw invalidRequest(`Received unknown parameter: ${unknown}`, { param: unknown })
    if (!params.mode) throw missing('mode')
    if (params.mode !== 'payment') throw invalidRequest('This stand-in supports only mode=payment.', { param: 'mode' })
    if (!params.success_url) throw missing('success_url')
    if (!Array.isArray(params.line_items) || params.line_items.length === 0) throw missing('line_items')
    let total = 0
    let currency: string | null = null
    for (const [i, item] of (params.line_items as unknown[]).entries()) {
      const line = isRecord(item) ? item : {}
      const price = isRecord(line.price_data) ? line.price_data : null
      if (!price) throw missing(`line_items[${i}][price_data]`)
      if (!price.currency) throw missing(`line_items[${i}][price_data][currency]`)
      const unit = Number(price.unit_amount)
      if (!Number.isInteger(unit) || unit < 0)
        throw invalidRequest('Invalid integer: unit_amount', { param: `line_items[${i}][price_data][unit_amount]` })
      if (!isRecord(price.product_data) || !price.product_data.name) throw missing(`line_items[${i}][price_data][product_data][name]`)
      const quantity = Number(line.quantity)
      if (!Number.isInteger(quantity) || quantity < 1) throw missing(`line_items[${i}][quantity]`)
      currency = String(price.currency).toLowerCase()
      total += unit * quantity
    }
    if (currency === 'usd' && total < 50)
      throw invalidRequest("The Checkout Session's total amount due must add up to at least $0.50 usd", { param: 'line_items' })
    if (params.customer_creation !== undefined && !['always', 'if_required'].includes(String(params.customer_creation))) {
      throw invalidRequest(`Invalid customer_creation: must be one of always, or if_required`, { param: 'customer_creation' })
    }
    const data = isRecord(params.payment_intent_data) ? params.payment_intent_data : {}
    if (data.setup_future_usage !== undefined && !['on_session', 'off_session'].includes(String(data.setup_future_usage))) {
      throw invalidRequest('Invalid payment_intent_data[setup_future_usage]: must be one of on_session, or off_session', {
        param: 'payment_intent_data[setup_future_usage]',
      })
    }
    const session: Session = {
      id: id('cs_test_', 58),
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      created: seconds(),
      currency,
      customer: typeof params.customer === 'string' ? params.customer : null,
      customer_creation: typeof params.customer_creation === 'string' ? params.customer_creation : 'if_required',
      customer_details: null,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: seconds() + 24 * 3600,
      livemode: false,
      metadata: stringMap(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: String(params.success_url),
      url: null,
      line_items: params.line_items,
      payment_intent_data: data,
    }
    session.url = `${url}/c/pay/${session.id}`
    sessions.set(session.id, session)
    return publicSession(session)
  }

  function createIntent(params: Obj): { status: number; body: Obj; events: { id: string; type: string }[] } {
    const unknown = Object.keys(params).find((k) => !INTENT_PARAMS.has(k))
    if (unknown) throw invalidRequest(`Received unknown parameter: ${unknown}`, { param: unknown })
    if (params.amount === undefined) throw missing('amount')
    if (!params.currency) throw missing('currency')
    const amount = Number(params.amount)
    const currency = String(params.currency).toLowerCase()
    if (!Number.isInteger(amount) || amount < 1) throw invalidRequest('Invalid integer: amount', { param: 'amount' })
    if (currency === 'usd' && amount < 50)
      throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' })
    const offSession = params.off_session === 'true'
    const confirm = params.confirm === 'true'
    if (offSession && !confirm) throw invalidRequest('off_session can only be used when confirm=true.', { param: 'off_session' })
    const customer = typeof params.customer === 'string' ? params.customer : null
    if (customer && !customers.has(customer)) throw noSuch('customer', customer, 'customer')
    const methodId = typeof params.payment_method === 'string' ? params.payment_method : null
    const method = methodId ? methods.get(methodId) : undefined
    if (methodId && !method) throw noSuch('PaymentMethod', methodId, 'payment_method')
    if (method && method.customer === null) {
      throw invalidRequest(
        'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
        { param: 'payment_method' },
      )
    }
    if (method && method.customer !== customer)
      throw invalidRequest(`The provided PaymentMethod does not belong to the Customer '${customer ?? ''}'.`, { param: 'payment_method' })
    const intent = newIntent({
      amount,
      currency,
      customer,
      metadata: stringMap(params.metadata),
      setupFutureUsage: typeof params.setup_future_usage === 'string' ? params.setup_future_usage : null,
      description: typeof params.description === 'string' ? params.description : null,
    })
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : []
    if (!confirm || !method) {
      if (method) Object.assign(intent, { payment_method: method.id, status: 'requires_confirmation' })
      return { status: 200, body: expanded(intent, expand), events: [] }
    }
    const decline = declines.shift()
    if (decline) {
      declineIntent(intent, method, decline.message, decline.declineCode)
      const error = { ...(intent.last_payment_error as Obj), payment_intent: structuredClone(intent) }
      return { status: 402, body: { error }, events: [event('payment_intent.payment_failed', intent)] }
    }
    succeed(intent, method)
    return { status: 200, body: expanded(intent, expand), events: [event('payment_intent.succeeded', intent)] }
  }

  function authorized(req: http.IncomingMessage): StripeApiError | null {
    const header = req.headers.authorization ?? ''
    const bearer = /^Bearer (.+)$/.exec(header)?.[1]
    const basic = /^Basic (.+)$/.exec(header)?.[1]
    const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').replace(/:$/, '') : null)
    if (key === secretKey) return null
    if (!key) {
      return new StripeApiError(401, {
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
        type: 'invalid_request_error',
      })
    }
    // Stripe shows the key's prefix and last four characters only.
    const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    return new StripeApiError(401, { message: `Invalid API Key provided: ${masked}`, type: 'invalid_request_error' })
  }

  const { url, close } = await startStandInServer(
    async (req, res, raw) => {
      const target = new URL(req.url ?? '/', 'http://stand-in')
      const path = target.pathname
      const params = req.method === 'GET' ? parseStripeForm(target.search.slice(1)) : parseStripeForm(raw)
      const record = (status: number) => requests.push({ method: req.method ?? '', path, headers: req.headers, body: params, status })
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        record(status)
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req_', 14),
          'stripe-version': STRIPE_STAND_IN_API_VERSION,
          ...headers,
        })
        res.end(JSON.stringify(body, null, 2))
      }
      const html = htmlAnswers(res, record)

      // The hosted checkout page: no API key, as on checkout.stripe.com.
      const checkout = /^\/c\/pay\/(cs_[A-Za-z0-9_]+)(?:\/(pay|decline|cancel))?$/.exec(path)
      if (checkout) {
        return hostedCheckout(req.method, checkout, html, {
          title: 'Stripe stand-in checkout',
          missing: 'This checkout session does not exist.',
          find: (sessionId) => sessions.get(sessionId),
          page: checkoutPage,
          act: async (session, action) => {
            if (action === 'cancel') return session.cancel_url ? html.redirect(session.cancel_url) : html.page(200, checkoutPage(session))
            if (session.status === 'open') await (action === 'pay' ? paySession(session) : declineSession(session))
            return html.redirect(successUrl(session))
          },
        })
      }

      try {
        const denied = authorized(req)
        if (denied) throw denied
        const expand = Array.isArray(params.expand) ? (params.expand as string[]) : []

        if (req.method === 'POST') {
          const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
          const endpoint = `POST ${path}`
          const saved = key ? idempotent.get(key) : undefined
          if (key && saved) {
            if (saved.endpoint !== endpoint || saved.params !== raw) {
              throw new StripeApiError(400, {
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                type: 'idempotency_error',
              })
            }
            return json(saved.status, saved.body, { 'idempotent-replayed': 'true', 'idempotency-key': key })
          }
          const answer = (status: number, body: unknown, events: { id: string; type: string }[] = []) => {
            if (key) idempotent.set(key, { endpoint, params: raw, status, body })
            json(status, body, key ? { 'idempotency-key': key } : {})
            void deliver(...events)
          }

          if (path === '/v1/checkout/sessions') return answer(200, expanded(createSession(params), expand))
          const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
          if (expire) {
            const session = sessions.get(expire[1])
            if (!session) throw noSuch('checkout.session', expire[1], 'session')
            if (session.status !== 'open') {
              throw invalidRequest(
                `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
              )
            }
            Object.assign(session, { status: 'expired', url: null })
            return answer(200, publicSession(session), [event('checkout.session.expired', publicSession(session))])
          }
          if (path === '/v1/payment_intents') {
            const { status, body, events } = createIntent(params)
            return answer(status, body, events)
          }
        }

        if (req.method === 'GET') {
          const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
          if (session) {
            const found = sessions.get(session[1])
            if (!found) throw noSuch('checkout.session', session[1], 'session')
            return json(200, expanded(publicSession(found), expand))
          }
          const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
          if (intent) {
            const found = intents.get(intent[1])
            if (!found) throw noSuch('payment_intent', intent[1], 'intent')
            return json(200, expanded(found, expand))
          }
        }
        throw new StripeApiError(404, { message: `Unrecognized request URL (${req.method} ${path}).`, type: 'invalid_request_error' })
      } catch (error) {
        if (error instanceof StripeApiError) return json(error.status, { error: error.body })
        throw error
      }
    },
    (message) => ({ error: { message, type: 'api_error' } }),
  )

  return {
    url,
    secretKey,
    webhookSecret,
    /** The server's environment for this stand-in. */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_BASE_URL: url },
    requests,
    /** Requests to one path (or paths matching), in order. */
    requestsTo: (path: string | RegExp) => requestsTo(requests, path),
    /** Webhooks the stand-in sent, in order, with the answer each got. */
    webhooks,
    setWebhookUrl: (next: string | null) => {
      webhookUrl = next
    },
    /** Every checkout session created, as the API shows them. */
    sessions: () => [...sessions.values()].map(publicSession),
    /** A checkout session (by id or our reference), with the intent and card expanded. */
    session: (idOrReference: string) =>
      expanded(publicSession(findSession(idOrReference)), ['payment_intent', 'payment_intent.payment_method']),
    /** A payment intent (by id or metadata reference), with its card expanded. */
    paymentIntent: (idOrReference: string) => expanded(findIntent(idOrReference), ['payment_method']),
    /** Pays a checkout as the Pay button does (card saved when asked; webhooks sent), without a browser. */
    pay: (idOrReference: string) => paySession(findSession(idOrReference)),
    /** Declines a checkout as the Decline button does. */
    decline: (idOrReference: string, message?: string) => declineSession(findSession(idOrReference), message),
    /** Lets a checkout run out (Stripe expires them after 24 hours). */
    expire: (idOrReference: string) => expireSession(findSession(idOrReference)),
    /** The next confirmed PaymentIntent is declined with this card error (402). */
    declineNextCharge: (message = 'Your card has insufficient funds.', declineCode = 'insufficient_funds') =>
      declines.push({ message, declineCode }),
    event,
    eventFor,
    signWebhook,
    sendWebhook,
    /** Waits for the webhooks still being delivered. */
    idle: delivering.idle,
    close,
  }
}
