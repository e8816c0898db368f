export { NotFoundRoute as default } from '@/features/pages/routes'
