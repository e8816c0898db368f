// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, expect, test, vi } from 'vitest'
import type { AdminPayment } from '@/core/admin/contract'
import { json } from '@/lib/test-render'
import { formatWhen } from '../components/paged'
import { expectLoadFailure, pageOf, renderAdmin, serveApi } from '../test-fixtures'
import PaymentsSection from './payments'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const PAID: AdminPayment = {
  reference: 'owe_pay_0001',
  userEmail: 'ada@example.com',
  planName: 'Monthly',
  amount: 2500,
  currency: 'NGN',
  status: 'success',
  purpose: 'renewal',
  provider: 'paystack',
  createdAt: '2026-05-02T10:00:00.000Z',
}
const FAILED: AdminPayment = {
  ...PAID,
  reference: 'owe_pay_0002',
  amount: 4.99,
  currency: 'USD',
  status: 'failed',
  purpose: 'subscribe',
  provider: 'stripe',
}

let api: ReturnType<typeof serveApi>

beforeEach(() => {
  api = serveApi((method, path, _body, query) => {
    if (method !== 'GET' || path !== '/api/admin/payments') return undefined
    const status = query.get('status')
    return json(pageOf([PAID, FAILED].filter((payment) => !status || payment.status === status)))
  })
})

test('each payment shows who, the plan, the amount in its currency, its status, what for and by whom', async () => {
  renderAdmin(<PaymentsSection />, '/admin/payments')
  const table = await screen.findByRole('table', { name: 'Payments, newest first' })
  const paid = within(table).getByRole('row', { name: /^owe_pay_0001/ })
  expect(
    within(paid)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    'ada@example.com',
    'Monthly',
    new Intl.NumberFormat('en', { style: 'currency', currency: 'NGN' }).format(2500),
    'success',
    'Renewal',
    'paystack',
    formatWhen(PAID.createdAt),
  ])
  const failed = within(table).getByRole('row', { name: /^owe_pay_0002/ })
  expect(
    within(failed)
      .getAllByRole('cell')
      .slice(2, 6)
      .map((cell) => cell.textContent),
  ).toEqual(['$4.99', 'failed', 'Subscription', 'stripe'])
})

test('choosing a status asks for it at once and keeps it in the address', async () => {
  renderAdmin(<PaymentsSection />, '/admin/payments')
  await screen.findByRole('row', { name: /^owe_pay_0002/ })
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } })
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/payments?status=failed'))
  expect(await screen.findByRole('table', { name: 'Payments (failed), newest first' })).toBeTruthy()
  expect(api.asked).toContain('GET /api/admin/payments?status=failed&page=1&size=20')
  expect(screen.queryByRole('row', { name: /^owe_pay_0001/ })).toBeNull()

  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'abandoned' } })
  expect(await screen.findByText('No payments')).toBeTruthy()
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } })
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/payments'))
})

test('a failed load shows the server’s message', async () => {
  await expectLoadFailure(<PaymentsSection />, '/admin/payments', 'payments')
})
