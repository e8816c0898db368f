// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminMail } from '@/core/admin/contract'
import { json } from '@/lib/test-render'
import { formatWhen } from '../components/paged'
import { expectLoadFailure, failure, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import MailSection from './mail'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const FAILED: AdminMail = {
  id: 31,
  to: 'ada@example.com',
  subject: 'Activate your Òwe account',
  status: 'failed',
  attempts: 10,
  lastError: '550 5.1.1 <ada@example.com>: Recipient address rejected',
  createdAt: '2026-05-02T10:00:00.000Z',
  nextAttemptAt: '2026-05-02T12:00:00.000Z',
  sentAt: null,
}
const WAITING: AdminMail = {
  ...FAILED,
  id: 32,
  to: 'kofi@example.com',
  subject: 'Reset your Òwe password',
  status: 'pending',
  attempts: 2,
  lastError: 'connect ECONNREFUSED',
  nextAttemptAt: '2026-05-03T09:30:00.000Z',
}
const SENT: AdminMail = {
  ...FAILED,
  id: 33,
  to: 'ngozi@example.com',
  status: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2026-05-02T10:00:05.000Z',
}

let byStatus: Record<string, AdminMail[]>
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  byStatus = { failed: [FAILED], waiting: [WAITING], sent: [SENT], kept: [] }
  api = serveApi((method, path, _body, query) => {
    if (method === 'GET' && path === '/api/admin/mail') return json(pageOf(byStatus[query.get('status') ?? 'failed']))
    if (method === 'POST' && path === '/api/admin/mail/31/retry') {
      byStatus = { ...byStatus, failed: [], waiting: [{ ...FAILED, status: 'pending', attempts: 0 }, WAITING] }
      return json({ data: { ...FAILED, status: 'pending', attempts: 0 } })
    }
  })
})

test('failed mail is listed first, with who, what, how many tries and why it failed', async () => {
  renderAdmin(<MailSection />, '/admin/mail')
  const table = await screen.findByRole('table', { name: 'Failed mail, newest first' })
  expect(api.asked[0]).toBe('GET /api/admin/mail?status=failed&page=1&size=20')
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['To', 'Subject', 'Status', 'Tries', 'Created', 'Why it failed', 'Actions'])
  const row = within(table).getByRole('row', { name: /^ada@example\.com/ })
  expect(
    within(row)
      .getAllByRole('cell')
      .slice(0, 5)
      .map((cell) => cell.textContent),
  ).toEqual(['Activate your Òwe account', 'Failed', '10', formatWhen(FAILED.createdAt), FAILED.lastError])
  expect(within(row).getByRole('button', { name: 'Send again: “Activate your Òwe account” to ada@example.com' })).toBeTruthy()
})

test('“Send again” puts the mail back in the queue, says so, and the list is asked again', async () => {
  renderAdmin(<MailSection />, '/admin/mail')
  fireEvent.click(await screen.findByRole('button', { name: 'Send again: “Activate your Òwe account” to ada@example.com' }))
  expect(screen.getByRole('button', { name: /^Sending…/ }).hasAttribute('disabled')).toBe(true)
  expect(
    await screen.findByText(
      '“Activate your Òwe account” to ada@example.com is back in the queue and goes out shortly. It shows under Waiting until it is sent.',
    ),
  ).toBeTruthy()
  expect(api.sent.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/mail/31/retry'])
  expect(await screen.findByText('No failed mail. Nothing was refused or given up on.')).toBeTruthy()
  expect(api.asked.filter((asked) => asked === 'GET /api/admin/mail?status=failed&page=1&size=20')).toHaveLength(2)
})

test('a refused “Send again” shows the server’s message, and the list is asked again', async () => {
  const message = 'Only a mail that failed can be sent again; this one is waiting or was delivered.'
  api = serveApi((method, path) => {
    if (method === 'GET' && path === '/api/admin/mail') return json(pageOf([FAILED]))
    if (method === 'POST' && path === '/api/admin/mail/31/retry') return failure(404, message, 'not_found')
  })
  renderAdmin(<MailSection />, '/admin/mail')
  fireEvent.click(await screen.findByRole('button', { name: /^Send again/ }))
  expect((await screen.findByText(message)).closest('[role="status"]')).toBeTruthy()
  await waitFor(() => expect(api.asked.filter((asked) => asked.startsWith('GET /api/admin/mail'))).toHaveLength(2))
  expect(screen.getByRole('button', { name: /^Send again/ }).hasAttribute('disabled')).toBe(false)
})

test('choosing a status asks for it, keeps it in the address, and shows what that status tells', async () => {
  renderAdmin(<MailSection />, '/admin/mail')
  await screen.findByRole('table', { name: 'Failed mail, newest first' })

  fireEvent.click(screen.getByRole('tab', { name: 'Waiting' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/mail?status=waiting'))
  const waiting = await screen.findByRole('table', { name: 'Mail waiting to be sent, newest first' })
  expect(api.asked).toContain('GET /api/admin/mail?status=waiting&page=1&size=20')
  const kofi = within(waiting).getByRole('row', { name: /^kofi@example\.com/ })
  expect(within(kofi).getByRole('cell', { name: `${formatWhen(WAITING.nextAttemptAt)}Last try: connect ECONNREFUSED` })).toBeTruthy()
  expect(within(waiting).getByRole('columnheader', { name: 'Next try' })).toBeTruthy()
  expect(within(waiting).queryByRole('button')).toBeNull()

  fireEvent.click(screen.getByRole('tab', { name: 'Sent' }))
  const sent = await screen.findByRole('table', { name: 'Sent mail, newest first' })
  expect(api.asked).toContain('GET /api/admin/mail?status=sent&page=1&size=20')
  const ngozi = within(sent).getByRole('row', { name: /^ngozi@example\.com/ })
  expect(
    within(ngozi)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['Activate your Òwe account', 'Sent', '1', formatWhen(SENT.createdAt), formatWhen(SENT.sentAt)])

  fireEvent.click(screen.getByRole('tab', { name: 'Kept' }))
  expect(await screen.findByText('No kept mail. Mail is only kept when no mail server is set up.')).toBeTruthy()
  expect(api.asked).toContain('GET /api/admin/mail?status=kept&page=1&size=20')

  fireEvent.click(screen.getByRole('tab', { name: 'Failed' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/mail'))
})

test('each status has its own empty state', async () => {
  serveApi(() => json(pageOf([])))
  const empty = {
    failed: 'No failed mail. Nothing was refused or given up on.',
    waiting: 'Nothing is waiting to be sent.',
    sent: 'No mail was sent in the last 30 days.',
    kept: 'No kept mail. Mail is only kept when no mail server is set up.',
  }
  renderAdmin(<MailSection />, '/admin/mail')
  for (const [status, text] of Object.entries(empty)) {
    fireEvent.click(screen.getByRole('tab', { name: status[0].toUpperCase() + status.slice(1) }))
    expect(await screen.findByText(text)).toBeTruthy()
  }
})

test('an unknown status in the address shows the failed mail', async () => {
  renderAdmin(<MailSection />, '/admin/mail?status=bounced')
  expect(await screen.findByRole('table', { name: 'Failed mail, newest first' })).toBeTruthy()
  expect(api.asked[0]).toBe('GET /api/admin/mail?status=failed&page=1&size=20')
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<MailSection />, '/admin/mail', 'mail')
})
