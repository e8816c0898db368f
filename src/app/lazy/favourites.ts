export { default } from '@/features/proverbs/routes/favourites'
