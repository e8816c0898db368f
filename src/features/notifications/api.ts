import { API } from '@/core/http/api-paths'
import type { AppNotification, NotificationPage, UnreadCount } from '@/core/notifications/contract'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'

const auth = { auth: true } as const

/** The three lists the server keeps: every message, the unread ones, the read ones. */
export type NotificationFilter = 'all' | 'unread' | 'read'

const LIST_PATHS: Record<NotificationFilter, string> = {
  all: API.notifications,
  unread: API.notificationsUnread,
  read: API.notificationsRead,
}

export const fetchNotifications = (filter: NotificationFilter, page: number, size: number, signal?: AbortSignal) =>
  apiGetPage<NotificationPage>(withQuery(LIST_PATHS[filter], { page, size }), { ...auth, signal })

/** The count is read from the message field (docs/requirements.md#r7-notifications-and-push). */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const body = await apiGetPage<UnreadCount>(API.notificationsUnreadCount, { ...auth, signal })
  return body.message
}

/** One message; the server marks it read on this GET. */
export const fetchNotification = (id: number, signal?: AbortSignal) => apiGet<AppNotification>(API.notification(id), { ...auth, signal })
