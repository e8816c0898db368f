export { default } from '@/features/auth/routes/login'
