import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { NOTIFICATION_PAGE_DEFAULT, NOTIFICATION_POLL_MS, NOTIFICATION_SIZE_DEFAULT } from '@/core/shared/constants'
import type { AppNotification, NotificationPage } from '@/core/notifications/contract'
import { privateKeys } from '@/lib/query-keys'
import { fetchNotifications, fetchUnreadCount, type NotificationFilter } from './api'
import { countWithReads, withReads } from './cache'
import { addPendingRead, flushPendingReads, isRetriable, pendingReads, sendRead } from './pending-reads'

/**
 * Private: under `privateKeys.user(userId)`, dropped at sign-out. Everything shares `all(userId)`, which a
 * push invalidates to fetch the news at once (so that prefix sits in `@/lib/query-keys`).
 */
export const notificationKeys = {
  all: privateKeys.notifications,
  unreadCount: (userId: number) => [...notificationKeys.all(userId), 'unread-count'] as const,
  lists: (userId: number) => [...notificationKeys.all(userId), 'list'] as const,
  list: (userId: number, filter: NotificationFilter, page: number, size: number) =>
    [...notificationKeys.lists(userId), filter, page, size] as const,
  detail: (userId: number, id: number) => [...notificationKeys.all(userId), 'detail', id] as const,
}

/**
 * Shown at once from the device (persisted: offline the last known list and count stay), always asked
 * again. They wait while offline instead of failing (networkMode 'online') and are asked again the moment
 * the connection or the tab comes back. Reads made on this device go first, so what comes back has them.
 */
const live = {
  staleTime: 0,
  networkMode: 'online',
  refetchOnReconnect: true,
  refetchOnWindowFocus: true,
  meta: { persist: true },
} as const

/**
 * Polled every 5 s while signed in (docs/requirements.md#r7-notifications-and-push); not while the tab is hidden (nor
 * offline: see `live`).
 */
const polled = { refetchInterval: NOTIFICATION_POLL_MS, refetchIntervalInBackground: false } as const

export const notificationListQuery = (
  userId: number,
  filter: NotificationFilter,
  page = NOTIFICATION_PAGE_DEFAULT,
  size = NOTIFICATION_SIZE_DEFAULT,
) =>
  queryOptions({
    queryKey: notificationKeys.list(userId, filter, page, size),
    queryFn: async ({ signal }) => {
      await flushPendingReads(userId)
      const fetched = await fetchNotifications(filter, page, size, signal)
      return withReads(fetched, filter, pendingReads(userId))
    },
    ...live,
  })

/** The bell's dropdown: the latest seven (the same query as the first page of "All"). */
export const latestNotificationsQuery = (userId: number) => queryOptions({ ...notificationListQuery(userId, 'all'), ...polled })

export const unreadCountQuery = (userId: number) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    queryFn: async ({ signal }) => {
      await flushPendingReads(userId)
      const count = await fetchUnreadCount(signal)
      return countWithReads(count, pendingReads(userId))
    },
    ...live,
    ...polled,
  })

/** A message from any list this device holds (the detail page shows it from there offline). */
export function findCachedNotification(client: QueryClient, userId: number, id: number): AppNotification | undefined {
  const opened = client.getQueryData<AppNotification>(notificationKeys.detail(userId, id))
  if (opened) return opened
  for (const [, page] of client.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists(userId) })) {
    const found = page?.data.find((item) => item.id === id)
    if (found) return found
  }
  return undefined
}

/** Marks a message read in every cached list at once and, if it was unread there, lowers the count. */
function markReadInCache(client: QueryClient, userId: number, id: number, readAt: string): void {
  let wasUnread = false
  for (const [key, page] of client.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists(userId) })) {
    if (!page) continue
    if (page.data.some((item) => item.id === id && !item.read)) wasUnread = true
    const filter = key[4] as NotificationFilter
    const next = withReads(page, filter, [{ id, readAt }])
    if (next !== page) client.setQueryData(key, next)
  }
  if (wasUnread)
    client.setQueryData<number>(notificationKeys.unreadCount(userId), (count) => (count === undefined ? count : Math.max(0, count - 1)))
}

/**
 * Reads made on this device that the server has not heard of yet, put back into the cached lists and
 * count: the persisted copy is written at most once a second, so a reload offline just after opening a
 * message may restore it unread.
 */
export function applyPendingReads(client: QueryClient, userId: number): void {
  for (const read of pendingReads(userId)) markReadInCache(client, userId, read.id, read.readAt)
}

/**
 * Opening a message marks it read: on screen at once (lists and the bell's count), on the server by the
 * GET. When that cannot go (offline, the server down), a message this device holds is shown from there and
 * its read waits in the pending set for the connection to return.
 */
async function openNotification(client: QueryClient, userId: number, id: number): Promise<AppNotification> {
  const cached = findCachedNotification(client, userId, id)
  const readAt = new Date().toISOString()
  // Only a message the device can show may be read here first; any other is read when the server answers.
  if (cached && !cached.read) addPendingRead(userId, id, readAt)
  markReadInCache(client, userId, id, readAt)
  const settle = () => {
    void client.invalidateQueries({ queryKey: notificationKeys.lists(userId) })
    void client.invalidateQueries({ queryKey: notificationKeys.unreadCount(userId) })
  }
  try {
    const notification = await sendRead(userId, id)
    // The server's word now, for a message no cached list held (its count was not lowered above).
    settle()
    return notification
  } catch (error) {
    if (cached && isRetriable(error)) return { ...cached, read: true, readAt: cached.readAt ?? readAt }
    if (!isRetriable(error)) settle()
    throw error
  }
}

export const notificationQuery = (userId: number, id: number) =>
  queryOptions({
    queryKey: notificationKeys.detail(userId, id),
    queryFn: ({ client }) => openNotification(client, userId, id),
    // Asked even offline: the failure is what shows the device's copy.
    networkMode: 'always',
    // A message does not change; opening it again need not mark it again.
    staleTime: Infinity,
  })
