import { ACCOUNT_TEXTS } from '../account/texts'
import { MESSAGES } from '../shared/validation'

/** The payment calls' field messages: the app builds these bodies itself, so they speak to its developer; what a user reads is PAYMENT_TEXTS (./payment.ts). */
export const PAYMENT_FIELD_TEXTS = {
  paymentOption: 'Choose a payment option: paystack, stripe or test.',
  currency: 'The currency must be USD or NGN.',
  amount: 'The amount must be a number of at least 0.',
  autoRenew: 'autoRenew must be true or false.',
  coupon: ACCOUNT_TEXTS.promoInvalid,
  reference: 'The payment reference must be 16 to 64 letters, digits, - or _.',
  metadata: 'metadata must hold payment_type, packageId and registration.',
  paymentType: 'metadata.payment_type must be the payment option in capitals.',
  packageId: MESSAGES.packageRequired,
  registration: 'metadata.registration must be true or false.',
  registrationToken: 'registrationToken must be text.',
  cancelled: 'cancelled must be true or false.',
} as const

/** The test checkout's buttons: what the payment provider could answer. */
export const TEST_OUTCOMES = ['success', 'decline-renewals', 'failed', 'abandoned'] as const
export type TestOutcome = (typeof TEST_OUTCOMES)[number]

/** The built-in test checkout's page (drawn by the server, no app script on it). */
export const TEST_CHECKOUT_TEXTS = {
  banner: 'Test mode — no money moves',
  explain:
    'This is Òwe’s built-in test checkout. No card is asked for and nothing is charged: choose what the payment provider would answer.',
  buttons: {
    success: 'Pay',
    'decline-renewals': 'Pay, and decline renewals',
    failed: 'Decline the payment',
    abandoned: 'Cancel and go back',
  } satisfies Record<TestOutcome, string>,
  badOutcome: 'Choose one of the buttons on the test checkout.',
} as const
