import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorState, Loading } from '@/components/query-state'
import { CURRENCIES, type CurrencyCode, NAIRA_PER_DOLLAR } from '@/core/constants'
import { convertFromDollars, formatCurrency, numberToWords } from '@/core/format'
import { exchangeRateQuery, plansQuery } from './queries'

export function PricingRoute() {
  const plans = useQuery(plansQuery())
  const [currency, setCurrency] = useState<CurrencyCode>('USD')
  // The configured rate when it has arrived; the spec's 1000 ₦ per $1 until then (or offline).
  const nairaPerDollar = useQuery(exchangeRateQuery()).data?.rates.NGN ?? NAIRA_PER_DOLLAR

  return (
    <>
      <h1>Pricing</h1>
      <p className="lead">
        Every plan is yearly and ad-free. A plan opens the proverbs and quizzes of as many peoples as it says; you choose
        which.
      </p>
      <div className="currency-switch" role="group" aria-label="Currency">
        {(Object.keys(CURRENCIES) as CurrencyCode[]).map((code) => (
          <button
            key={code}
            type="button"
            className="button"
            aria-pressed={currency === code}
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
                <span data-testid={`price-${plan.name}`}>{formatCurrency(convertFromDollars(plan.amount, currency, nairaPerDollar), currency)}</span>
                <span className="subtle"> / year</span>
              </p>
              <p className="plan-card__groups">
                {plan.noOfEthnics === 1 ? 'One people' : `${capitalise(numberToWords(plan.noOfEthnics))} peoples`}
              </p>
              <p>{plan.description}</p>
            </li>
          ))}
        </ul>
      )}
      <p className="subtle">
        Prices are set in US dollars; naira amounts are shown at {formatCurrency(nairaPerDollar, 'NGN')} per $1. Card
        payments in naira are through Paystack; other payment options charge in dollars.
      </p>
    </>
  )
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
