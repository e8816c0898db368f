export { default } from '@/features/proverbs/routes/offline-packs'
