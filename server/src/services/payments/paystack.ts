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
 * Paystack over its REST API (https://paystack.com/docs/api/transaction/): initialize → hosted checkout →
 * verify, charge_authorization for renewals, and the charge.success webhook signed with the secret key
 * (https://paystack.com/docs/payments/webhooks/). Plain fetch, no SDK.
 */

type PaystackAuthorization = {
  authorization_code?: string
  last4?: string
  card_type?: string
  brand?: string
  bank?: string | null
  channel?: string
  reusable?: boolean
}

type PaystackTransaction = {
  status?: string
  reference?: string
  amount?: number
  currency?: string
  gateway_response?: string | null
  message?: string | null
  authorization?: PaystackAuthorization | null
  customer?: { email?: string } | null
}

type PaystackAnswer = { status?: boolean; message?: string; code?: string; data?: unknown }

const PENDING = new Set(['ongoing', 'pending', 'processing', 'queued'])
const TIMEOUT_MS = 20_000

/**
 * Paystack takes only letters, digits, '-', '.' and '=' in a reference; ours may hold '_' and never '.',
 * so '_' travels as '.' and comes back unchanged.
 */
export const toPaystackReference = (reference: string) => reference.replace(/_/g, '.')
export const fromPaystackReference = (reference: string) => reference.replace(/\./g, '_')

/** "Visa ending 4081" for a card; the bank and last digits for a bank authorization. */
export function paystackMethodLabel(authorization: PaystackAuthorization): string | null {
  const last4 = authorization.last4?.trim()
  if (authorization.channel === 'card' || authorization.card_type || authorization.brand) {
    const brand = (authorization.brand || authorization.card_type || 'Card').trim().split(/\s+/)[0]
    const name = brand.charAt(0).toUpperCase() + brand.slice(1).toLowerCase()
    return last4 ? `${name} ending ${last4}` : name
  }
  const bank = authorization.bank?.trim()
  if (bank) return last4 ? `${bank} ending ${last4}` : bank
  return last4 ? `Account ending ${last4}` : null
}

function currencyOf(value: unknown): CurrencyCode | null {
  const code = typeof value === 'string' ? value.toUpperCase() : ''
  return code === 'NGN' || code === 'USD' ? code : null
}

/** One Paystack transaction (verify, charge_authorization, or a webhook's data) as our result. */
export function paystackResult(transaction: PaystackTransaction): ProviderResult {
  const status = transaction.status ?? ''
  if (status === 'success') {
    const currency = currencyOf(transaction.currency)
    if (typeof transaction.amount !== 'number' || !currency) {
      throw new ProviderError(`Paystack reported a success without a usable amount or currency (${transaction.currency ?? 'none'})`)
    }
    const authorization = transaction.authorization
    const method: SavedMethod | null =
      authorization?.reusable && authorization.authorization_code
        ? {
            token: authorization.authorization_code,
            customer: transaction.customer?.email ?? null,
            label: paystackMethodLabel(authorization),
          }
        : null
    return { status: 'success', amountMinor: transaction.amount, currency, method }
  }
  if (status === 'abandoned') return { status: 'abandoned', reason: transaction.gateway_response || 'The payment was not completed' }
  if (PENDING.has(status)) return { status: 'pending' }
  // 'failed', 'reversed', and the steps that need the customer (send_otp, send_pin, open_url…), which an
  // off-session renewal cannot take.
  return { status: 'failed', reason: transaction.gateway_response || transaction.message || `Paystack reported "${status || 'no status'}"` }
}

export function createPaystackProvider(
  config: { secretKey: string; baseUrl: string },
  options?: { fetch?: typeof fetch },
): PaymentProvider {
  const doFetch = options?.fetch ?? fetch
  const baseUrl = config.baseUrl.replace(/\/+$/, '')
  const secretKey = config.secretKey
  // A message Paystack wrote could echo what we sent; the key never leaves in an error.
  const redact = (text: string) => (secretKey ? text.split(secretKey).join('[secret key]') : text)

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; answer: PaystackAnswer }> {
    let response: Response
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      throw new ProviderError(redact(`Paystack could not be reached: ${networkReason(error)}`))
    }
    const text = await response.text().catch(() => '')
    let answer: PaystackAnswer = {}
    try {
      answer = text ? (JSON.parse(text) as PaystackAnswer) : {}
    } catch {
      throw new ProviderError(`Paystack answered ${response.status} with a body that is not JSON`, response.status)
    }
    return { status: response.status, answer }
  }

  const refused = (what: string, status: number, answer: PaystackAnswer) =>
    new ProviderError(redact(`Paystack refused to ${what} (${status}): ${answer.message ?? 'no message'}`), status)

  function transactionOf(what: string, status: number, answer: PaystackAnswer): PaystackTransaction {
    if (status < 200 || status >= 300 || answer.status !== true) throw refused(what, status, answer)
    if (typeof answer.data !== 'object' || answer.data === null)
      throw new ProviderError(`Paystack answered ${what} without a transaction`, status)
    return answer.data as PaystackTransaction
  }

  const verify = async (payment: { reference: string }): Promise<ProviderResult> => {
    const { status, answer } = await call('GET', `/transaction/verify/${encodeURIComponent(toPaystackReference(payment.reference))}`)
    // Paystack keeps an initialized checkout as 'abandoned' until it is paid; no transaction at all means
    // the checkout never reached Paystack. Nothing to settle yet: a later verify or the webhook will.
    if (
      (status === 400 || status === 404) &&
      (answer.code === 'transaction_not_found' || /reference not found/i.test(answer.message ?? ''))
    ) {
      return { status: 'pending' }
    }
    return paystackResult(transactionOf('verify the payment', status, answer))
  }

  return {
    id: 'paystack',
    label: 'Paystack (card, bank, USSD)',
    currencies: ['NGN', 'USD'],

    async start(input) {
      const { status, answer } = await call('POST', '/transaction/initialize', {
        email: input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: toPaystackReference(input.reference),
        callback_url: input.callbackUrl,
        // cancel_action is where Paystack's checkout sends the customer who cancels.
        metadata: { ...input.metadata, cancel_action: input.cancelUrl },
      })
      if (status < 200 || status >= 300 || answer.status !== true) throw refused('start the payment', status, answer)
      const data = answer.data as { authorization_url?: unknown; access_code?: unknown } | undefined
      if (typeof data?.authorization_url !== 'string')
        throw new ProviderError('Paystack started the payment without a checkout address', status)
      return { redirectUrl: data.authorization_url, providerRef: typeof data.access_code === 'string' ? data.access_code : null }
    },

    verify,

    async cancel() {
      // An unpaid Paystack checkout simply stays 'abandoned'; there is nothing to end.
    },

    async charge(method, input) {
      const { status, answer } = await call('POST', '/transaction/charge_authorization', {
        authorization_code: method.token,
        email: method.customer ?? input.email,
        amount: input.amountMinor,
        currency: input.currency,
        reference: toPaystackReference(input.reference),
        metadata: { ...input.metadata, description: input.description },
      })
      // A retried renewal (after a lost answer) reuses its reference: what Paystack did the first time is the answer.
      if (status === 400 && /duplicate transaction reference/i.test(answer.message ?? '')) return verify(input)
      // A refusal about the authorization itself (no longer valid) is a failed renewal, not an outage.
      if (status === 400 && /authori[sz]ation/i.test(answer.message ?? ''))
        return { status: 'failed', reason: redact(answer.message ?? 'The saved card cannot be charged') }
      return paystackResult(transactionOf('charge the saved card', status, answer))
    },

    parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null {
      const given = headers['x-paystack-signature']
      const signature = Array.isArray(given) ? given[0] : given
      if (!signature) throw new WebhookSignatureError('The Paystack webhook has no x-paystack-signature header')
      const expected = createHmac('sha512', secretKey).update(rawBody).digest()
      const received = Buffer.from(signature.trim(), 'hex')
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
        throw new WebhookSignatureError('The Paystack webhook signature does not match its body')
      }
      let event: { event?: string; data?: PaystackTransaction }
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event
      } catch {
        throw new ProviderError('The Paystack webhook body is not JSON')
      }
      // Paystack sends no event for a failed charge; verify and charge report those.
      if (event.event !== 'charge.success' || typeof event.data?.reference !== 'string') return null
      return { reference: fromPaystackReference(event.data.reference), result: paystackResult(event.data) }
    },
  }
}
