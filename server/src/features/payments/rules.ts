import type { CurrencyCode } from '@core/shared/constants'
import type { PaymentQuote } from '@core/payments/contract'
import { fromMinorUnits, priceInMinorUnits } from '@core/payments/payment'

/** The pure rules of payments: prices, periods and the pages a checkout returns to. */

export type QuotedPlan = { id: number; name: string; amount: string | number }
export type AppliedPromo = { code: string; percentOff: number }

/** The server's price for a plan: what the quote shows is what initialize charges. */
export function quoteOf(
  plan: QuotedPlan,
  promo: AppliedPromo | null,
  currency: CurrencyCode,
  nairaPerDollar: number,
): PaymentQuote & { amountMinor: number } {
  const percentOff = promo?.percentOff ?? 0
  const { list, amount } = priceInMinorUnits(Number(plan.amount), percentOff, currency, nairaPerDollar)
  return {
    packageId: plan.id,
    planName: plan.name,
    currency,
    listAmount: fromMinorUnits(list),
    discount: fromMinorUnits(list - amount),
    amount: fromMinorUnits(amount),
    percentOff: promo ? percentOff : 0,
    coupon: promo?.code ?? null,
    amountMinor: amount,
  }
}

/** A package lasts a calendar year (29 February moves to 1 March). */
export function oneYearAfter(start: Date): Date {
  const end = new Date(start)
  end.setUTCFullYear(end.getUTCFullYear() + 1)
  return end
}

/** What the provider shows beside the amount. */
export const checkoutDescription = (planName: string) => `Òwe ${planName} plan, one year`

/**
 * Where the app is for a checkout started from `startedFrom` (the request's Origin, or its Referer): that
 * origin, with the public URL's path, when it is one of the site's; else the public URL. Coming back to
 * another host than the one the reader started on would leave their session behind.
 */
export function returnBase(publicUrl: string, siteOrigins: readonly string[], startedFrom: string | undefined): string {
  let origin: string | null = null
  try {
    origin = startedFrom ? new URL(startedFrom).origin : null
  } catch {
    origin = null
  }
  if (!origin || !siteOrigins.includes(origin)) return publicUrl
  return `${origin}${new URL(publicUrl).pathname.replace(/\/+$/, '')}`
}

/** The app's pages a checkout returns to: after sign-up, or from the pricing page. */
export function returnUrls(publicUrl: string, reference: string, registration: boolean): { callbackUrl: string; cancelUrl: string } {
  const callbackUrl = `${publicUrl}/${registration ? 'register_payment_success' : 'payment_success'}?reference=${encodeURIComponent(reference)}`
  return { callbackUrl, cancelUrl: `${callbackUrl}&cancelled=1` }
}

/** A date as a message says it: "21 November 2027". */
export const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date)

/** Why a checkout nobody came back from was given up (its failure reason; the history says so in words). */
export const CHECKOUT_EXPIRED_REASON = 'checkout expired: nobody came back from it'
