import type { PaymentStatus } from '@/core/payments/contract'

/** While the provider has not confirmed yet, a return page asks again this often, up to this many times. */
export const PENDING_POLL_MS = 2000
export const PENDING_POLLS = 15

export const PAYMENT_HEADINGS: Record<PaymentStatus, string> = {
  success: 'Payment received',
  pending: 'Confirming your payment…',
  failed: 'Payment not completed',
  abandoned: 'Payment cancelled',
}
