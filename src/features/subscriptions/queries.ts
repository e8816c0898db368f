import { queryOptions } from '@tanstack/react-query'
import { API } from '@/core/api-paths'
import type { ActivePackage, ExchangeRates, Plan } from '@/core/contract'
import { ApiError, apiGet } from '@/lib/api-client'

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

/**
 * Spec §4: the active package, fetched when signed in. A 404 means none (null here), so the
 * has-active-package flag is `data !== null` and only true when the server returned a package.
 */
export const activePackageQuery = (userId: number) =>
  queryOptions({
    queryKey: ['me', userId, 'active-package'] as const,
    queryFn: async ({ signal }): Promise<ActivePackage | null> => {
      try {
        return await apiGet<ActivePackage>(API.activePackage, { signal, auth: true })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    meta: { persist: true },
    staleTime: 60_000,
  })
