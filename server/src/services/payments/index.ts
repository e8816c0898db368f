import type { PaymentsConfig } from '../../config'
import type { Db } from '../../db/client'
import { createPaystackProvider } from './paystack'
import { createStripeProvider } from './stripe'
import { createTestModeProvider } from './test-mode'
import type { PaymentProvider } from './types'

/**
 * The providers this server offers, in the order the app lists them: each real one whose key is
 * configured, then the test mode when it is on (config.payments.testMode).
 */
export function createPaymentProviders(
  config: PaymentsConfig,
  { db, publicUrl, fetch }: { db: Db; publicUrl: string; fetch?: typeof globalThis.fetch },
): PaymentProvider[] {
  const providers: PaymentProvider[] = []
  if (config.paystack) providers.push(createPaystackProvider(config.paystack, { fetch }))
  if (config.stripe) providers.push(createStripeProvider(config.stripe, { fetch }))
  if (config.testMode) providers.push(createTestModeProvider({ db, publicUrl }))
  return providers
}
