import { queryOptions, useQuery } from '@tanstack/react-query'
import { planKeys } from '@/lib/query-keys'
import { fetchPlans } from './api'

/** The plans on offer, kept on the device: sign-up, the pricing page and the end of sign-up show them. */
export const plansQuery = () =>
  queryOptions({
    queryKey: planKeys.all,
    queryFn: ({ signal }) => fetchPlans(signal),
    meta: { persist: true },
    staleTime: 60 * 60_000,
  })

export const usePlans = () => useQuery(plansQuery())
