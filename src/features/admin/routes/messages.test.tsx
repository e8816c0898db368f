// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { ContactMessage } from '@/core/admin/contract'
import { json } from '@/lib/test-render'
import { formatWhen } from '../components/paged'
import { expectLoadFailure, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import MessagesSection from './messages'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const UNREAD: ContactMessage = {
  id: 21,
  email: 'ngozi@example.com',
  firstName: 'Ngozi',
  surname: 'Adichie',
  phoneNumber: '+2348012345678',
  message: 'Please add more Igbo proverbs about patience.',
  createdAt: '2026-05-02T10:00:00.000Z',
  readAt: null,
}
const READ: ContactMessage = {
  ...UNREAD,
  id: 20,
  firstName: 'Kofi',
  surname: 'Annan',
  email: 'kofi@example.com',
  readAt: '2026-05-01T09:00:00.000Z',
}

let unread: ContactMessage[]
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  unread = [UNREAD]
  api = serveApi((method, path, _body, query) => {
    if (method === 'GET' && path === '/api/admin/contact-messages')
      return json(pageOf(query.get('unread') === 'true' ? unread : [...unread, READ]))
    if (method === 'POST' && path === '/api/admin/contact-messages/21/read') {
      unread = []
      return json({ data: { ...UNREAD, readAt: '2026-05-03T08:00:00.000Z' } })
    }
  })
})

test('unread messages come first, with who wrote and how to answer them', async () => {
  renderAdmin(<MessagesSection />, '/admin/messages')
  const table = await screen.findByRole('table', { name: 'Unread messages' })
  expect(api.asked[0]).toBe('GET /api/admin/contact-messages?unread=true&page=1&size=20')
  const row = within(table).getByRole('row', { name: /^Ngozi Adichie/ })
  expect(within(row).getByRole('link', { name: 'ngozi@example.com' }).getAttribute('href')).toBe('mailto:ngozi@example.com')
  expect(within(row).getByRole('link', { name: '+2348012345678' }).getAttribute('href')).toBe('tel:+2348012345678')
  expect(within(row).getByRole('cell', { name: UNREAD.message })).toBeTruthy()
  expect(within(row).getByRole('cell', { name: formatWhen(UNREAD.createdAt) })).toBeTruthy()
})

test('marking a message read POSTs to its read path, says so, and it leaves the unread list', async () => {
  renderAdmin(<MessagesSection />, '/admin/messages')
  fireEvent.click(await screen.findByRole('button', { name: 'Mark as read: the message from Ngozi Adichie' }))
  expect(await screen.findByText('Marked as read.')).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/contact-messages/21/read'])
  expect(await screen.findByText('No unread messages')).toBeTruthy()
})

test('the All tab lists read messages too, with when they were read', async () => {
  renderAdmin(<MessagesSection />, '/admin/messages')
  await screen.findByRole('table', { name: 'Unread messages' })
  fireEvent.click(screen.getByRole('tab', { name: 'All' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/messages?show=all'))
  const table = await screen.findByRole('table', { name: 'Messages' })
  expect(api.asked).toContain('GET /api/admin/contact-messages?page=1&size=20')
  const kofi = within(table).getByRole('row', { name: /^Kofi Annan/ })
  expect(within(kofi).getByRole('cell', { name: formatWhen(READ.readAt) })).toBeTruthy()
  expect(within(kofi).queryByRole('button')).toBeNull()
})

test('no messages says so', async () => {
  serveApi(() => json(pageOf([])))
  renderAdmin(<MessagesSection />, '/admin/messages?show=all')
  expect(await screen.findByText('No messages yet')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<MessagesSection />, '/admin/messages', 'messages')
})
