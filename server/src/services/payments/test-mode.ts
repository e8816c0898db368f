import { eq } from 'drizzle-orm'
import { API } from '@core/http/api-paths'
import type { Db } from '../../db/client'
import { payments, testModeCharges } from '../../db/schema'
import type { PaymentProvider, ProviderResult, SavedMethod } from './types'

/**
 * The built-in test mode (docs/requirements.md#r5-plans-and-payments: with no keys configured the whole flow still runs
 * locally). Its checkout is our own page (API.testCheckout), clearly labelled, where the tester chooses what happens;
 * the choice is a row of `test_mode_charges` (the first choice stands) and no money moves.
 *
 * Renewals: the card saved at checkout is `test_auth_<reference>` and is always charged successfully, unless the tester
 * chose "Pay, and decline renewals": that card is `test_decline_<reference>` and every renewal charge on it is
 * declined. Tests may also save a method whose token starts with `test_decline_`. Dollars only: only Paystack may
 * charge naira (docs/requirements.md#r5-plans-and-payments).
 */
export const TEST_MODE_LABEL = 'Test mode (no money moves)'
export const DECLINING_TOKEN_PREFIX = 'test_decline_'

export const TEST_MODE_REASONS = {
  failed: 'The test checkout declined the payment.',
  abandoned: 'The payment was cancelled at the test checkout.',
  renewalDeclined: 'The test card declines renewals.',
} as const

const methodFor = (reference: string, declineRenewals: boolean): SavedMethod => ({
  token: `${declineRenewals ? DECLINING_TOKEN_PREFIX : 'test_auth_'}${reference}`,
  customer: null,
  label: declineRenewals ? 'Test card (declines renewals)' : 'Test card',
})

export function createTestModeProvider({ db, publicUrl }: { db: Db; publicUrl: string }): PaymentProvider {
  return {
    id: 'test',
    label: TEST_MODE_LABEL,
    currencies: ['USD'],

    async start(input) {
      // The page opens on the site address the reader started from and comes back to (the callback's).
      const base = `${new URL(input.callbackUrl).origin}${new URL(publicUrl).pathname.replace(/\/+$/, '')}`
      return { redirectUrl: `${base}${API.testCheckout(input.reference)}`, providerRef: null }
    },

    async verify({ reference }): Promise<ProviderResult> {
      const [row] = await db
        .select({
          outcome: testModeCharges.outcome,
          declineRenewals: testModeCharges.declineRenewals,
          amountMinor: payments.amountMinor,
          currency: payments.currency,
        })
        .from(testModeCharges)
        .innerJoin(payments, eq(payments.reference, testModeCharges.reference))
        .where(eq(testModeCharges.reference, reference))
      if (!row) return { status: 'pending' }
      if (row.outcome === 'success')
        return {
          status: 'success',
          amountMinor: row.amountMinor,
          currency: row.currency,
          method: methodFor(reference, row.declineRenewals),
        }
      return { status: row.outcome, reason: TEST_MODE_REASONS[row.outcome] }
    },

    async cancel({ reference }) {
      // Walking away closes the test checkout, as Stripe expires its session: a later click there is refused.
      await db.insert(testModeCharges).values({ reference, outcome: 'abandoned' }).onConflictDoNothing()
    },

    async charge(method, input): Promise<ProviderResult> {
      const declined = method.token.startsWith(DECLINING_TOKEN_PREFIX)
      // Recorded like a checkout choice, so verifying the renewal later (after a crash) gives the same answer.
      await db
        .insert(testModeCharges)
        .values({ reference: input.reference, outcome: declined ? 'failed' : 'success' })
        .onConflictDoNothing()
      if (declined) return { status: 'failed', reason: TEST_MODE_REASONS.renewalDeclined }
      return { status: 'success', amountMinor: input.amountMinor, currency: input.currency, method }
    },

    parseWebhook() {
      // The test checkout settles its payment itself; there is nothing to receive.
      return null
    },
  }
}
