export { default } from '@/features/subscriptions/routes/payment-result'
