import { queryOptions } from '@tanstack/react-query'
import type { Plan } from '@/core/payments/contract'
import { PAYMENT_API } from '@/core/payments/api-paths'
import { apiGet } from '@/lib/api-client'
import { privateKey } from '@/lib/query-keys'

/** The paid plan chosen at sign-up and not paid for yet (null when none). */
export const fetchPlanToPay = (signal?: AbortSignal) => apiGet<Plan | null>(PAYMENT_API.planToPay, { signal, auth: true })

/**
 * The paid plan chosen at sign-up and not paid for yet: offered by the plans' pages, and where an advert leads to the
 * plans. Kept on the device like the package, so the profile opened offline still says it; asked again whenever it is
 * shown online (paid or dropped on another device, or a moment ago on this one before the device's copy was written),
 * and a payment's success refreshes everything of the reader's. Its own module: the first page does not need it.
 */
export const planToPayQuery = (userId: number) =>
  queryOptions({
    queryKey: privateKey(userId, 'plan-to-pay'),
    queryFn: ({ signal }) => fetchPlanToPay(signal),
    meta: { persist: true },
    staleTime: 0,
  })
