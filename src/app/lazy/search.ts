export { SearchRoute as default } from '@/features/proverbs/routes/search'
