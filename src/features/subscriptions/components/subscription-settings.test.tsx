// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ActivePackage, PaymentRecord, ReferralCode } from '@/core/payments/contract'
import { PAYMENT_TEXTS } from '@/core/payments/payment'
import { PLAN_TEXTS } from '@/core/payments/plans'
import { json, renderWithApp } from '@/lib/test-render'
import { SILVER_PACKAGE } from '../test-fixtures'
import { SubscriptionSettings } from './subscription-settings'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const PACKAGE = SILVER_PACKAGE
const REFERRAL: ReferralCode = { code: 'OWEK7M2QX', percentOff: 10, uses: 2, maxUses: 20, expiresAt: '2027-11-22T10:00:00.000Z' }

const PAID: PaymentRecord = {
  reference: 'owe_pay_0001',
  planName: 'Silver',
  amount: 17.99,
  currency: 'USD',
  status: 'success',
  purpose: 'subscribe',
  paymentOption: 'test',
  createdAt: '2026-11-22T10:00:00.000Z',
  note: null,
}
const UNFINISHED: PaymentRecord = {
  ...PAID,
  reference: 'owe_pay_0002',
  status: 'abandoned',
  createdAt: '2026-11-21T10:00:00.000Z',
  note: PAYMENT_TEXTS.checkoutExpired,
}

let active: ActivePackage | null
let last: ActivePackage | null
let cancels: number
let history: PaymentRecord[]

beforeEach(() => {
  active = PACKAGE
  last = PACKAGE
  cancels = 0
  history = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname
      const notFound = (message: string) => json({ error: { code: 'not_found', message } }, 404)
      if (path === '/api/userPackage/activeUserPackage') return active ? json({ data: active }) : notFound(PAYMENT_TEXTS.noActivePackage)
      if (path === '/api/userPackage/last_active_UserPackage') return last ? json({ data: last }) : notFound(PAYMENT_TEXTS.noPackage)
      if (path === '/api/payments/subscription/cancel-auto-renewal/' && init?.method === 'POST') {
        cancels++
        active = { ...PACKAGE, autoRenew: false }
        return json({ data: active })
      }
      if (path === '/api/user/profile/referral-code') return json({ data: REFERRAL })
      if (path === '/api/payments/history')
        return json({ data: history, page: 1, size: 5, totalPages: history.length ? 1 : 0, totalElements: history.length })
      return notFound(url)
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('the active package is shown, and auto-renewal is cancelled after a confirmation', async () => {
  renderWithApp(<SubscriptionSettings userId={7} />)
  const card = await screen.findByTestId('package-card')
  expect(card.textContent).toContain('Silver plan')
  expect(card.textContent).toContain('Auto-renewalOn')
  fireEvent.click(screen.getByRole('button', { name: 'Cancel auto-renewal' }))
  expect(cancels).toBe(0)
  const question = screen.getByText(/Turn off auto-renewal\? Your Silver plan will end on November 22nd, 2027/)
  expect(document.activeElement).toBe(question)
  fireEvent.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }))
  const done = await screen.findByText(PAYMENT_TEXTS.autoRenewCancelled)
  await waitFor(() => expect(document.activeElement).toBe(done))
  expect(cancels).toBe(1)
  expect(screen.getByTestId('package-card').textContent).toContain('Auto-renewalOff')
  expect(screen.queryByRole('button', { name: 'Cancel auto-renewal' })).toBeNull()
})

test('keeping auto-renewal on changes nothing', async () => {
  renderWithApp(<SubscriptionSettings userId={7} />)
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel auto-renewal' }))
  fireEvent.click(screen.getByRole('button', { name: 'Keep it on' }))
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel auto-renewal' }))
  expect(cancels).toBe(0)
})

test('an ended package is shown with the peoples no longer kept offline (still read online) and a way to subscribe again', async () => {
  active = null
  last = { ...PACKAGE, active: false, autoRenew: false, groups: [PACKAGE.groups[0], { ...PACKAGE.groups[1], locked: true }] }
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect(await screen.findByText(/Your Silver plan ended on November 22nd, 2027/)).toBeTruthy()
  expect(
    screen.getByText(
      /Not kept offline or quizzed until you subscribe again: Igbo\. They stay chosen, and you can still read them online\./,
    ),
  ).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Subscribe again' }).getAttribute('href')).toBe('/pricing?plan=2')
})

test('without any package the reader is on the Free plan, told what it gives and what a paid plan adds', async () => {
  active = null
  last = null
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect((await screen.findByTestId('free-plan')).textContent).toBe(PLAN_TEXTS.noPackage)
  expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/pricing')
})

test('the referral code is shown with its terms', async () => {
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect((await screen.findByTestId('referral-code')).textContent).toBe('OWEK7M2QX')
  expect(screen.getByText(/get 10% off a plan\. Used 2 of 20 times; valid until November 22nd, 2027\./)).toBeTruthy()
})

test('recent payments say how each went, and why one did not complete', async () => {
  history = [PAID, UNFINISHED]
  renderWithApp(<SubscriptionSettings userId={7} />)
  const table = await screen.findByRole('table')
  const [paid, unfinished] = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-1)!)
  expect(paid.textContent).toBe('Paid')
  expect(unfinished.textContent).toBe(`Not completed${PAYMENT_TEXTS.checkoutExpired}`)
  // The note is its own element (the style puts it on a line of its own, small and muted).
  expect(within(unfinished).getByText(PAYMENT_TEXTS.checkoutExpired).className).toBe('payment-note subtle')
  expect(within(paid).queryByText(PAYMENT_TEXTS.checkoutExpired)).toBeNull()
})
