import '../subscriptions.css'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { errorMessage } from '@/components/query-state'
import { PLAN_TEXTS } from '@/core/payments/plans'
import { formatCurrency } from '@/core/shared/money'
import { useStayOnFree } from '../mutations'
import { planToPayQuery } from '@/entities/subscription/plan-to-pay'

/**
 * The paid plan chosen at sign-up and not paid for yet: its name, its price and one tap to its checkout. On the first
 * screen after a sign-in it stands on the tab bar (nothing on the page moves) and may be put off; in the profile it
 * stays until the plan is paid for or the reader keeps Free. Nothing shows while it is not known (offline, say).
 */
export function PlanToPay({ userId, variant }: { userId: number; variant: 'bar' | 'section' }) {
  const planToPay = useQuery(planToPayQuery(userId))
  const stay = useStayOnFree(userId)
  const [putOff, setPutOff] = useState(false)
  const title = useId()
  const plan = planToPay.data
  if (!plan || putOff) return null
  const price = formatCurrency(plan.amount, 'USD')
  return (
    <section className={`plan-to-pay plan-to-pay--${variant}${variant === 'bar' ? ' bottom-bar' : ''}`} aria-labelledby={title}>
      <div className="plan-to-pay__text">
        <h2 id={title} className="plan-to-pay__title">
          {PLAN_TEXTS.finishPayingTitle}
        </h2>
        <p>
          You chose the <strong>{plan.name}</strong> plan at sign-up: <strong data-testid="plan-to-pay-price">{price}</strong> a year.{' '}
          {PLAN_TEXTS.finishPayingNote}
        </p>
      </div>
      <div className="plan-to-pay__actions">
        <Link className="button button--primary" to={`/pricing?plan=${plan.id}`}>
          Pay for {plan.name}
        </Link>
        {variant === 'bar' ? (
          <button type="button" className="button" onClick={() => setPutOff(true)}>
            Not now
          </button>
        ) : (
          <button type="button" className="button" onClick={() => stay.mutate()} disabled={stay.isPending}>
            {stay.isPending ? 'Keeping Free…' : 'Stay on Free'}
          </button>
        )}
      </div>
      {stay.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(stay.error)}
        </p>
      )}
    </section>
  )
}
