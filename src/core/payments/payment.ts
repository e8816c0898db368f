import type { CurrencyCode } from '../shared/constants'

/** Payment rules shared by the app and the server (docs/requirements.md#r5-plans-and-payments). */

export const PAYMENT_OPTIONS = ['paystack', 'stripe', 'test'] as const
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number]

export function isPaymentOption(value: unknown): value is PaymentOption {
  return typeof value === 'string' && (PAYMENT_OPTIONS as readonly string[]).includes(value)
}

/**
 * Dollars by default (docs/requirements.md#r5-plans-and-payments); the 'paystack' option may charge in naira; every
 * other option is forced to dollars.
 */
export function currencyFor(option: PaymentOption | null | undefined, requested: CurrencyCode = 'USD'): CurrencyCode {
  return option === 'paystack' && requested === 'NGN' ? 'NGN' : 'USD'
}

/**
 * The registration metadata's payment_type is the payment option uppercased
 * (docs/requirements.md#r5-plans-and-payments).
 */
export function paymentType(option: PaymentOption): string {
  return option.toUpperCase()
}

/**
 * The price in minor units (cents, kobo). Prices are stored in dollars: the discount is taken off the
 * dollar cents (rounded to a cent), then naira is that many cents at the rate (1 cent = rate kobo), so
 * the naira price is exactly the dollar price converted.
 */
export function priceInMinorUnits(
  amountUsd: number,
  percentOff: number,
  currency: CurrencyCode,
  nairaPerDollar: number,
): { list: number; amount: number } {
  const listCents = Math.round(amountUsd * 100)
  const cents = Math.round((listCents * (100 - clampPercent(percentOff))) / 100)
  const factor = currency === 'NGN' ? nairaPerDollar : 1
  return { list: listCents * factor, amount: cents * factor }
}

export const fromMinorUnits = (minor: number): number => minor / 100
export const toMinorUnits = (amount: number): number => Math.round(amount * 100)

function clampPercent(percent: number): number {
  return Math.min(100, Math.max(0, Math.trunc(percent)))
}

/**
 * A payment reference the app makes (so a retried start is the same payment): unguessable, and always
 * `owe_…`, so it can never be one of the server's own (a renewal's is `renew_…`) and hold that back.
 */
export const PAYMENT_REFERENCE_PATTERN = /^owe_[A-Za-z0-9_-]{12,60}$/

export function newPaymentReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `owe_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/**
 * What a checkout's return says to a tab with no session (another browser, the sign-up's tab closed): only whether it
 * went through and for which plan (docs/decisions/009-payments-and-renewals.md).
 */
export function receiptMessage(status: 'pending' | 'success' | 'failed' | 'abandoned', planName: string, leftCheckout = false): string {
  if (status === 'success') return `Your payment for the ${planName} plan went through. Sign in to see it.`
  if (status === 'pending' && leftCheckout)
    return `You left the checkout before paying for the ${planName} plan. Sign in to pay or to see your payments.`
  if (status === 'pending')
    return `We are waiting for the payment provider to confirm your payment for the ${planName} plan. Sign in to see it.`
  return `Your payment for the ${planName} plan did not go through. Nothing was charged. Sign in to try again.`
}

export const PAYMENT_TEXTS = {
  priceChanged: 'The price has changed. Check the new amount and try again.',
  nairaOnlyPaystack: 'Only Paystack can charge in naira; other options charge in dollars.',
  optionUnavailable: 'This payment option is not available.',
  ownReferral: 'You cannot use your own referral code.',
  noActivePackage: 'You have no active package.',
  noPackage: 'You have not had a package yet.',
  paymentNotFound: 'We could not find that payment.',
  success: 'Payment received. Your package is active.',
  pending: 'We are waiting for the payment provider to confirm your payment.',
  failed: 'The payment did not go through. Nothing was charged and your account is as it was.',
  abandoned: 'The payment was cancelled. Nothing was charged and your account is as it was.',
  checkoutExpired: 'The checkout was left unfinished, so it was closed. Nothing was charged.',
  autoRenewCancelled: 'Auto-renewal is off. Your package ends on its expiry date.',
  providerUnavailable: 'The payment provider could not be reached. Nothing was charged; please try again.',
  referenceTaken: 'This payment has already been started with other details. Start the payment again.',
  alreadySettled: 'This payment is already complete. Start a new payment if you want to pay again.',
  stillStarting: 'This payment is still being set up. Try again in a moment.',
  paymentTypeMismatch: 'The payment type does not match the payment option.',
  currencyUnavailable: 'This payment option cannot charge in that currency.',
  registrationExpired: 'The time to pay at sign-up has run out. Sign in to pay for your plan.',
  referenceInvalid: 'This is not a payment reference: it starts with owe_ and comes from the checkout’s return link.',
  stayOnFree: 'You are on the Free plan. You can choose a paid plan from the pricing page at any time.',
} as const
