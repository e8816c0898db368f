import * as yup from 'yup'
import { ACCOUNT_TEXTS } from '@core/account/texts'
import { MAX_ID, MESSAGES } from '@core/shared/validation'
import { PAYMENT_OPTIONS, PAYMENT_REFERENCE_PATTERN } from '@core/payments/payment'

/**
 * Request shapes of the payment calls. strict(): a number sent as text (or the reverse) is a client bug,
 * answered with a 400 naming the field rather than guessed at. The app builds these bodies itself, so the
 * messages speak to its developer; what a user reads lives in PAYMENT_TEXTS (src/core/payments/payment.ts).
 */
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
const T = PAYMENT_FIELD_TEXTS

const flag = (message: string) => yup.boolean().strict().typeError(message).required(message)
const token = () => yup.string().strict().typeError(T.registrationToken).max(100, T.registrationToken).optional()

export const paymentStateSchema = yup.object({
  paymentOption: yup.string().strict().typeError(T.paymentOption).required(T.paymentOption).oneOf(PAYMENT_OPTIONS, T.paymentOption),
  currency: yup
    .string()
    .strict()
    .typeError(T.currency)
    .required(T.currency)
    .oneOf(['USD', 'NGN'] as const, T.currency),
  amount: yup.number().strict().typeError(T.amount).required(T.amount).min(0, T.amount).max(10_000_000_000, T.amount),
  autoRenew: flag(T.autoRenew),
  coupon: yup.string().strict().typeError(T.coupon).max(40, T.coupon).nullable().default(null),
  reference: yup.string().strict().typeError(T.reference).required(T.reference).matches(PAYMENT_REFERENCE_PATTERN, T.reference),
  metadata: yup
    .object({
      payment_type: yup.string().strict().typeError(T.paymentType).required(T.paymentType).max(20, T.paymentType),
      packageId: yup
        .number()
        .strict()
        .typeError(T.packageId)
        .required(T.packageId)
        .integer(T.packageId)
        .positive(T.packageId)
        .max(MAX_ID, T.packageId),
      registration: flag(T.registration),
    })
    .strict()
    .typeError(T.metadata)
    .required(T.metadata),
  registrationToken: token(),
})
export type PaymentStateInput = yup.InferType<typeof paymentStateSchema>

export const verifySchema = yup.object({
  cancelled: yup.boolean().strict().typeError(T.cancelled).optional(),
  registrationToken: token(),
})

/** The test checkout's buttons. */
export const TEST_OUTCOMES = ['success', 'decline-renewals', 'failed', 'abandoned'] as const
export type TestOutcome = (typeof TEST_OUTCOMES)[number]
export const isTestOutcome = (value: unknown): value is TestOutcome =>
  typeof value === 'string' && (TEST_OUTCOMES as readonly string[]).includes(value)
