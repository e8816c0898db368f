// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ActivePackage, ReferralCode } from '@/core/contract'
import { PAYMENT_TEXTS } from '@/core/payment'
import { json, renderWithApp } from '@/lib/testing'
import { SILVER_PACKAGE } from '../test-fixtures'
import { SubscriptionSettings } from './subscription-settings'

vi.mock('@/lib/session', () => ({ getToken: () => 'token-7', signOut: vi.fn() }))

const PACKAGE = SILVER_PACKAGE
const REFERRAL: ReferralCode = { code: 'OWEK7M2QX', percentOff: 10, uses: 2, maxUses: 20, expiresAt: '2027-11-22T10:00:00.000Z' }

let active: ActivePackage | null
let last: ActivePackage | null
let cancels: number

beforeEach(() => {
  active = PACKAGE
  last = PACKAGE
  cancels = 0
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
      if (path === '/api/payments/history') return json({ data: [], page: 1, size: 5, totalPages: 0, totalElements: 0 })
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

test('an ended package is shown with its locked groups and a way to subscribe again', async () => {
  active = null
  last = { ...PACKAGE, active: false, autoRenew: false, groups: [PACKAGE.groups[0], { ...PACKAGE.groups[1], locked: true }] }
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect(await screen.findByText(/Your Silver plan ended on November 22nd, 2027/)).toBeTruthy()
  expect(screen.getByText(/Locked until you subscribe again: Igbo/)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Subscribe again' }).getAttribute('href')).toBe('/pricing?plan=2')
})

test('without any package the plans are offered', async () => {
  active = null
  last = null
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect(await screen.findByText(/You have no package/)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/pricing')
})

test('the referral code is shown with its terms', async () => {
  renderWithApp(<SubscriptionSettings userId={7} />)
  expect((await screen.findByTestId('referral-code')).textContent).toBe('OWEK7M2QX')
  expect(screen.getByText(/get 10% off a plan\. Used 2 of 20 times; valid until November 22nd, 2027\./)).toBeTruthy()
})
