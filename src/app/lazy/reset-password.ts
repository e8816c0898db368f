export { default } from '@/features/auth/routes/reset-password'
