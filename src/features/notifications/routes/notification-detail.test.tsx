// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { API } from '@/core/http/api-paths'
import { createQueryClient } from '@/lib/query-client'
import { pendingReads } from '../pending-reads'
import { fakeServer, notification, renderNotifications } from '../test-fixtures'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  onlineManager.setOnline(true)
})

const bell = (unread: number) => screen.getByRole('button', { name: unread ? `Notifications, ${unread} unread` : 'Notifications' })
const heading = () => screen.findByRole('heading', { level: 1 })

async function openFromBell(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: /^Notifications/ }))
  fireEvent.click(await within(screen.getByRole('region', { name: 'Latest notifications' })).findByText(title))
}

test('opening a message shows it and lowers the count at once, before the server has answered', async () => {
  const server = fakeServer([notification(3), notification(2, { body: 'Your quiz is ready.' }), notification(1)])
  let answer = () => undefined as void
  server.state.holdReads = new Promise<void>((resolve) => (answer = resolve))
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 3 unread' })
  await openFromBell('Message 2')

  expect(screen.getByTestId('where').textContent).toBe('/notifications/2')
  expect((await heading()).textContent).toBe('Message 2')
  expect(screen.getByText('Your quiz is ready.')).toBeTruthy()
  expect(bell(2)).toBeTruthy()
  expect(server.asked(API.notification(2))).toBe(1)
  expect(server.asked(API.notificationsUnreadCount)).toBe(1)

  // The server hears it; the count it gives now agrees.
  await act(async () => answer())
  await vi.waitFor(() => expect(server.asked(API.notificationsUnreadCount)).toBe(2))
  expect(bell(2)).toBeTruthy()
  expect(pendingReads(7)).toEqual([])
})

test('a message shows its date and, when it leads somewhere in the app, an Open link', async () => {
  fakeServer([
    notification(5, { url: '/quiz', createdAt: '2026-11-21T10:00:00Z' }),
    notification(4, { url: 'https://elsewhere.example/x' }),
  ])
  renderNotifications('/notifications/5')
  expect((await heading()).textContent).toBe('Message 5')
  expect(screen.getByText(/^November 21st, 2026/)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/quiz')
  expect(screen.getByRole('link', { name: 'Back to notifications' }).getAttribute('href')).toBe('/notifications')
  cleanup()
  renderNotifications('/notifications/4')
  expect((await heading()).textContent).toBe('Message 4')
  expect(screen.queryByRole('link', { name: 'Open' })).toBeNull()
})

test('a message that does not exist says so', async () => {
  fakeServer([notification(1)])
  renderNotifications('/notifications/99')
  expect(await screen.findByText('This notification could not be found')).toBeTruthy()
  cleanup()
  renderNotifications('/notifications/abc')
  expect(await screen.findByText('This notification could not be found')).toBeTruthy()
})

test('offline, a message is shown from the saved list, read at once, and sent when the connection returns', async () => {
  const server = fakeServer([notification(3), notification(2), notification(1)])
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 3 unread' })

  server.state.offline = true
  act(() => onlineManager.setOnline(false))
  await openFromBell('Message 2')
  expect((await heading()).textContent).toBe('Message 2')
  expect(bell(2)).toBeTruthy()
  expect(pendingReads(7)).toEqual([{ id: 2, readAt: expect.any(String) }])
  expect(server.state.items.find((item) => item.id === 2)?.read).toBe(false)

  server.state.offline = false
  await act(async () => window.dispatchEvent(new Event('online')))
  await vi.waitFor(() => expect(pendingReads(7)).toEqual([]))
  expect(server.state.items.find((item) => item.id === 2)?.read).toBe(true)
  await vi.waitFor(() => expect(server.asked(API.notificationsUnreadCount)).toBeGreaterThanOrEqual(2))
  expect(bell(2)).toBeTruthy()
})

test('offline, a message this device never saw cannot open and nothing is queued', async () => {
  const server = fakeServer([notification(1)])
  server.state.offline = true
  const client = createQueryClient()
  onlineManager.setOnline(false)
  renderNotifications('/notifications/1', client)
  expect(await screen.findByText('Could not open this notification')).toBeTruthy()
  expect(screen.getByText('You seem to be offline. Check your connection and try again.')).toBeTruthy()
  expect(pendingReads(7)).toEqual([])
})

test('a read waiting from an earlier visit goes before the first poll, which then agrees', async () => {
  localStorage.setItem('owe-notification-reads:7', JSON.stringify([{ id: 2, readAt: '2026-11-21T10:00:00Z' }]))
  const server = fakeServer([notification(3), notification(2), notification(1)])
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 2 unread' })
  const paths = server.fetch.mock.calls.map(([url]) => new URL(url, 'http://owe.test').pathname)
  expect(paths.indexOf(API.notification(2))).toBeLessThan(paths.indexOf(API.notificationsUnreadCount))
  expect(server.asked(API.notification(2))).toBe(1)
  expect(pendingReads(7)).toEqual([])
})

test('a pending read survives polls while it cannot be sent, and is sent by the first poll that can', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  localStorage.setItem('owe-notification-reads:7', JSON.stringify([{ id: 2, readAt: '2026-11-21T10:00:00Z' }]))
  const server = fakeServer([notification(3), notification(2), notification(1)])
  server.state.readStatus = 503
  renderNotifications()
  await screen.findByRole('button', { name: 'Notifications, 2 unread' })
  fireEvent.click(bell(2))
  const item = (await screen.findByText('Message 2')).closest('a')!
  expect(within(item).queryByText('Unread:')).toBeNull()

  // The server still calls it unread; the poll does not bring that back.
  await act(() => vi.advanceTimersByTimeAsync(5000))
  expect(server.asked(API.notificationsUnreadCount)).toBe(2)
  expect(bell(2)).toBeTruthy()
  expect(within(screen.getByText('Message 2').closest('a')!).queryByText('Unread:')).toBeNull()
  expect(pendingReads(7)).toHaveLength(1)

  server.state.readStatus = 0
  await act(() => vi.advanceTimersByTimeAsync(5000))
  expect(pendingReads(7)).toEqual([])
  expect(server.state.items.find((entry) => entry.id === 2)?.read).toBe(true)
  expect(bell(2)).toBeTruthy()
})

test('a pending read of a message the server no longer has is dropped, not retried forever', async () => {
  localStorage.setItem('owe-notification-reads:7', JSON.stringify([{ id: 99, readAt: '2026-11-21T10:00:00Z' }]))
  const server = fakeServer([notification(1)])
  renderNotifications()
  await vi.waitFor(() => expect(server.asked(API.notificationsUnreadCount)).toBe(1))
  expect(pendingReads(7)).toEqual([])
  await screen.findByRole('button', { name: 'Notifications, 1 unread' })
})

test('a message read from the Unread tab leaves it at once', async () => {
  const server = fakeServer([notification(2), notification(1)])
  let answer = () => undefined as void
  server.state.holdReads = new Promise<void>((resolve) => (answer = resolve))
  renderNotifications('/notifications?tab=unread')
  fireEvent.click(await within(screen.getByRole('tabpanel')).findByText('Message 2'))
  expect((await heading()).textContent).toBe('Message 2')
  fireEvent.click(screen.getByRole('link', { name: 'Back to notifications' }))
  expect(screen.getByTestId('where').textContent).toBe('/notifications?tab=unread')
  const titles = within(screen.getByRole('tabpanel'))
    .getAllByRole('listitem')
    .map((entry) => entry.querySelector('.notification-item__title')?.textContent)
  expect(titles).toEqual(['Message 1'])
  await act(async () => answer())
})
