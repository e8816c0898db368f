export { AboutRoute as default } from '@/features/pages/routes'
