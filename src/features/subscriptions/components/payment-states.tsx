import { ErrorState } from '@/components/query-state'
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

/** A return page that could not ask the server about the payment: nothing is known yet, and nothing was lost. */
export function PaymentCheckFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <section aria-labelledby="payment-title">
      <h1 id="payment-title">We could not check your payment</h1>
      <ErrorState error={error} onRetry={onRetry} title="The payment's outcome is not known yet" />
      <p>If you paid, your package will appear in your profile as soon as the payment provider confirms it.</p>
    </section>
  )
}
