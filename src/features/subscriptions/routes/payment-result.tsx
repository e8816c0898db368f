import '../subscriptions.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { formatCurrency } from '@/core/shared/money'
import { track } from '@/lib/track'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { verifyPayment } from '../api'
import { PackageCard } from '../components/package-card'
import { PAYMENT_HEADINGS, PaymentCheckFailed, PENDING_POLL_MS, PENDING_POLLS } from '../components/payment-states'
import { PaymentReceiptView } from '../components/payment-receipt'
import { subscriptionKeys } from '../queries'

/**
 * Where a payment provider sends the user back (/payment_success, and /register_payment_success at the
 * end of sign-up): asks the server what became of the payment — it checks with the provider — and says
 * so. A failed or cancelled payment changed nothing, and the page says that too. A tab with neither a
 * session nor the sign-up's token (another browser, the sign-up's tab closed) reads what its reference
 * may tell, and asks the reader to sign in.
 */
export function PaymentResult({ registrationToken }: { registrationToken?: string }) {
  const [params] = useSearchParams()
  const reference = params.get('reference') ?? params.get('trxref') ?? ''
  const cancelled = params.get('cancelled') === '1'
  const userId = useSession()?.user.id
  if (reference && userId === undefined && !registrationToken) return <PaymentReceiptView reference={reference} cancelled={cancelled} />
  return <PaymentOutcomeView reference={reference} cancelled={cancelled} userId={userId} registrationToken={registrationToken} />
}

function PaymentOutcomeView({
  reference,
  cancelled,
  userId,
  registrationToken,
}: {
  reference: string
  cancelled: boolean
  userId: number | undefined
  registrationToken: string | undefined
}) {
  const client = useQueryClient()
  const polls = useRef(0)
  const outcome = useQuery({
    queryKey: subscriptionKeys.paymentOutcome(reference),
    queryFn: () => verifyPayment(reference, { cancelled, ...(registrationToken ? { registrationToken } : {}) }),
    enabled: reference !== '',
    retry: 1,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' && polls.current++ < PENDING_POLLS ? PENDING_POLL_MS : false),
  })
  const status = outcome.data?.status
  const heading = useRef<HTMLHeadingElement>(null)

  // A payment counted as paid once per reference shown (the revenue itself comes from the server's payments).
  const paid = status === 'success' ? outcome.data : undefined
  const counted = useRef<string>(undefined)
  useEffect(() => {
    if (!paid || counted.current === paid.reference) return
    counted.current = paid.reference
    track('checkout_paid', { detail: paid.planName, currency: paid.currency })
  }, [paid])

  // A new package changes what the user may read and whether adverts show: refresh what depends on it.
  useEffect(() => {
    if (status === 'success' && userId !== undefined) void client.invalidateQueries({ queryKey: privateKeys.user(userId) })
  }, [status, userId, client])
  useEffect(() => {
    if (status && status !== 'pending') heading.current?.focus()
  }, [status])

  if (!reference) {
    return (
      <section aria-labelledby="payment-title">
        <h1 id="payment-title">No payment to show</h1>
        <p>This page shows the outcome of a payment, and no payment was named. See the plans to subscribe.</p>
        <p>
          <Link to="/pricing">See the plans</Link>
        </p>
      </section>
    )
  }
  if (outcome.isPending) return <Loading label="Checking your payment" />
  if (outcome.isError) return <PaymentCheckFailed error={outcome.error} onRetry={() => void outcome.refetch()} />
  const result = outcome.data
  return (
    <section aria-labelledby="payment-title" className="payment-result" data-status={result.status}>
      <h1 id="payment-title" ref={heading} tabIndex={-1}>
        {PAYMENT_HEADINGS[result.status]}
      </h1>
      <p role="status">{result.message}</p>
      <p className="subtle">
        {result.planName} plan · {formatCurrency(result.amount, result.currency)} · reference <code>{result.reference}</code>
      </p>
      {result.status === 'pending' && polls.current >= PENDING_POLLS && (
        <p>This is taking longer than usual. Your package will appear in your profile as soon as the payment provider confirms it.</p>
      )}
      {result.package && <PackageCard pkg={result.package} />}
      <p className="payment-result__actions">
        {result.status === 'success' ? (
          userId !== undefined ? (
            <>
              <Link className="button button--primary" to="/profile#subscription">
                Go to your subscription
              </Link>{' '}
              <Link className="button" to="/profile#languages">
                Choose your languages
              </Link>
            </>
          ) : null
        ) : result.status !== 'pending' && !result.registration ? (
          <Link className="button button--primary" to="/pricing">
            Back to the plans
          </Link>
        ) : null}
      </p>
    </section>
  )
}

export default function PaymentResultRoute() {
  return <PaymentResult />
}
