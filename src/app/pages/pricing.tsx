import { FaqList } from '@/features/pages/faq-list'
import { PricingRoute } from '@/features/subscriptions/pricing-route'

/** Pricing with the FAQ beneath it: the app composes the two features (features never import each other). */
export default function PricingPage() {
  return (
    <>
      <PricingRoute />
      <FaqList />
    </>
  )
}
