export { default } from '@/features/auth/routes/activate'
