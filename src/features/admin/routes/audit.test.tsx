// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AuditEntry } from '@/core/admin/contract'
import { json } from '@/lib/test-render'
import { formatWhen } from '../components/paged'
import { expectLoadFailure, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import AuditSection from './audit'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const RENAMED: AuditEntry = {
  id: 9,
  actor: { id: 7, email: 'ada@example.com' },
  action: 'category.update',
  targetType: 'category',
  targetId: '3',
  detail: 'Wisdom → Sayings of the wise',
  createdAt: '2026-05-02T10:00:00.000Z',
}
const APPROVED: AuditEntry = {
  id: 10,
  actor: { id: 7, email: 'ada@example.com' },
  action: 'suggestion.approve',
  targetType: 'suggestion',
  targetId: '41',
  detail: JSON.stringify({ status: { from: 'pending', to: 'approved' }, proverbId: 300 }),
  createdAt: '2026-05-03T10:00:00.000Z',
}
const SEEDED: AuditEntry = {
  id: 8,
  actor: null,
  action: 'seed.run',
  targetType: null,
  targetId: null,
  detail: null,
  createdAt: '2026-05-01T10:00:00.000Z',
}

let api: ReturnType<typeof serveApi>

beforeEach(() => {
  api = serveApi((method, path, _body, query) => {
    if (method !== 'GET' || path !== '/api/admin/audit') return undefined
    const page = Number(query.get('page'))
    return json(pageOf(page === 1 ? [APPROVED, RENAMED, SEEDED] : [], { page, totalPages: 1, totalElements: 3 }))
  })
})

test('each entry says when, who (or the system), what, on what, and what changed, one line per field', async () => {
  renderAdmin(<AuditSection />, '/admin/audit')
  expect(screen.getByRole('heading', { level: 2, name: 'Audit log' })).toBeTruthy()
  const table = await screen.findByRole('table', { name: 'Admins’ actions, newest first' })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(
    within(rows[0])
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Status: pending → approved', 'Published as: proverb #300'])
  expect(rows.slice(1).map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
    [formatWhen(RENAMED.createdAt), 'category.update', 'Wisdom → Sayings of the wise', 'category #3', 'ada@example.com'],
    [formatWhen(SEEDED.createdAt), 'seed.run', '—', '—', 'The system'],
  ])
  expect(api.asked).toEqual(['GET /api/admin/audit?page=1&size=20'])
})

test('a page past the end says so and offers the first page', async () => {
  renderAdmin(<AuditSection />, '/admin/audit?page=4')
  expect(await screen.findByText('Nothing on this page')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Go to the first page' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/audit'))
  expect(await screen.findByRole('table')).toBeTruthy()
})

test('an empty log says so', async () => {
  serveApi(() => json(pageOf([])))
  renderAdmin(<AuditSection />, '/admin/audit')
  expect(await screen.findByText('Nothing recorded yet')).toBeTruthy()
})

test('a failed load shows why, and can be tried again', async () => {
  const { alert } = await expectLoadFailure(<AuditSection />, '/admin/audit', 'entries', () => json(pageOf([SEEDED])))
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('row', { name: /The system/ })).toBeTruthy()
})
