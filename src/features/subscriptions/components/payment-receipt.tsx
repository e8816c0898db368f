import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { receiptMessage } from '@/core/payments/payment'
import { paymentReceipt } from '../api'
import { subscriptionKeys } from '../queries'
import { PAYMENT_HEADINGS, PaymentCheckFailed, PENDING_POLL_MS, PENDING_POLLS } from './payment-states'

/**
 * A checkout's return in a tab with no session: the payment is read by its reference, and the page says whether it
 * went through and for which plan, then asks the reader to sign in to see it (the sign-in comes back here, where the
 * whole outcome is shown).
 */
export function PaymentReceiptView({ reference, cancelled }: { reference: string; cancelled: boolean }) {
  const location = useLocation()
  const polls = useRef(0)
  const receipt = useQuery({
    queryKey: [...subscriptionKeys.paymentOutcome(reference), 'receipt'],
    queryFn: ({ signal }) => paymentReceipt(reference, signal),
    retry: 1,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      !cancelled && query.state.data?.status === 'pending' && polls.current++ < PENDING_POLLS ? PENDING_POLL_MS : false,
  })
  const status = receipt.data?.status
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (status && status !== 'pending') heading.current?.focus()
  }, [status])

  if (receipt.isPending) return <Loading label="Checking your payment" />
  if (receipt.isError) return <PaymentCheckFailed error={receipt.error} onRetry={() => void receipt.refetch()} />
  const { planName } = receipt.data
  const leftCheckout = cancelled && status === 'pending'
  return (
    <section aria-labelledby="payment-title" className="payment-result" data-status={status}>
      <h1 id="payment-title" ref={heading} tabIndex={-1}>
        {PAYMENT_HEADINGS[leftCheckout ? 'abandoned' : receipt.data.status]}
      </h1>
      <p role="status">{receiptMessage(receipt.data.status, planName, leftCheckout)}</p>
      <p className="payment-result__actions">
        <Link className="button button--primary" to="/auth/login" state={{ from: location }}>
          Sign in
        </Link>
      </p>
    </section>
  )
}
