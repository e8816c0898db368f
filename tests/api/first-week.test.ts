import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { PAYMENT_API } from '../../src/core/payments/api-paths'
import type { PaymentReceipt, Plan } from '../../src/core/payments/contract'
import { newPaymentReference, PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { del, get, groupsBySlug, lastMailToken, memberOf, nextClient, plansByName, post, signupBody, testClock } from '../support/accounts'
import { initialize, payWithTestMode, paymentState, pressTestCheckout } from '../support/payments'
import { createTestApp } from '../support/test-app'

/**
 * A reader's first week: the paid plan chosen at sign-up waits on the account until it is paid for or dropped, and a
 * checkout's outcome can be read by its reference from a tab with no session, telling no more than the reference's
 * holder may learn.
 */
const clock = testClock('2026-11-21T12:00:00Z')
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
  plans = await plansByName(ctx.app)
})
afterAll(() => ctx.close())

const db = () => ctx.database.db
const member = (overrides: Parameters<typeof memberOf>[2] = {}) => memberOf(ctx.app, db(), overrides)
const planToPay = async (token: string) => {
  const res = await get(ctx.app, PAYMENT_API.planToPay, token)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as Plan | null
}
const receipt = (reference: string) => get(ctx.app, PAYMENT_API.paymentReceipt(reference), undefined, nextClient())

test('the paid plan chosen at sign-up waits on the account, through activation and any sign-in, until it is paid for', async () => {
  const groups = await groupsBySlug(ctx.app)
  const body = signupBody({ packageId: plans.Silver.id, languages: [groups.hausa.id] })
  expect((await post(ctx.app, API.register, body)).status).toBe(201)
  // The tab that signed up is gone: only the emailed link and the password are left.
  expect((await post(ctx.app, API.activate, { token: await lastMailToken(db(), body.email) })).status).toBe(200)
  const token = (await post(ctx.app, API.login, { email: body.email, password: body.password1 })).body.data.token as string
  expect(await planToPay(token)).toEqual(plans.Silver)
  // A second device asks the same account and hears the same.
  const elsewhere = (await post(ctx.app, API.login, { email: body.email, password: body.password1 })).body.data.token as string
  expect(await planToPay(elsewhere)).toEqual(plans.Silver)

  // A checkout started and not finished is not a payment: the plan still waits.
  const state = paymentState(plans.Silver)
  expect((await initialize(ctx.app, state, token)).status).toBe(200)
  expect(await planToPay(token)).toEqual(plans.Silver)
  await pressTestCheckout(ctx.app, state.reference, 'failed')
  expect(await planToPay(token)).toEqual(plans.Silver)

  await payWithTestMode(ctx.app, token, plans.Silver)
  expect(await planToPay(token)).toBeNull()
})

test('paying for another plan than the one chosen ends the offer too', async () => {
  const reader = await member({ packageId: plans.Gold.id })
  expect(await planToPay(reader.token)).toEqual(plans.Gold)
  await payWithTestMode(ctx.app, reader.token, plans.Bronze)
  expect(await planToPay(reader.token)).toBeNull()
})

test('a reader who chose Free has nothing to pay; one who chose a paid plan may stay on Free instead', async () => {
  const free = await member({ packageId: plans.Free.id })
  expect(await planToPay(free.token)).toBeNull()

  const reader = await member({ packageId: plans.Gold.id })
  const dropped = await del(ctx.app, PAYMENT_API.planToPay, reader.token)
  expect(dropped.status).toBe(200)
  expect(dropped.body).toEqual({ data: null, message: PAYMENT_TEXTS.stayOnFree })
  expect(await planToPay(reader.token)).toBeNull()
  // Said twice, it is still so; the active package is untouched (there is none).
  expect((await del(ctx.app, PAYMENT_API.planToPay, reader.token)).status).toBe(200)
  expect((await get(ctx.app, API.activePackage, reader.token)).status).toBe(404)
})

test('staying on Free after paying leaves the plan bought as it is', async () => {
  const reader = await member({ packageId: plans.Bronze.id })
  await payWithTestMode(ctx.app, reader.token, plans.Bronze)
  expect((await del(ctx.app, PAYMENT_API.planToPay, reader.token)).status).toBe(200)
  expect((await get(ctx.app, API.activePackage, reader.token)).body.data).toMatchObject({ plan: { name: 'Bronze' }, active: true })
})

test('the plan to pay for is the caller’s own and needs a session', async () => {
  for (const res of [await get(ctx.app, PAYMENT_API.planToPay), await del(ctx.app, PAYMENT_API.planToPay)]) {
    expect(res.status).toBe(401)
    expect(res.body.error.code).toBe('unauthorized')
  }
})

test('a checkout’s return read with no session says whether it went through and for which plan, and nothing else', async () => {
  const reader = await member({ packageId: plans.Silver.id })
  const { state } = await payWithTestMode(ctx.app, reader.token, plans.Silver, { coupon: undefined })
  const res = await receipt(state.reference)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  // No amount (a promo code or a currency would tell about the payer), no package, no name, no address.
  expect(res.body).toEqual({ data: { reference: state.reference, status: 'success', planName: 'Silver' } satisfies PaymentReceipt })
})

test('a sign-up’s payment, confirmed by the provider while nobody is on the return page, reads as gone through', async () => {
  const body = signupBody({ packageId: plans.Gold.id })
  const { paymentToken } = (await post(ctx.app, API.register, body)).body.data
  const state = paymentState(plans.Gold, {
    metadata: { payment_type: 'TEST', packageId: plans.Gold.id, registration: true },
    registrationToken: paymentToken,
  })
  expect((await initialize(ctx.app, state)).status).toBe(200)
  expect((await receipt(state.reference)).body.data).toEqual({ reference: state.reference, status: 'pending', planName: 'Gold' })
  await pressTestCheckout(ctx.app, state.reference, 'success')
  expect((await receipt(state.reference)).body.data).toEqual({ reference: state.reference, status: 'success', planName: 'Gold' })
})

test('a declined checkout reads as not gone through; reading it never cancels a payment still open', async () => {
  const reader = await member()
  const declined = await payWithTestMode(ctx.app, reader.token, plans.Bronze, { outcome: 'failed' })
  expect((await receipt(declined.state.reference)).body.data).toMatchObject({ status: 'failed', planName: 'Bronze' })

  const open = paymentState(plans.Bronze)
  expect((await initialize(ctx.app, open, reader.token)).status).toBe(200)
  const asked = await get(ctx.app, `${PAYMENT_API.paymentReceipt(open.reference)}?cancelled=1`, undefined, nextClient())
  expect(asked.body.data.status).toBe('pending')
})

test('a reference of the wrong shape is a 400 that says what a reference is; an unknown one is a 404', async () => {
  for (const bad of ['short', 'owe_short', `owe_${'a'.repeat(61)}`, 'renew_12_1700000000', 'owe_abc def ghi jkl']) {
    const res = await receipt(bad)
    expect(res.status, bad).toBe(400)
    expect(res.body.error.message).toBe(PAYMENT_TEXTS.referenceInvalid)
  }
  const unknown = await receipt(newPaymentReference())
  expect(unknown.status).toBe(404)
  expect(unknown.body.error.message).toBe(PAYMENT_TEXTS.paymentNotFound)
})
