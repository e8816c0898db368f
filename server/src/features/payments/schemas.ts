import * as yup from 'yup'
import { MAX_ID } from '@core/shared/validation'
import { PAYMENT_FIELD_TEXTS, TEST_OUTCOMES, type TestOutcome } from '@core/payments/texts'
import { PAYMENT_OPTIONS, PAYMENT_REFERENCE_PATTERN } from '@core/payments/payment'

/**
 * Request shapes of the payment calls. strict(): a number sent as text (or the reverse) is a client bug,
 * answered with a 400 naming the field rather than guessed at. The app builds these bodies itself, so the
 * messages speak to its developer; what a user reads lives in PAYMENT_TEXTS (src/core/payments/payment.ts); the field messages are PAYMENT_FIELD_TEXTS (src/core/payments/texts.ts).
 */
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

export const isTestOutcome = (value: unknown): value is TestOutcome =>
  typeof value === 'string' && (TEST_OUTCOMES as readonly string[]).includes(value)
