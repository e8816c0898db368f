// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { json } from '@/lib/test-render'
import { ADA } from '@/lib/test-session'
import { AdminConsole } from '../routes/console'
import { fakeApi, renderAdmin } from '../test-fixtures'
import { RequireAdmin } from './require-admin'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const EMPTY_PAGE = { data: [], page: 1, size: 20, totalPages: 0, totalElements: 0 }

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('a signed-in reader who is not an admin is told the console is for admins', async () => {
  const api = fakeApi((_, path) => (path === '/accounts/session' ? json({ data: { user: { ...ADA.user, admin: false } } }) : undefined))
  vi.stubGlobal('fetch', vi.fn(api.fetch))
  renderAdmin(
    <RequireAdmin>
      <AdminConsole />
    </RequireAdmin>,
  )
  expect(await screen.findByRole('heading', { name: ADMIN_TEXTS.adminsOnly })).toBeTruthy()
  expect(screen.queryByRole('navigation')).toBeNull()
  // The session is asked, never a route that would refuse the reader.
  expect(api.sent.map((call) => call.path)).toEqual(['/accounts/session'])
})

test('an admin gets the console, on the suggestions', async () => {
  const api = fakeApi((_, path) => {
    if (path === '/accounts/session') return json({ data: { user: { ...ADA.user, admin: true } } })
    if (path === '/api/admin/suggestions') return json(EMPTY_PAGE)
    if (path === '/api/admin/categories') return json({ data: [] })
  })
  vi.stubGlobal('fetch', vi.fn(api.fetch))
  // The section's code is loaded on demand; loaded here first, so the wait below is for the server, not the build.
  await import('../routes/suggestions')
  renderAdmin(
    <RequireAdmin>
      <AdminConsole />
    </RequireAdmin>,
  )
  expect(await screen.findByRole('heading', { name: 'Suggestions', level: 2 })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit')
  expect(screen.getByRole('link', { name: 'Suggestions' }).getAttribute('aria-current')).toBe('page')
  expect(screen.getByLabelText('Location').textContent).toBe('/admin/suggestions')
  expect(await screen.findByText('No suggestions are waiting')).toBeTruthy()
})
