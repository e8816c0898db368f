// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminUser } from '@/core/admin/contract'
import { json } from '@/lib/test-render'
import { formatWhen } from '../components/paged'
import { expectLoadFailure, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import UsersSection from './users'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const ADA: AdminUser = {
  id: 1,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  role: 'admin',
  activated: true,
  createdAt: '2026-01-10T12:00:00.000Z',
  activePackage: { plan: 'Monthly', expiresAt: '2026-06-10T12:00:00.000Z', autoRenew: true },
}
const KOFI: AdminUser = {
  ...ADA,
  id: 2,
  email: 'kofi@example.com',
  firstName: 'Kofi',
  lastName: 'Mensah',
  role: 'user',
  activated: false,
  activePackage: null,
}

let api: ReturnType<typeof serveApi>

beforeEach(() => {
  api = serveApi((method, path, _body, query) => {
    if (method !== 'GET' || path !== '/api/admin/users') return undefined
    if (query.get('q') === 'nobody') return json(pageOf([]))
    if (query.get('q')) return json(pageOf([KOFI]))
    return json(pageOf(query.get('page') === '2' ? [KOFI] : [ADA], { page: Number(query.get('page')), totalPages: 2, totalElements: 21 }))
  })
})

test('each account shows its role, whether activated, its plan and when it joined', async () => {
  renderAdmin(<UsersSection />, '/admin/users')
  const table = await screen.findByRole('table', { name: 'Users' })
  const ada = within(table).getByRole('row', { name: /^Ada Obi/ })
  expect(
    within(ada)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ada@example.com',
    'Admin',
    'Yes',
    `Monthly until ${formatWhen(ADA.activePackage!.expiresAt)}, renews`,
    formatWhen(ADA.createdAt),
  ])
})

test('the pages live in the address', async () => {
  renderAdmin(<UsersSection />, '/admin/users')
  await screen.findByRole('row', { name: /^Ada Obi/ })
  fireEvent.click(screen.getByRole('button', { name: /Next/ }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/users?page=2'))
  const kofi = await screen.findByRole('row', { name: /^Kofi Mensah/ })
  expect(
    within(kofi)
      .getAllByRole('cell')
      .slice(1, 4)
      .map((cell) => cell.textContent),
  ).toEqual(['Reader', 'No', 'None'])
  expect(api.asked).toContain('GET /api/admin/users?page=2&size=20')
})

test('finding by name or email asks the server and says when nobody matches', async () => {
  renderAdmin(<UsersSection />, '/admin/users?page=2')
  const search = screen.getByRole('search', { name: 'Find users' })
  fireEvent.change(within(search).getByLabelText('Name or email'), { target: { value: ' kofi ' } })
  fireEvent.click(within(search).getByRole('button', { name: 'Find' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/users?q=kofi'))
  expect(await screen.findByRole('table', { name: 'Users matching “kofi”' })).toBeTruthy()
  expect(api.asked).toContain('GET /api/admin/users?q=kofi&page=1&size=20')

  fireEvent.change(within(search).getByLabelText('Name or email'), { target: { value: 'nobody' } })
  fireEvent.click(within(search).getByRole('button', { name: 'Find' }))
  expect(await screen.findByText('Nobody matches')).toBeTruthy()
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<UsersSection />, '/admin/users', 'users')
})
