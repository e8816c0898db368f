import { FaqList } from '@/features/pages/faq-list'
import { PricingRoute } from '@/features/subscriptions/pricing-route'
import { usePlans } from '@/entities/plans/queries'

/**
 * Pricing with the FAQ beneath it: the app composes the two features (features never import each other).
 * The FAQ is laid out once the plans are (its questions load meanwhile), so it never jumps down under them.
 */
export default function PricingPage() {
  const plans = usePlans()
  return (
    <>
      <PricingRoute />
      <div hidden={plans.isPending}>
        <FaqList />
      </div>
    </>
  )
}
