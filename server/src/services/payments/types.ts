import type { IncomingHttpHeaders } from 'node:http'
import type { CurrencyCode } from '@core/shared/constants'
import type { PaymentOption } from '@core/payments/payment'

/**
 * One interface for every payment provider (Paystack, Stripe, the built-in test mode). The payments
 * feature (server/src/features/payments) decides amounts from the plan table and keeps the state; a
 * provider only talks to its service. Amounts are in minor units (cents, kobo).
 */

export type CheckoutInput = {
  /** Ours, unique; the provider's reference too where it takes one (Paystack), else kept in its metadata. */
  reference: string
  amountMinor: number
  currency: CurrencyCode
  email: string
  /** Where the provider sends the user back after paying (our /payment_success?reference=…). */
  callbackUrl: string
  /** Where it sends them when they cancel. */
  cancelUrl: string
  /** A line the provider shows, e.g. "Òwe Silver plan, one year". */
  description: string
  /** Ask the provider to keep the card for charging again (auto-renew). */
  saveForRenewal: boolean
  metadata: Record<string, string>
}

/** Where to send the user; the provider's id for the checkout (Paystack access code, Stripe session id). */
export type CheckoutStarted = { redirectUrl: string; providerRef: string | null }

/** A reusable way to charge the user again (Paystack authorization, Stripe customer + payment method). */
export type SavedMethod = { token: string; customer: string | null; label: string | null }

export type ProviderResult =
  | {
      status: 'success'
      /** What the provider actually took; the caller compares it with what was asked. */
      amountMinor: number
      currency: CurrencyCode
      /** Present when the provider says the method can be charged again. */
      method: SavedMethod | null
      providerRef?: string | null
    }
  | { status: 'failed' | 'abandoned'; reason: string; providerRef?: string | null }
  | { status: 'pending'; providerRef?: string | null }

export type ChargeInput = {
  reference: string
  amountMinor: number
  currency: CurrencyCode
  email: string
  description: string
  metadata: Record<string, string>
}

/** A webhook event that concerns one of our payments. */
export type WebhookEvent = { reference: string; result: ProviderResult }

/** Thrown by parseWebhook when the signature is missing or does not match; the route answers 400. */
export class WebhookSignatureError extends Error {}

/** Thrown when the provider cannot be reached or answers in a way we cannot use; the route answers 502. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

export interface PaymentProvider {
  readonly id: PaymentOption
  readonly label: string
  readonly currencies: readonly CurrencyCode[]
  /** Creates the checkout (Paystack initialize, Stripe Checkout Session, test page). */
  start(input: CheckoutInput): Promise<CheckoutStarted>
  /** Asks the provider what became of a checkout or charge. */
  verify(payment: { reference: string; providerRef: string | null }): Promise<ProviderResult>
  /** Ends a checkout the user walked away from, where the provider allows it (Stripe expires the session). */
  cancel(payment: { reference: string; providerRef: string | null }): Promise<void>
  /** Charges a saved method without the user (auto-renewal): Paystack charge_authorization, Stripe off-session. */
  charge(method: SavedMethod, input: ChargeInput): Promise<ProviderResult>
  /** Checks the signature over the raw body and reads the event; null for events that are not about a payment of ours. */
  parseWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookEvent | null
}
