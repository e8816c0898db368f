export { UnsubscribeRoute as default } from '@/features/community/routes/unsubscribe'
