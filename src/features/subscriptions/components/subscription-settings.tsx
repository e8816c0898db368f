import '../subscriptions.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { errorMessage, ErrorState, Loading } from '@/components/query-state'
import type { ActivePackage } from '@/core/payments/contract'
import { formatLongDate } from '@/core/shared/format'
import { formatCurrency } from '@/core/shared/money'
import { PAYMENT_TEXTS } from '@/core/payments/payment'
import { PLAN_TEXTS } from '@/core/payments/plans'
import { activePackageQuery } from '@/entities/subscription/queries'
import { useCancelAutoRenewal } from '../mutations'
import { lastPackageQuery, paymentHistoryQuery, referralCodeQuery } from '../queries'
import { PackageCard } from './package-card'
import { PlanToPay } from './plan-to-pay'

/** Profile → Subscription: the package in force (or the last one), auto-renewal, the referral code and recent payments. */
export function SubscriptionSettings({ userId }: { userId: number }) {
  const active = useQuery(activePackageQuery(userId))
  return (
    <div className="subscription">
      {active.isPending ? (
        <Loading label="Loading your subscription" />
      ) : active.isError ? (
        <ErrorState error={active.error} onRetry={() => void active.refetch()} title="Could not load your subscription" />
      ) : active.data ? (
        <ActivePackageView userId={userId} pkg={active.data} />
      ) : (
        <NoActivePackage userId={userId} />
      )}
      <ReferralCodeView userId={userId} />
      <PaymentHistory userId={userId} />
    </div>
  )
}

function ActivePackageView({ userId, pkg }: { userId: number; pkg: ActivePackage }) {
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelAutoRenewal(userId, () => setConfirming(false))
  // The button pressed goes away each time: focus follows to what replaced it, so nobody is left on nothing.
  const question = useRef<HTMLParagraphElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const done = useRef<HTMLParagraphElement>(null)
  const wasConfirming = useRef(false)
  useEffect(() => {
    if (confirming) question.current?.focus()
    else if (wasConfirming.current) (cancel.isSuccess ? done.current : opener.current)?.focus()
    wasConfirming.current = confirming
  }, [confirming, cancel.isSuccess])
  return (
    <>
      <PackageCard pkg={pkg} />
      {pkg.autoRenew ? (
        confirming ? (
          <div className="confirm" role="group" aria-labelledby="cancel-renewal-question">
            <p id="cancel-renewal-question" ref={question} tabIndex={-1}>
              Turn off auto-renewal? Your {pkg.plan.name} plan will end on {formatLongDate(pkg.expiresAt)} and will not be charged again.
            </p>
            <button type="button" className="button button--danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Turning off…' : 'Turn off auto-renewal'}
            </button>{' '}
            <button type="button" className="button" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Keep it on
            </button>
          </div>
        ) : (
          <button type="button" className="button" ref={opener} onClick={() => setConfirming(true)}>
            Cancel auto-renewal
          </button>
        )
      ) : (
        <p className="subtle">
          It ends on {formatLongDate(pkg.expiresAt)} and will not be charged again.{' '}
          <Link to={`/pricing?plan=${pkg.plan.id}`}>Renew or change plan</Link>
        </p>
      )}
      <div aria-live="polite">
        {cancel.isSuccess && (
          <p className="notice notice--success" ref={done} tabIndex={-1}>
            {PAYMENT_TEXTS.autoRenewCancelled}
          </p>
        )}
        {cancel.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(cancel.error)}
          </p>
        )}
      </div>
    </>
  )
}

function NoActivePackage({ userId }: { userId: number }) {
  const last = useQuery(lastPackageQuery(userId))
  if (last.isPending) return <Loading label="Loading your last package" lines={1} />
  if (last.data) {
    return (
      <>
        <p>
          Your {last.data.plan.name} plan ended on {formatLongDate(last.data.expiresAt)}. You are on the Free plan until you subscribe
          again: your first chosen language is kept offline and quizzed, and adverts are shown. You still read every people online, and the
          others you chose stay chosen.
        </p>
        <PackageCard pkg={last.data} />
        <p>
          <Link className="button button--primary" to={`/pricing?plan=${last.data.plan.id}`}>
            Subscribe again
          </Link>
        </p>
      </>
    )
  }
  return (
    <>
      <PlanToPay userId={userId} variant="section" />
      <p data-testid="free-plan">{PLAN_TEXTS.noPackage}</p>
      <p>
        <Link className="button button--primary" to="/pricing">
          Upgrade your plan
        </Link>
      </p>
    </>
  )
}

function ReferralCodeView({ userId }: { userId: number }) {
  const referral = useQuery(referralCodeQuery(userId))
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  if (referral.isPending) return <Loading label="Loading your referral code" lines={1} />
  if (referral.isError) return null
  const { code, percentOff, uses, maxUses, expiresAt } = referral.data
  async function copy() {
    try {
      await navigator.clipboard.writeText(code)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <div className="referral">
      <h3>Your referral code</h3>
      <p>
        Friends who use <strong data-testid="referral-code">{code}</strong> get {percentOff}% off a plan.{' '}
        {maxUses !== null ? `Used ${uses} of ${maxUses} times` : `Used ${uses} times`}
        {expiresAt ? `; valid until ${formatLongDate(expiresAt)}.` : '.'}
      </p>
      <button type="button" className="button" onClick={() => void copy()}>
        Copy the code
      </button>
      <span aria-live="polite" className="subtle">
        {copied === 'yes' ? ' Copied.' : copied === 'no' ? ' Copying is not allowed here; select the code instead.' : ''}
      </span>
    </div>
  )
}

const STATUS_LABELS = { success: 'Paid', pending: 'Waiting', failed: 'Failed', abandoned: 'Cancelled' } as const

function PaymentHistory({ userId }: { userId: number }) {
  const history = useQuery(paymentHistoryQuery(userId))
  if (history.isPending || history.isError || history.data.data.length === 0) return null
  return (
    <div className="payment-history">
      <h3>Recent payments</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {history.data.data.map((payment) => (
            <tr key={payment.reference}>
              <td>{formatLongDate(payment.createdAt)}</td>
              <td>
                {payment.planName}
                {payment.purpose === 'renewal' ? ' (renewal)' : ''}
              </td>
              <td>{formatCurrency(payment.amount, payment.currency)}</td>
              <td>
                {payment.note ? 'Not completed' : STATUS_LABELS[payment.status]}
                {payment.note ? <span className="payment-note subtle">{payment.note}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
