import type { ActivePackage } from '@/core/payments/contract'

// Test-only: a Silver package in force, from today for a year, with both its groups open.
export const SILVER_PACKAGE: ActivePackage = {
  id: 11,
  plan: { id: 2, name: 'Silver', amount: 17.99, noOfEthnics: 2, description: 'Two peoples.' },
  startsAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2027-11-22T10:00:00.000Z',
  autoRenew: true,
  canAutoRenew: true,
  active: true,
  paymentOption: 'test',
  groups: [
    { id: 1, name: 'Yoruba', slug: 'yoruba', locked: false },
    { id: 2, name: 'Igbo', slug: 'igbo', locked: false },
  ],
}
