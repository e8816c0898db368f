import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import type { PaymentOutcome, PaymentQuote, PaymentStart, PaymentState, Plan } from '../../src/core/payments/contract'
import { newPaymentReference, paymentType, type PaymentOption } from '../../src/core/payments/payment'
import { call, get, post } from './accounts'

/** What the app sends to start paying for a plan with the test mode (or another option). */
export function paymentState(plan: Plan, overrides: Partial<PaymentState> & { option?: PaymentOption } = {}): PaymentState {
  const { option = 'test', ...rest } = overrides
  return {
    paymentOption: option,
    currency: 'USD',
    amount: plan.amount,
    autoRenew: false,
    coupon: null,
    reference: newPaymentReference(),
    metadata: { payment_type: paymentType(option), packageId: plan.id, registration: false },
    ...rest,
  }
}

export type TestOutcome = 'success' | 'decline-renewals' | 'failed' | 'abandoned'

/** A button pressed on the test checkout page: the form post a browser sends. */
export const pressTestCheckout = (app: FastifyInstance, reference: string, outcome: TestOutcome | string) =>
  call(app, 'POST', API.testCheckout(reference), {
    payload: `outcome=${encodeURIComponent(outcome)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })

export const initialize = (app: FastifyInstance, state: unknown, token?: string) => post(app, API.paymentInitialize, state, token)

export const verify = (
  app: FastifyInstance,
  reference: string,
  body: { cancelled?: boolean; registrationToken?: string } = {},
  token?: string,
) => post(app, API.paymentVerify(reference), body, token)

export async function quote(app: FastifyInstance, query: Record<string, string | number>, token?: string): Promise<PaymentQuote> {
  const res = await get(app, `${API.paymentQuote}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data
}

/** Pays for a plan through the test mode, start to end, the way the app and a tester's browser do. */
export async function payWithTestMode(
  app: FastifyInstance,
  token: string,
  plan: Plan,
  options: { outcome?: TestOutcome; autoRenew?: boolean; coupon?: string; amount?: number } = {},
) {
  const state = paymentState(plan, {
    autoRenew: options.autoRenew ?? false,
    coupon: options.coupon ?? null,
    amount: options.amount ?? plan.amount,
  })
  const started = await initialize(app, state, token)
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const start = started.body.data as PaymentStart
  const pressed = await pressTestCheckout(app, state.reference, options.outcome ?? 'success')
  expect(pressed.status).toBe(303)
  const verified = await verify(app, state.reference, {}, token)
  expect(verified.status, JSON.stringify(verified.body)).toBe(200)
  return { state, start, location: pressed.headers.location as string, outcome: verified.body.data as PaymentOutcome }
}
