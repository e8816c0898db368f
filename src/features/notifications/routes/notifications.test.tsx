// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { fakeServer, notification, renderNotifications } from '../test-fixtures'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  localStorage.clear()
})

const where = () => screen.getByTestId('where').textContent
const panel = () => screen.getByRole('tabpanel')
const titles = async () =>
  (await within(panel()).findAllByRole('listitem')).map((item) => item.querySelector('.notification-item__title')?.textContent)

test('the tabs show every message, the unread or the read ones, and the chosen tab is kept in the address', async () => {
  const server = fakeServer([notification(4), notification(3, { read: true }), notification(2), notification(1, { read: true })])
  renderNotifications('/notifications')
  const all = screen.getByRole('tab', { name: 'All' })
  expect(all.getAttribute('aria-selected')).toBe('true')
  expect(panel().getAttribute('aria-labelledby')).toBe(all.id)
  expect(await titles()).toEqual(['Message 4', 'Message 3', 'Message 2', 'Message 1'])

  fireEvent.click(screen.getByRole('tab', { name: 'Unread' }))
  expect(where()).toBe('/notifications?tab=unread')
  expect(screen.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe('true')
  expect(all.getAttribute('aria-selected')).toBe('false')
  expect(await titles()).toEqual(['Message 4', 'Message 2'])

  fireEvent.click(screen.getByRole('tab', { name: 'Read' }))
  expect(where()).toBe('/notifications?tab=read')
  expect(await titles()).toEqual(['Message 3', 'Message 1'])
  expect(server.fetch.mock.calls.map(([url]) => url)).toEqual(
    expect.arrayContaining(['/user/notification/unReadNotification?page=1&size=7', '/user/notification/readNotification?page=1&size=7']),
  )
})

test('opened with ?tab=unread (a reload), the Unread tab is chosen', async () => {
  fakeServer([notification(2), notification(1, { read: true })])
  renderNotifications('/notifications?tab=unread')
  expect(screen.getByRole('tab', { name: 'Unread' }).getAttribute('aria-selected')).toBe('true')
  expect(await titles()).toEqual(['Message 2'])
})

test('arrow keys, Home and End move between the tabs and choose them; only the chosen tab is in the Tab order', async () => {
  fakeServer([notification(1)])
  renderNotifications('/notifications')
  const [all, unread, read] = screen.getAllByRole('tab')
  expect([all.tabIndex, unread.tabIndex, read.tabIndex]).toEqual([0, -1, -1])
  all.focus()
  fireEvent.keyDown(all, { key: 'ArrowRight' })
  expect(document.activeElement).toBe(unread)
  expect(where()).toBe('/notifications?tab=unread')
  expect(unread.tabIndex).toBe(0)
  fireEvent.keyDown(unread, { key: 'End' })
  expect(document.activeElement).toBe(read)
  fireEvent.keyDown(read, { key: 'ArrowRight' })
  expect(document.activeElement).toBe(all)
  expect(where()).toBe('/notifications')
  fireEvent.keyDown(all, { key: 'ArrowLeft' })
  expect(document.activeElement).toBe(read)
  fireEvent.keyDown(read, { key: 'Home' })
  expect(document.activeElement).toBe(all)
})

test('each tab says when it has nothing to show', async () => {
  fakeServer([notification(1, { read: true })])
  renderNotifications('/notifications?tab=unread')
  expect(await within(panel()).findByText('You have no unread notifications')).toBeTruthy()
  fireEvent.click(screen.getByRole('tab', { name: 'Read' }))
  expect(await within(panel()).findByText('Message 1')).toBeTruthy()
  cleanup()
  fakeServer([])
  renderNotifications('/notifications')
  expect(await within(panel()).findByText('No notifications yet')).toBeTruthy()
  fireEvent.click(screen.getByRole('tab', { name: 'Read' }))
  expect(await within(panel()).findByText('You have no read notifications')).toBeTruthy()
})

test('long lists come a page of seven at a time, the page in the address; a new tab starts at page 1', async () => {
  fakeServer(Array.from({ length: 10 }, (_, i) => notification(10 - i)))
  renderNotifications('/notifications?tab=unread')
  expect(await titles()).toHaveLength(7)
  fireEvent.click(screen.getByRole('button', { name: /Next/ }))
  expect(where()).toBe('/notifications?tab=unread&page=2')
  await vi.waitFor(async () => expect(await titles()).toEqual(['Message 3', 'Message 2', 'Message 1']))
  expect(screen.getByText('Page 2 of 2')).toBeTruthy()
  fireEvent.click(screen.getByRole('tab', { name: 'All' }))
  expect(where()).toBe('/notifications')
})

test('a list that cannot load says so and can be asked again', async () => {
  const server = fakeServer([])
  server.fetch.mockImplementation(
    async () => new Response(JSON.stringify({ error: { code: 'forbidden', message: 'Not yours.' } }), { status: 403 }),
  )
  renderNotifications('/notifications?tab=read')
  const alert = await within(panel()).findByRole('alert')
  expect(within(alert).getByText('Could not load your notifications')).toBeTruthy()
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy()
})
