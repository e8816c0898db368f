/**
 * Ours: the paths of a reader's first payments — the receipt a checkout's return reads without a session, and the plan
 * chosen at sign-up still to pay for. A module apart from API (src/core/http/api-paths.ts), which most pages carry
 * whole, so that they do not carry them; only the plans' and payments' pages use them.
 */
export const PAYMENT_API = {
  /** GET, public: whether the payment went through, and for which plan (all its reference's holder may learn). */
  paymentReceipt: (reference: string) => `/api/payments/receipt/${encodeURIComponent(reference)}`,
  /** GET: the paid plan chosen at sign-up and not paid for yet (null when none); DELETE: stay on Free instead. */
  planToPay: '/api/payments/plan-to-pay',
} as const

/** PAYMENT_API's paths with parameters, as the server registers them. */
export const PAYMENT_ROUTES = {
  paymentReceipt: '/api/payments/receipt/:reference',
} as const
