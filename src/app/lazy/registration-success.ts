export { default } from '@/features/auth/routes/registration-success'
