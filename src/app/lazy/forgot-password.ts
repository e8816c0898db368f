export { default } from '@/features/auth/routes/forgot-password'
