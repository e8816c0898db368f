import { useSearchParams } from 'react-router-dom'
import { ErrorState, Loading } from '@/components/query-state'
import { PLAN_TEXTS } from '@/core/payments/plans'
import { usePlans } from '@/entities/plans/queries'
import RegistrationSuccessRoute from '@/features/auth/routes/registration-success'
import { registeredFreePlan, registrationPayment } from '@/features/auth/registered-email'
import { Checkout } from '@/features/subscriptions/components/checkout'
import { PaymentResult } from '@/features/subscriptions/routes/payment-result'

/**
 * /register_payment_success, the end of sign-up: check your email, and pay for the plan chosen now if
 * you like (the payment works before activation, with the token sign-up gave). The payment provider
 * sends the user back here with ?reference=, and the page then leads with the payment's outcome.
 */
export default function RegistrationSuccessPage() {
  const [params] = useSearchParams()
  const payment = registrationPayment()
  const plans = usePlans()
  if (params.get('reference')) {
    return (
      <>
        <PaymentResult registrationToken={payment?.token} />
        <RegistrationSuccessRoute heading={2} />
      </>
    )
  }
  const plan = plans.data?.find((p) => p.id === payment?.packageId)
  return (
    <RegistrationSuccessRoute>
      {!payment && registeredFreePlan() && (
        <p className="notice" data-testid="free-plan-chosen">
          {PLAN_TEXTS.freeChosen}
        </p>
      )}
      {payment && (
        <section className="registration-payment" aria-labelledby="registration-pay-title">
          <h2 id="registration-pay-title">Pay for your plan now</h2>
          {plans.isPending ? (
            <Loading label="Loading your plan" />
          ) : plans.isError ? (
            <ErrorState error={plans.error} onRetry={() => void plans.refetch()} title="Could not load your plan" />
          ) : plan ? (
            <>
              <p>
                You chose the {plan.name} plan. Pay now and it starts today; or sign in later on the Free plan (every people to read online,
                your first language kept offline, with adverts) and subscribe from your profile.
              </p>
              <Checkout plan={plan} registrationToken={payment.token} initialCoupon={payment.promoCode} />
            </>
          ) : (
            <p>The plan you chose is no longer offered. Sign in after activating and choose another on the pricing page.</p>
          )}
        </section>
      )}
    </RegistrationSuccessRoute>
  )
}
