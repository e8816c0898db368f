import type { AppNotification, NotificationPage } from '@/core/notifications/contract'
import type { NotificationFilter } from './api'
import type { PendingRead } from './pending-reads'

/** Pure edits of a cached page, so a message read on this device shows read everywhere at once. */

const asRead = (notification: AppNotification, readAt: string): AppNotification =>
  notification.read ? notification : { ...notification, read: true, readAt: notification.readAt ?? readAt }

/**
 * A page with these messages read: marked read in "all" and "read" lists, taken out of "unread" ones.
 * The same object when nothing changed (no needless re-render, no needless write to the persisted cache).
 */
export function withReads(page: NotificationPage, filter: NotificationFilter, reads: readonly PendingRead[]): NotificationPage {
  const readAt = new Map(reads.map((read) => [read.id, read.readAt]))
  if (!page.data.some((item) => readAt.has(item.id) && !item.read)) return page
  if (filter === 'unread') {
    const data = page.data.filter((item) => !readAt.has(item.id))
    return { ...page, data, totalElements: Math.max(0, page.totalElements - (page.data.length - data.length)) }
  }
  return { ...page, data: page.data.map((item) => (readAt.has(item.id) ? asRead(item, readAt.get(item.id)!) : item)) }
}

/** The unread count the server gave, less the messages read here that it has not heard of yet. */
export const countWithReads = (count: number, reads: readonly PendingRead[]) => Math.max(0, count - reads.length)
