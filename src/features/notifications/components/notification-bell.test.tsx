// @vitest-environment jsdom
import { focusManager, onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { API } from '@/core/http/api-paths'
import { createQueryClient } from '@/lib/query-client'
import { addPendingRead } from '../pending-reads'
import { notificationKeys } from '../queries'
import { fakeServer, notification, renderNotifications } from '../test-fixtures'
import { badgeText, bellLabel } from './notification-bell'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const many = (count: number, read = false) => Array.from({ length: count }, (_, i) => notification(count - i, { read }))

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  onlineManager.setOnline(true)
  focusManager.setFocused(undefined)
})

test('the bell names the unread count the server gives in `message`, with a badge', async () => {
  fakeServer([notification(3), notification(2), notification(1, { read: true }), notification(0)])
  renderNotifications()
  const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' })
  expect(bell.getAttribute('aria-expanded')).toBe('false')
  expect(bell.querySelector('.bell__badge')?.textContent).toBe('3')
})

test('with nothing unread the bell is just "Notifications", without a badge; past 99 the badge says 99+', async () => {
  fakeServer([notification(1, { read: true })])
  renderNotifications()
  const bell = await screen.findByRole('button', { name: 'Notifications' })
  expect(bell.querySelector('.bell__badge')).toBeNull()
  expect(bellLabel(150)).toBe('Notifications, 150 unread')
  expect(badgeText(150)).toBe('99+')
  expect(badgeText(99)).toBe('99')
})

test('the dropdown opens from the keyboard, lists the latest seven, and Escape closes it with focus back on the bell', async () => {
  fakeServer(many(10))
  renderNotifications()
  const bell = await screen.findByRole('button', { name: 'Notifications, 10 unread' })
  bell.focus()
  // A native button: Enter and Space click it.
  fireEvent.click(bell)
  expect(bell.getAttribute('aria-expanded')).toBe('true')
  const panel = screen.getByRole('region', { name: 'Latest notifications' })
  expect(bell.getAttribute('aria-controls')).toBe(panel.id)
  const items = await within(panel).findAllByRole('listitem')
  expect(items).toHaveLength(7)
  expect(within(items[0]).getByRole('link').getAttribute('href')).toBe('/notifications/10')
  expect(within(items[0]).getByText('Message 10')).toBeTruthy()
  expect(within(items[0]).getByText('Body of message 10')).toBeTruthy()
  expect(within(items[0]).getByText('1 hour ago')).toBeTruthy()
  expect(within(items[0]).getByText('Unread:')).toBeTruthy()
  expect(within(panel).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/notifications')

  fireEvent.keyDown(within(items[2]).getByRole('link'), { key: 'Escape' })
  expect(bell.getAttribute('aria-expanded')).toBe('false')
  expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull()
  expect(document.activeElement).toBe(bell)
})

test('a click outside closes the dropdown; choosing a message opens its page and closes it', async () => {
  fakeServer(many(3))
  renderNotifications()
  const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' })
  fireEvent.click(bell)
  await screen.findByText('Message 3')
  fireEvent.click(document.body)
  expect(bell.getAttribute('aria-expanded')).toBe('false')

  fireEvent.click(bell)
  fireEvent.click(screen.getByText('Message 2'))
  expect(screen.getByTestId('where').textContent).toBe('/notifications/2')
  expect(bell.getAttribute('aria-expanded')).toBe('false')
})

test('an empty inbox says so', async () => {
  fakeServer([])
  renderNotifications()
  fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
  expect(await screen.findByText('No notifications yet')).toBeTruthy()
})

test('a list that cannot load says so and offers another try', async () => {
  const server = fakeServer([])
  server.fetch.mockImplementation(
    async () => new Response(JSON.stringify({ error: { code: 'bad', message: 'Not allowed here.' } }), { status: 403 }),
  )
  renderNotifications()
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
  const alert = await screen.findByRole('alert')
  expect(within(alert).getByText('Could not load notifications')).toBeTruthy()
  expect(within(alert).getByText('Not allowed here.')).toBeTruthy()
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy()
})

test('opened offline with nothing saved, the dropdown says it waits for the connection', async () => {
  fakeServer([notification(1)])
  const client = createQueryClient()
  onlineManager.setOnline(false)
  renderNotifications('/', client)
  fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
  expect(await screen.findByText("You're offline. Notifications will show when you're back online.")).toBeTruthy()
})

test('the count and the list are polled every 5 s while visible and online, and asked at once when the tab or the connection returns', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const server = fakeServer([notification(1)])
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  expect(server.asked(API.notificationsUnreadCount)).toBe(1)
  expect(server.asked(API.notifications)).toBe(1)

  server.state.items = [notification(2), ...server.state.items]
  await act(() => vi.advanceTimersByTimeAsync(5000))
  expect(server.asked(API.notificationsUnreadCount)).toBe(2)
  expect(server.asked(API.notifications)).toBe(2)
  expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy()

  // A hidden tab is not polled; coming back asks at once.
  act(() => focusManager.setFocused(false))
  await act(() => vi.advanceTimersByTimeAsync(15_000))
  expect(server.asked(API.notificationsUnreadCount)).toBe(2)
  act(() => focusManager.setFocused(true))
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(server.asked(API.notificationsUnreadCount)).toBe(3)

  // Offline, nothing is asked (and nothing fails); the connection's return asks at once.
  act(() => onlineManager.setOnline(false))
  await act(() => vi.advanceTimersByTimeAsync(15_000))
  expect(server.asked(API.notificationsUnreadCount)).toBe(3)
  expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy()
  act(() => onlineManager.setOnline(true))
  await act(() => vi.advanceTimersByTimeAsync(0))
  expect(server.asked(API.notificationsUnreadCount)).toBe(4)
})

test('offline, a read this device made but the server has not heard of shows as read in a copy restored without it', async () => {
  onlineManager.setOnline(false)
  const client = createQueryClient()
  onlineManager.setOnline(false)
  // The persisted copy was written before the message was opened: it still says unread.
  client.setQueryData(notificationKeys.unreadCount(7), 2)
  client.setQueryData(notificationKeys.list(7, 'all', 1, 7), {
    data: [notification(2), notification(1)],
    page: 1,
    size: 7,
    totalPages: 1,
    totalElements: 2,
  })
  addPendingRead(7, 2, '2026-11-22T06:00:00.000Z')
  renderNotifications('/', client)
  const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
  fireEvent.click(bell)
  const panel = screen.getByRole('region', { name: 'Latest notifications' })
  const items = within(panel).getAllByRole('listitem')
  expect(within(items[0]).queryByText('Unread:')).toBeNull()
  expect(within(items[1]).getByText('Unread:')).toBeTruthy()
})

test('the installed app’s icon counts the unread messages (and cards due); signing out clears it', async () => {
  const badge: string[] = []
  Object.assign(navigator, {
    setAppBadge: async (count: number) => void badge.push(`set ${count}`),
    clearAppBadge: async () => void badge.push('clear'),
  })
  fakeServer([notification(3), notification(2), notification(1, { read: true })])
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 2 unread' })
  await vi.waitFor(() => expect(badge).toEqual(['set 2']))
  cleanup()
  await vi.waitFor(() => expect(badge).toEqual(['set 2', 'clear']))
  Reflect.deleteProperty(navigator, 'setAppBadge')
  Reflect.deleteProperty(navigator, 'clearAppBadge')
})
