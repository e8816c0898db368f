export { ContactRoute as default } from '@/features/community/routes/contact'
