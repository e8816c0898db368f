import { API } from '@/core/http/api-paths'
import type { DailyReminder } from '@/core/notifications/contract'
import { apiGet, apiSend } from '@/lib/api-client'

const auth = { auth: true } as const

export const fetchReminder = (signal?: AbortSignal) => apiGet<DailyReminder>(API.dailyReminder, { ...auth, signal })
export const saveReminder = (reminder: DailyReminder) => apiSend<DailyReminder>('PUT', API.dailyReminder, reminder, auth)
/** The server sends the caller a test notification: in the app, and by push to their devices. */
export const sendTestNotification = () => apiSend<unknown>('POST', API.notificationTest, undefined, auth)
