// @vitest-environment jsdom
import { expect, test, vi } from 'vitest'
import type { NotificationPage } from '@/core/notifications/contract'
import { countWithReads, withReads } from './cache'
import { latestNotificationsQuery, notificationKeys, notificationListQuery, notificationQuery, unreadCountQuery } from './queries'
import { notification } from './test-fixtures'
import { setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
setTestSession(null)

test('the count and the latest seven are polled every 5000 ms, never while hidden, waiting while offline, persisted', () => {
  for (const options of [unreadCountQuery(7), latestNotificationsQuery(7)]) {
    expect(options.refetchInterval).toBe(5000)
    expect(options.refetchIntervalInBackground).toBe(false)
    expect(options.networkMode).toBe('online')
    expect(options.refetchOnReconnect).toBe(true)
    expect(options.refetchOnWindowFocus).toBe(true)
    expect(options.meta).toEqual({ persist: true })
  }
  // The latest seven are the first page of "All" (docs/requirements.md#r7-notifications-and-push: page 1, size 7).
  expect(latestNotificationsQuery(7).queryKey).toEqual(notificationListQuery(7, 'all', 1, 7).queryKey)
  // Pages of the list are not polled; an opened message is not persisted.
  expect(notificationListQuery(7, 'read', 2).refetchInterval).toBeUndefined()
  expect(notificationQuery(7, 3).meta).toBeUndefined()
})

test('every key sits under the user’s notifications prefix (a push invalidates it; sign-out drops it)', () => {
  const prefix = ['me', 7, 'notifications']
  expect(notificationKeys.all(7)).toEqual(prefix)
  for (const key of [
    unreadCountQuery(7).queryKey,
    latestNotificationsQuery(7).queryKey,
    notificationListQuery(7, 'unread', 3).queryKey,
    notificationQuery(7, 12).queryKey,
  ]) {
    expect(key.slice(0, 3)).toEqual(prefix)
  }
})

const page = (ids: number[], totalElements = ids.length): NotificationPage => ({
  data: ids.map((id) => notification(id)),
  page: 1,
  size: 7,
  totalPages: 1,
  totalElements,
})

test('reads made on this device mark messages read in lists and take them out of unread ones', () => {
  const reads = [{ id: 2, readAt: '2026-11-21T10:00:00Z' }]
  const all = withReads(page([3, 2, 1]), 'all', reads)
  expect(all.data.map((item) => [item.id, item.read, item.readAt])).toEqual([
    [3, false, null],
    [2, true, '2026-11-21T10:00:00Z'],
    [1, false, null],
  ])
  const unread = withReads(page([3, 2, 1], 12), 'unread', reads)
  expect(unread.data.map((item) => item.id)).toEqual([3, 1])
  expect(unread.totalElements).toBe(11)
  // Nothing to change: the very same page.
  const untouched = page([5, 4])
  expect(withReads(untouched, 'all', reads)).toBe(untouched)
  expect(withReads(untouched, 'all', [])).toBe(untouched)
})

test('the count is the server’s less the reads it has not heard of, never below zero', () => {
  expect(countWithReads(5, [{ id: 1, readAt: '' }])).toBe(4)
  expect(countWithReads(0, [{ id: 1, readAt: '' }])).toBe(0)
})
