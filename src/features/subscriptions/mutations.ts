import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ActivePackage, PaymentStart, PaymentState } from '@/core/payments/contract'
import { activePackageQuery } from '@/entities/subscription/queries'
import { ApiError } from '@/lib/api-client'
import { cancelAutoRenewal, initializePayment, stayOnFree } from './api'
import { planToPayQuery } from '@/entities/subscription/plan-to-pay'
import { subscriptionKeys } from './queries'

/**
 * Starts a payment: `onStarted` with where the provider takes the payer, `onFailed` with the state that
 * failed. A price that moved on the server (409) is asked again, so the new one shows and the user decides again.
 */
export function useStartPayment({
  onStarted,
  onFailed,
}: {
  onStarted: (start: PaymentStart) => void
  onFailed: (error: Error, state: PaymentState) => void
}) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (state: PaymentState) => initializePayment(state),
    onSuccess: onStarted,
    onError: (error, state) => {
      onFailed(error, state)
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: subscriptionKeys.quotes })
    },
  })
}

/** Turns auto-renewal off; the active package becomes what the server answered, then `onCancelled`. */
export function useCancelAutoRenewal(userId: number, onCancelled: (updated: ActivePackage) => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: cancelAutoRenewal,
    onSuccess: (updated) => {
      client.setQueryData(activePackageQuery(userId).queryKey, updated)
      onCancelled(updated)
    },
  })
}

/** The reader keeps the Free plan: the plan chosen at sign-up is no longer offered. */
export function useStayOnFree(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: stayOnFree,
    onSuccess: () => client.setQueryData(planToPayQuery(userId).queryKey, null),
  })
}
