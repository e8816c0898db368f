export { default } from '@/features/notifications/routes/notifications'
export { default as NotificationDetail } from '@/features/notifications/routes/notification-detail'
