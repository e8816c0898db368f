export { PrivacyRoute as default } from '@/features/pages/routes'
