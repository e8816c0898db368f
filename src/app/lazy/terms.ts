export { TermsRoute as default } from '@/features/pages/routes'
