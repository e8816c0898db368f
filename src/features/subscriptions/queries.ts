import { queryOptions } from '@tanstack/react-query'
import { API } from '@/core/http/api-paths'
import type { ExchangeRates, PaymentOptionInfo, PaymentRecord } from '@/core/payments/contract'
import type { Paginated } from '@/core/http/contract'
import { packageOrNone } from '@/entities/subscription/api'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'
import { privateKey } from '@/lib/query-keys'
import { getQuote, getReferralCode, type QuoteInput } from './api'

/** The plans and the active package are shared with other features: src/entities/plans and src/entities/subscription. */
export const subscriptionKeys = {
  exchangeRate: ['subscriptions', 'exchange-rate'] as const,
  paymentOptions: ['subscriptions', 'payment-options'] as const,
  quotes: ['subscriptions', 'quote'] as const,
  quote: (input: QuoteInput) => [...subscriptionKeys.quotes, input] as const,
  /** Where a payment stands, asked by its reference. */
  paymentOutcome: (reference: string) => ['payment-outcome', reference] as const,
  lastPackage: (userId: number) => privateKey(userId, 'last-package'),
  referralCode: (userId: number) => privateKey(userId, 'referral-code'),
  payments: (userId: number) => privateKey(userId, 'payments'),
}

export const exchangeRateQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.exchangeRate,
    queryFn: ({ signal }) => apiGet<ExchangeRates>(API.exchangeRate, { signal }),
    meta: { persist: true },
    staleTime: 60 * 60_000,
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
