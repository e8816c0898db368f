export { default } from '@/features/account/routes/profile'
