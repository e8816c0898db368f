import './subscriptions.css'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ErrorState, Loading } from '@/components/query-state'
import { CURRENCIES, type CurrencyCode, NAIRA_PER_DOLLAR } from '@/core/shared/constants'
import type { Plan } from '@/core/payments/contract'
import { convertFromDollars, formatCurrency } from '@/core/shared/money'
import { isFreePlan, peoplesLabel, PLAN_TEXTS } from '@/core/payments/plans'
import { useHydrated } from '@/lib/server-render'
import { useSession } from '@/lib/session'
import { Checkout } from './components/checkout'
import { usePlans } from '@/entities/plans/queries'
import { activePackageQuery } from '@/entities/subscription/queries'
import { exchangeRateQuery } from './queries'

/**
 * /pricing: the plans in dollars or naira. A signed-in user chooses one (?plan=id, so the choice
 * survives a reload and can be linked from the profile) and pays below; a visitor signs up with it.
 * ?promo=CODE carries a promo code into the checkout, applied as it opens.
 */
export function PricingRoute() {
  const plans = usePlans()
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const [currency, setCurrency] = useState<CurrencyCode>('USD')
  const chosenId = Number(params.get('plan'))
  const chosen = plans.data?.find((plan) => plan.id === chosenId && !isFreePlan(plan))
  const promo = params.get('promo')
  const choose = (plan: Plan) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.set('plan', String(plan.id))
        return next
      },
      { preventScrollReset: true },
    )
  // The configured rate when it has arrived; the spec's 1000 ₦ per $1 until then (or offline).
  const nairaPerDollar = useQuery(exchangeRateQuery()).data?.rates.NGN ?? NAIRA_PER_DOLLAR
  const hydrated = useHydrated()

  return (
    <>
      <h1>Pricing</h1>
      <p className="lead">{PLAN_TEXTS.story} Paid plans are yearly; you choose which peoples.</p>
      <div className="currency-switch" role="group" aria-label="Currency">
        {(Object.keys(CURRENCIES) as CurrencyCode[]).map((code) => (
          <button
            key={code}
            type="button"
            className="button"
            aria-pressed={currency === code}
            // Until the app has taken the server's page over, a press would do nothing: it waits, as forms do.
            disabled={!hydrated}
            onClick={() => setCurrency(code)}
          >
            {CURRENCIES[code].symbol} {code}
          </button>
        ))}
      </div>
      {plans.isPending ? (
        <Loading label="Loading plans" />
      ) : plans.isError ? (
        <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
      ) : (
        <ul className="plan-grid">
          {plans.data.map((plan) => (
            <li key={plan.id} className="plan-card">
              <h2>{plan.name}</h2>
              <p className="plan-card__price">
                <span data-testid={`price-${plan.name}`}>
                  {isFreePlan(plan) ? 'No payment' : formatCurrency(convertFromDollars(plan.amount, currency, nairaPerDollar), currency)}
                </span>
                {!isFreePlan(plan) && <span className="subtle"> / year</span>}
              </p>
              <p className="plan-card__groups">{peoplesLabel(plan.noOfEthnics)}</p>
              <p>{plan.description}</p>
              {session ? (
                <>
                  <CurrentPlanBadge userId={session.user.id} plan={plan} />
                  {!isFreePlan(plan) && (
                    <button
                      type="button"
                      className="button button--primary"
                      aria-pressed={chosen?.id === plan.id}
                      onClick={() => choose(plan)}
                    >
                      Choose {plan.name}
                    </button>
                  )}
                </>
              ) : (
                <Link className="button button--primary" to={`/auth/signup?plan=${plan.id}`}>
                  Sign up with {plan.name}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
      {session && chosen && <ChosenPlan key={chosen.id} userId={session.user.id} plan={chosen} currency={currency} promo={promo} />}
      {/* After the plans, once they are shown: a note beneath their placeholder would jump when they arrive. */}
      {!plans.isPending && (
        <p className="subtle">
          Prices are set in US dollars; naira amounts are shown at {formatCurrency(nairaPerDollar, 'NGN')} per $1. Card payments in naira
          are through Paystack; other payment options charge in dollars.
        </p>
      )}
    </>
  )
}

/** A reader with no package in force is on the Free plan. */
function CurrentPlanBadge({ userId, plan }: { userId: number; plan: Plan }) {
  const active = useQuery(activePackageQuery(userId))
  if (active.data === undefined) return null
  const current = active.data === null ? isFreePlan(plan) : active.data.plan.id === plan.id
  return current ? <p className="badge">Your current plan</p> : null
}

/** The checkout of the chosen plan; its heading takes focus so keyboard and screen-reader users land on it. */
function ChosenPlan({ userId, plan, currency, promo }: { userId: number; plan: Plan; currency: CurrencyCode; promo: string | null }) {
  const current = useQuery(activePackageQuery(userId)).data
  return (
    <div id="checkout" className="checkout-region">
      <Checkout plan={plan} initialCurrency={currency} initialCoupon={promo} current={current} focusOnMount />
    </div>
  )
}
