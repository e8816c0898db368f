import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import type { CurrencyCode } from '@core/shared/constants'
import { networkReason } from '../push'
import {
  ProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderResult,
  type SavedMethod,
  type WebhookEvent,
} from './types'

/**
 * Stripe over its REST API (https://docs.stripe.com/api): Checkout Sessions for the first payment, an
 * off-session PaymentIntent for renewals, and signed webhooks (https://docs.stripe.com/webhooks#verify-manually).
 * Form-encoded bodies with bracket keys, as Stripe takes them; plain fetch, no SDK.
 */

/** The API version the shapes below were written against; pinned so an account upgrade changes nothing here. */
export const STRIPE_API_VERSION = '2024-06-20'
/** Stripe's own libraries refuse a signature older than this (replayed webhooks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300
const TIMEOUT_MS = 20_000

type StripeCard = { brand?: string; last4?: string }
type StripePaymentMethod = { id: string; card?: StripeCard | null; customer?: string | null }
type StripeError = { message?: string; type?: string; code?: string; decline_code?: string; payment_intent?: StripeIntent }

type StripeIntent = {
  id: string
  object?: string
  status?: string
  amount?: number
  amount_received?: number
  currency?: string
  customer?: string | { id: string } | null
  payment_method?: string | StripePaymentMethod | null
  setup_future_usage?: string | null
  last_payment_error?: StripeError | null
  metadata?: Record<string, string>
}

type StripeSession = {
  id: string
  status?: string
  payment_status?: string
  amount_total?: number | null
  currency?: string | null
  customer?: string | { id: string } | null
  client_reference_id?: string | null
  metadata?: Record<string, string> | null
  payment_intent?: string | StripeIntent | null
  url?: string | null
}

/** Bracket-notation form fields (`a[b][0][c]=…`), Stripe's encoding for nested parameters. */
export function stripeForm(params: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams()
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item))
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v)
    else form.append(key, String(value))
  }
  for (const [key, value] of Object.entries(params)) add(key, value)
  return form
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null))

function currencyOf(value: unknown): CurrencyCode | null {
  const code = typeof value === 'string' ? value.toUpperCase() : ''
  return code === 'USD' || code === 'NGN' ? code : null
}

/** "Visa ending 4242", when the payment method was expanded. */
export function stripeMethodLabel(method: StripeIntent['payment_method']): string | null {
  const card = typeof method === 'object' ? method?.card : null
  if (!card?.brand) return null
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1)
  return card.last4 ? `${brand} ending ${card.last4}` : brand
}

/**
 * The card kept for renewals: one the payment asked to keep (setup_future_usage), or one already attached
 * to the customer (a renewal's own card). Without a customer Stripe cannot charge it again.
 */
function savedMethod(intent: StripeIntent, customer: string | null): SavedMethod | null {
  const token = idOf(intent.payment_method)
  const attached = typeof intent.payment_method === 'object' && intent.payment_method?.customer === customer
  if (!token || !customer || !(intent.setup_future_usage || attached)) return null
  return { token, customer, label: stripeMethodLabel(intent.payment_method) }
}

/** A PaymentIntent (a renewal, or the one behind a Checkout Session) as our result. */
export function stripeIntentResult(intent: StripeIntent): ProviderResult {
  const providerRef = intent.id
  switch (intent.status) {
    case 'succeeded': {
      const currency = currencyOf(intent.currency)
      const amount = intent.amount_received ?? intent.amount
      if (typeof amount !== 'number' || !currency)
        throw new ProviderError(`Stripe reported a success without a usable amount or currency (${intent.currency ?? 'none'})`)
      return { status: 'success', amountMinor: amount, currency, method: savedMethod(intent, idOf(intent.customer)), providerRef }
    }
    case 'requires_payment_method':
    case 'canceled':
      return {
        status: 'failed',
        reason:
          intent.last_payment_error?.message || (intent.status === 'canceled' ? 'The payment was cancelled' : 'The card was declined'),
        providerRef,
      }
    case 'requires_action':
      // Off session there is nobody to pass the bank's check: for a renewal this is a decline.
      return {
        status: 'failed',
        reason: intent.last_payment_error?.message || 'The bank asked the cardholder to confirm this payment',
        providerRef,
      }
    default:
      // processing, requires_confirmation, requires_capture: not settled yet.
      return { status: 'pending', providerRef }
  }
}

/** A Checkout Session (with its PaymentIntent expanded, when known) as our result. */
export function stripeSessionResult(session: StripeSession): ProviderResult {
  const providerRef = session.id
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    const currency = currencyOf(session.currency)
    if (typeof session.amount_total !== 'number' || !currency)
      throw new ProviderError(`Stripe reported a paid checkout without a usable amount or currency (${session.currency ?? 'none'})`)
    return {
      status: 'success',
      amountMinor: session.amount_total,
      currency,
      method: intent ? savedMethod(intent, idOf(session.customer)) : null,
      providerRef,
    }
  }
  if (session.status === 'expired') {
    // A checkout that ended after a decline is a failed payment; one nobody paid is an abandoned one.
    const declined = intent?.last_payment_error?.message
    return declined
      ? { status: 'failed', reason: declined, providerRef }
      : { status: 'abandoned', reason: 'The checkout expired before it was paid', providerRef }
  }
  // Open (the customer may still pay, or try another card), or complete with a bank payment still on its way.
  return { status: 'pending', providerRef }
}

export function createStripeProvider(
  config: { secretKey: string; webhookSecret: string; baseUrl: string },
  options?: { fetch?: typeof fetch; now?: () => Date },
): PaymentProvider {
  const doFetch = options?.fetch ?? fetch
  const now = options?.now ?? (() => new Date())
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const { secretKey, webhookSecret } = config
  const redact = (text: string) => [secretKey, webhookSecret].reduce((t, s) => (s ? t.split(s).join('[secret key]') : t), text)

  async function call(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const form = params ? stripeForm(params).toString() : ''
    const url = method === 'GET' && form ? `${baseUrl}${path}?${form}` : `${baseUrl}${path}`
    let response: Response
    try {
      response = await doFetch(url, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          'stripe-version': STRIPE_API_VERSION,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: method === 'POST' ? form : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new ProviderError(redact(`Stripe could not be reached: ${networkReason(error)}`))
    }
    const text = await response.text().catch(() => '')
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
    } catch {
      throw new ProviderError(`Stripe answered ${response.status} with a body that is not JSON`, response.status)
    }
  }

  const errorOf = (body: Record<string, unknown>) => (body.error ?? {}) as StripeError
  const refused = (what: string, status: number, body: Record<string, unknown>) =>
    new ProviderError(redact(`Stripe refused to ${what} (${status}): ${errorOf(body).message ?? 'no message'}`), status)

  const ok = (status: number) => status >= 200 && status < 300

  return {
    id: 'stripe',
    label: 'Card (Stripe)',
    currencies: ['USD'],

    async start(input) {
      if (input.currency !== 'USD') throw new ProviderError(`Stripe checkout here charges in dollars only, not ${input.currency}`)
      // save_card tells the webhook that this checkout's success must carry the card (see parseWebhook).
      const metadata = { ...input.metadata, reference: input.reference, ...(input.saveForRenewal ? { save_card: 'true' } : {}) }
      const { status, body } = await call(
        'POST',
        '/v1/checkout/sessions',
        {
          mode: 'payment',
          line_items: [
            { price_data: { currency: 'usd', unit_amount: input.amountMinor, product_data: { name: input.description } }, quantity: 1 },
          ],
          success_url: input.callbackUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.reference,
          customer_email: input.email,
          // A customer is what a saved card is attached to; renewals charge it.
          customer_creation: 'always',
          metadata,
          payment_intent_data: { metadata, ...(input.saveForRenewal ? { setup_future_usage: 'off_session' } : {}) },
        },
        // A retried start (after a lost answer) gets the same session, not a second one.
        input.reference,
      )
      if (!ok(status)) throw refused('start the checkout', status, body)
      const session = body as StripeSession
      if (typeof session.url !== 'string' || typeof session.id !== 'string')
        throw new ProviderError('Stripe started a checkout without an address', status)
      return { redirectUrl: session.url, providerRef: session.id }
    },

    async verify(payment) {
      const ref = payment.providerRef
      // Without Stripe's id there is nothing to ask about yet.
      if (!ref) return { status: 'pending' }
      if (ref.startsWith('pi_')) {
        const { status, body } = await call('GET', `/v1/payment_intents/${encodeURIComponent(ref)}`, { expand: ['payment_method'] })
        if (!ok(status)) throw refused('show the payment', status, body)
        return stripeIntentResult(body as StripeIntent)
      }
      const { status, body } = await call('GET', `/v1/checkout/sessions/${encodeURIComponent(ref)}`, {
        expand: ['payment_intent', 'payment_intent.payment_method'],
      })
      if (!ok(status)) throw refused('show the checkout', status, body)
      return stripeSessionResult(body as StripeSession)
    },

    async cancel(payment) {
      const ref = payment.providerRef
      if (!ref?.startsWith('cs_')) return
      const { status, body } = await call('POST', `/v1/checkout/sessions/${encodeURIComponent(ref)}/expire`)
      // Already expired or already complete: nothing left to end (verify tells which).
      if (status === 400 && /can be expired|already expired/i.test(errorOf(body).message ?? '')) return
      if (!ok(status)) throw refused('end the checkout', status, body)
    },

    async charge(method, input) {
      if (!method.customer) throw new ProviderError('A saved Stripe card needs its customer to be charged again')
      const { status, body } = await call(
        'POST',
        '/v1/payment_intents',
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          customer: method.customer,
          payment_method: method.token,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: { ...input.metadata, reference: input.reference },
          expand: ['payment_method'],
        },
        input.reference,
      )
      const error = errorOf(body)
      // A decline (or a bank asking for the cardholder) is an answer about the card, not an outage.
      if (status === 402 && error.type === 'card_error') {
        return { status: 'failed', reason: redact(error.message ?? 'The card was declined'), providerRef: error.payment_intent?.id ?? null }
      }
      if (!ok(status)) throw refused('charge the saved card', status, body)
      return stripeIntentResult(body as StripeIntent)
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null {
      const given = headers['stripe-signature']
      const header = Array.isArray(given) ? given.join(',') : given
      if (!header) throw new WebhookSignatureError('The Stripe webhook has no Stripe-Signature header')
      let timestamp: number | null = null
      const signatures: Buffer[] = []
      for (const part of header.split(',')) {
        const at = part.indexOf('=')
        const key = part.slice(0, at).trim()
        const value = part.slice(at + 1).trim()
        if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value)
        if (key === 'v1' && /^[0-9a-f]+$/i.test(value)) signatures.push(Buffer.from(value, 'hex'))
      }
      if (timestamp === null || signatures.length === 0)
        throw new WebhookSignatureError('The Stripe-Signature header has no timestamp or no v1 signature')
      const expected = createHmac('sha256', webhookSecret).update(`${timestamp}.`).update(rawBody).digest()
      if (!signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) {
        throw new WebhookSignatureError('The Stripe webhook signature does not match its body')
      }
      if (Math.floor(now().getTime() / 1000) - timestamp > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookSignatureError('The Stripe webhook is older than five minutes (a replay?)')
      }
      let event: { type?: string; data?: { object?: Record<string, unknown> } }
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event
      } catch {
        throw new ProviderError('The Stripe webhook body is not JSON')
      }
      const object = event.data?.object
      if (!object) return null
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.async_payment_failed':
        case 'checkout.session.expired': {
          const session = object as StripeSession
          const reference = session.client_reference_id ?? session.metadata?.reference
          if (!reference) return null
          if (event.type === 'checkout.session.async_payment_failed') {
            return { reference, result: { status: 'failed', reason: 'The bank payment did not go through', providerRef: session.id } }
          }
          const result = stripeSessionResult({ ...session, payment_intent: null })
          // The event names its PaymentIntent by id only, so a card to keep is not in it; the first success
          // settles a payment, so this one must not: payment_intent.succeeded or verify (both carry the
          // card) will. A checkout that keeps no card is settled here.
          if (result.status === 'success' && session.metadata?.save_card === 'true')
            return { reference, result: { status: 'pending', providerRef: session.id } }
          return { reference, result }
        }
        case 'payment_intent.succeeded':
        case 'payment_intent.payment_failed': {
          const intent = object as StripeIntent
          const reference = intent.metadata?.reference
          if (!reference) return null
          return { reference, result: stripeIntentResult(intent) }
        }
        default:
          return null
      }
    },
  }
}
