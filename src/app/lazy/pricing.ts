export { PricingRoute as default } from '@/features/subscriptions/pricing-route'
