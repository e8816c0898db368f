import { API } from '@/core/http/api-paths'
import { PAYMENT_API } from '@/core/payments/api-paths'
import type {
  ActivePackage,
  PaymentOutcome,
  PaymentQuote,
  PaymentReceipt,
  PaymentStart,
  PaymentState,
  PromoCodeCheck,
  ReferralCode,
} from '@/core/payments/contract'
import type { CurrencyCode } from '@/core/shared/constants'
import type { PaymentOption } from '@/core/payments/payment'
import { apiGet, apiSend, withQuery } from '@/lib/api-client'

/**
 * The public promo-code check (docs/requirements.md#r5-plans-and-payments): whether a code exists and is current (the
 * price comes from the quote).
 */
export const verifyPromoCode = (code: string, signal?: AbortSignal) => apiGet<PromoCodeCheck>(API.verifyPromoCode(code), { signal })

/** `signedIn`: the quote is asked with the session, so the server can refuse the reader's own referral code. */
export type QuoteInput = { packageId: number; currency: CurrencyCode; option: PaymentOption; coupon: string | null; signedIn?: boolean }

/** The server's price: the discount is computed there, and what it says is what is charged. */
export const getQuote = ({ packageId, currency, option, coupon, signedIn = false }: QuoteInput, signal?: AbortSignal) =>
  apiGet<PaymentQuote>(withQuery(API.paymentQuote, { packageId, currency, option, coupon }), { signal, auth: signedIn })

/** A signed-in user pays with their session; a sign-up not yet activated with its payment token. */
export const initializePayment = (state: PaymentState) =>
  apiSend<PaymentStart>('POST', API.paymentInitialize, state, { auth: !state.registrationToken })

export const verifyPayment = (reference: string, body: { cancelled?: boolean; registrationToken?: string }) =>
  apiSend<PaymentOutcome>('POST', API.paymentVerify(reference), body, { auth: !body.registrationToken })

/** A tab with no session, and no sign-up token, reads only what the reference's holder may learn. */
export const paymentReceipt = (reference: string, signal?: AbortSignal) =>
  apiGet<PaymentReceipt>(PAYMENT_API.paymentReceipt(reference), { signal })

export const stayOnFree = () => apiSend<null>('DELETE', PAYMENT_API.planToPay, undefined, { auth: true })

export const cancelAutoRenewal = () => apiSend<ActivePackage>('POST', API.cancelAutoRenewal, {}, { auth: true })

export const getReferralCode = (signal?: AbortSignal) => apiGet<ReferralCode>(API.referralCode, { signal, auth: true })
