export { default } from '@/features/push/routes/diagnostics'
