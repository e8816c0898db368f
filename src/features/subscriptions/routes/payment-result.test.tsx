// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { PaymentOutcome, PaymentReceipt } from '@/core/payments/contract'
import { PAYMENT_TEXTS, receiptMessage } from '@/core/payments/payment'
import { workerStandIn } from '@/lib/test-analytics'
import { json, renderWithApp } from '@/lib/test-render'
import { SILVER_PACKAGE } from '../test-fixtures'
import { PaymentResult } from './payment-result'
import { ADA, setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const PACKAGE = SILVER_PACKAGE

let verifies: { url: string; body: Record<string, unknown>; auth: string | null }[]
let answers: (PaymentOutcome | PaymentReceipt)[]

const outcome = (status: PaymentOutcome['status'], extra: Partial<PaymentOutcome> = {}): PaymentOutcome => ({
  reference: 'owe_0123456789abcdef',
  status,
  message: PAYMENT_TEXTS[status],
  planName: 'Silver',
  amount: 17.99,
  currency: 'USD',
  registration: false,
  package: status === 'success' ? PACKAGE : null,
  ...extra,
})

beforeEach(() => {
  setTestSession(ADA)
  verifies = []
  answers = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      verifies.push({
        url,
        body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>,
        auth: new Headers(init?.headers).get('Authorization'),
      })
      return json({ data: answers.length > 1 ? answers.shift() : answers[0] })
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('a successful payment shows the new package', async () => {
  answers = [outcome('success')]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment received')
  expect(screen.getByText(PAYMENT_TEXTS.success)).toBeTruthy()
  expect(screen.getByTestId('package-card').textContent).toContain('Silver plan')
  expect(screen.getByTestId('package-card').textContent).toContain('Yoruba, Igbo')
  expect(verifies[0]).toMatchObject({
    url: '/api/payments/verify/owe_0123456789abcdef',
    body: { cancelled: false },
    auth: 'Bearer token-7',
  })
})

test('a cancelled payment says nothing changed and offers the plans again', async () => {
  answers = [outcome('abandoned')]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef&cancelled=1' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment cancelled')
  expect(screen.getByText(PAYMENT_TEXTS.abandoned)).toBeTruthy()
  expect(screen.queryByTestId('package-card')).toBeNull()
  expect(screen.getByRole('link', { name: 'Back to the plans' }).getAttribute('href')).toBe('/pricing')
  expect(verifies[0].body).toEqual({ cancelled: true })
})

test('a declined payment says so', async () => {
  answers = [outcome('failed')]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment not completed')
  expect(screen.getByText(PAYMENT_TEXTS.failed)).toBeTruthy()
})

test('a payment the provider has not confirmed yet is asked about again', async () => {
  answers = [outcome('pending'), outcome('success')]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Confirming your payment…')
  await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment received'), { timeout: 4000 })
  expect(verifies.length).toBe(2)
})

test('Paystack’s trxref is read when there is no reference; sign-up uses its token instead of a session', async () => {
  setTestSession(null)
  answers = [outcome('success', { registration: true, package: null })]
  renderWithApp(<PaymentResult registrationToken="pay-token" />, { path: '/register_payment_success?trxref=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment received')
  expect(verifies[0]).toMatchObject({
    url: '/api/payments/verify/owe_0123456789abcdef',
    body: { registrationToken: 'pay-token' },
    auth: null,
  })
})

test('without a reference the page says there is nothing to show', async () => {
  renderWithApp(<PaymentResult />, { path: '/payment_success' })
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No payment to show')
  expect(verifies).toHaveLength(0)
})

test('a payment is counted as paid once, with its plan and currency; one not completed is not', async () => {
  const worker = await workerStandIn()
  answers = [outcome('failed')]
  const failed = renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment not completed')
  failed.unmount()
  answers = [outcome('pending'), outcome('success', { currency: 'NGN', amount: 17990 })]
  vi.useFakeTimers({ shouldAdvanceTime: true })
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Confirming your payment…')
  await vi.advanceTimersByTimeAsync(2000)
  expect((await screen.findByRole('heading', { level: 1, name: 'Payment received' })).textContent).toBe('Payment received')
  vi.useRealTimers()
  expect(await worker.events()).toMatchObject([{ type: 'checkout_paid', detail: 'Silver', currency: 'NGN' }])
  expect(await worker.events()).toHaveLength(1)
  worker.remove()
})

test('with no session and no sign-up token, the return reads the payment by its reference and asks the reader to sign in', async () => {
  setTestSession(null)
  answers = [{ reference: 'owe_0123456789abcdef', status: 'success', planName: 'Silver' }]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment received')
  expect(screen.getByText(receiptMessage('success', 'Silver'))).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth/login')
  expect(verifies).toEqual([{ url: '/api/payments/receipt/owe_0123456789abcdef', body: {}, auth: null }])
})

test('a checkout left with no session says so, and asks no cancellation of a payment it cannot act on', async () => {
  setTestSession(null)
  answers = [{ reference: 'owe_0123456789abcdef', status: 'pending', planName: 'Gold' }]
  renderWithApp(<PaymentResult />, { path: '/payment_success?reference=owe_0123456789abcdef&cancelled=1' })
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment cancelled')
  expect(screen.getByText(receiptMessage('pending', 'Gold', true))).toBeTruthy()
  expect(verifies.map((v) => v.url)).toEqual(['/api/payments/receipt/owe_0123456789abcdef'])
})
