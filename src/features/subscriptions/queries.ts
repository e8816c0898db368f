import { queryOptions } from '@tanstack/react-query'
import { API } from '@/core/api-paths'
import type { ExchangeRates, Plan } from '@/core/contract'
import { apiGet } from '@/lib/api-client'

export const subscriptionKeys = {
  plans: ['subscriptions', 'plans'] as const,
  exchangeRate: ['subscriptions', 'exchange-rate'] as const,
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
