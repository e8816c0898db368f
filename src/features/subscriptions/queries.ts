import { queryOptions } from '@tanstack/react-query'
import { API } from '@/core/api-paths'
import type { ActivePackage, ExchangeRates, Paginated, PaymentOptionInfo, PaymentRecord, Plan } from '@/core/contract'
import { ApiError, apiGet, apiGetPage, withQuery } from '@/lib/api-client'
import { privateKey } from '@/lib/query-keys'
import { getQuote, getReferralCode, type QuoteInput } from './api'

export const subscriptionKeys = {
  plans: ['subscriptions', 'plans'] as const,
  exchangeRate: ['subscriptions', 'exchange-rate'] as const,
  paymentOptions: ['subscriptions', 'payment-options'] as const,
  quotes: ['subscriptions', 'quote'] as const,
  quote: (input: QuoteInput) => [...subscriptionKeys.quotes, input] as const,
  /** Where a payment stands, asked by its reference. */
  paymentOutcome: (reference: string) => ['payment-outcome', reference] as const,
  activePackage: (userId: number) => privateKey(userId, 'active-package'),
  lastPackage: (userId: number) => privateKey(userId, 'last-package'),
  referralCode: (userId: number) => privateKey(userId, 'referral-code'),
  payments: (userId: number) => privateKey(userId, 'payments'),
}

export const plansQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.plans,
    queryFn: ({ signal }) => apiGet<Plan[]>(API.packages, { signal }),
    meta: { persist: true },
    staleTime: 60 * 60_000,
  })

export const exchangeRateQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.exchangeRate,
    queryFn: ({ signal }) => apiGet<ExchangeRates>(API.exchangeRate, { signal }),
    meta: { persist: true },
    staleTime: 60 * 60_000,
  })

/** A package, or null for the server's 404 ("none"). */
async function packageOrNone(path: string, signal: AbortSignal): Promise<ActivePackage | null> {
  try {
    return await apiGet<ActivePackage>(path, { signal, auth: true })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

/**
 * The active package, fetched when signed in (docs/requirements.md#r5-plans-and-payments). A 404 means none (null
 * here), so the has-active-package flag is `data !== null` and only true when the server returned a package.
 */
export const activePackageQuery = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.activePackage(userId),
    queryFn: ({ signal }) => packageOrNone(API.activePackage, signal),
    meta: { persist: true },
    staleTime: 60_000,
  })

export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.paymentOptions,
    queryFn: ({ signal }) => apiGet<PaymentOptionInfo[]>(API.paymentOptions, { signal }),
    staleTime: 10 * 60_000,
  })

export const quoteQuery = (input: QuoteInput) =>
  queryOptions({
    queryKey: subscriptionKeys.quote(input),
    queryFn: ({ signal }) => getQuote(input, signal),
    staleTime: 60_000,
    retry: false,
  })

/** The latest package, in force or ended; null when the user never had one. */
export const lastPackageQuery = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.lastPackage(userId),
    queryFn: ({ signal }) => packageOrNone(API.lastActivePackage, signal),
    staleTime: 60_000,
  })

export const referralCodeQuery = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.referralCode(userId),
    queryFn: ({ signal }) => getReferralCode(signal),
    meta: { persist: true },
    staleTime: 10 * 60_000,
  })

export const paymentHistoryQuery = (userId: number) =>
  queryOptions({
    queryKey: subscriptionKeys.payments(userId),
    queryFn: ({ signal }) =>
      apiGetPage<Paginated<PaymentRecord>>(withQuery(API.paymentHistory, { page: 1, size: 5 }), { signal, auth: true }),
    staleTime: 60_000,
  })
