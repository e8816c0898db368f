import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { notifications, promoCodes, userPackages } from '../../server/src/db/schema'
import { warnExpiringPlans } from '../../server/src/features/notifications/jobs'
import { createNotifier } from '../../server/src/services/notify'
import { API } from '../../src/core/http/api-paths'
import type { ActivePackage, Plan } from '../../src/core/payments/contract'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import { PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { PLAN_TEXTS } from '../../src/core/payments/plans'
import { call, DAY, get, groupsBySlug, memberOf, plansByName, post, testClock } from '../support/accounts'
import { initialize, paymentState, payWithTestMode } from '../support/payments'
import { createTestApp } from '../support/test-app'

const clock = testClock('2026-11-21T12:00:00Z')
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
})
afterAll(() => ctx.close())

const db = () => ctx.database.db
const member = (overrides: Parameters<typeof memberOf>[2] = {}) => memberOf(ctx.app, db(), overrides)
const active = (token: string) => get(ctx.app, API.activePackage, token)
const last = (token: string) => get(ctx.app, API.lastActivePackage, token)
/** Long enough for the clock to pass an expiry; sessions last 30 days, so each step signs in again. */
const relogin = async (m: { email: string; password: string }) =>
  (await post(ctx.app, API.login, { email: m.email, password: m.password })).body.data.token as string

test('every subscription call needs a session', async () => {
  for (const [method, url] of [
    ['GET', API.activePackage],
    ['GET', API.lastActivePackage],
    ['POST', API.cancelAutoRenewal],
    ['GET', API.referralCode],
  ] as const) {
    const res = await call(ctx.app, method, url, method === 'POST' ? { payload: {} } : {})
    expect(res.status, url).toBe(401)
  }
})

test('the packages list starts with the Free plan, then the paid plans, each saying exactly what it adds', async () => {
  const res = await get(ctx.app, API.packages)
  expect(res.status).toBe(200)
  expect(
    (res.body.data as Plan[]).map(({ name, amount, noOfEthnics, description }) => ({ name, amount, noOfEthnics, description })),
  ).toEqual([
    { name: 'Free', amount: 0, noOfEthnics: 1, description: 'One people kept offline, quizzed weekly and shown first. Adverts are shown.' },
    {
      name: 'Bronze',
      amount: 9.99,
      noOfEthnics: 1,
      description: 'One people kept offline, quizzed weekly and shown first. No adverts, for a year.',
    },
    {
      name: 'Silver',
      amount: 17.99,
      noOfEthnics: 2,
      description: 'Two peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
    },
    {
      name: 'Gold',
      amount: 29.99,
      noOfEthnics: 4,
      description: 'Four peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
    },
    {
      name: 'Platinum',
      amount: 49.99,
      noOfEthnics: 8,
      description: 'All eight peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
    },
  ])
})

test('a Free reader has no package in force (404, so adverts show) and their one people is the first language they chose', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member({ packageId: plans.Free.id, languages: [groups.igbo.id, groups.yoruba.id] })
  const none = await active(m.token)
  expect(none.status).toBe(404)
  expect(none.body).toEqual({ error: { code: 'not_found', message: PAYMENT_TEXTS.noActivePackage } })
  expect((await last(m.token)).status).toBe(404)
  const languages = (await get(ctx.app, API.userLanguages, m.token)).body.data
  expect(languages.maxSelectable).toBe(1)
  expect(languages.readable).toEqual([groups.igbo.id])
  const more = await post(ctx.app, API.userLanguagesUpdate, { languages: [groups.zulu.id, groups.akan.id] }, m.token)
  expect(more.status).toBe(400)
  expect(more.body.error.message).toBe('The Free plan includes 1 language. Choose at most 1.')
  // Adverts follow the spec's rule: no package in force, adverts served.
  const adverts = await get(ctx.app, API.adverts, m.token)
  expect(adverts.status).toBe(200)
  expect(adverts.body.data.length).toBeGreaterThan(0)
})

test('the Free plan is never priced or charged: the quote and a payment start are refused with a clear message', async () => {
  const m = await member({ packageId: plans.Free.id })
  const quoted = await get(ctx.app, `${API.paymentQuote}?packageId=${plans.Free.id}&currency=USD&option=test`, m.token)
  expect(quoted.status).toBe(400)
  expect(quoted.body.error).toMatchObject({ message: PLAN_TEXTS.freeIsFree, fields: { packageId: PLAN_TEXTS.freeIsFree } })
  const started = await initialize(ctx.app, paymentState(plans.Free), m.token)
  expect(started.status).toBe(400)
  expect(started.body.error.message).toBe(PLAN_TEXTS.freeIsFree)
})

test('a Free reader who pays later is upgraded: the paid plan is in force with its peoples', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member({ packageId: plans.Free.id, languages: [groups.hausa.id] })
  await payWithTestMode(ctx.app, m.token, plans.Silver)
  const res = await active(m.token)
  expect(res.status).toBe(200)
  expect(res.body.data).toMatchObject({ plan: { name: 'Silver' }, active: true })
  const languages = (await get(ctx.app, API.userLanguages, m.token)).body.data
  expect(languages.maxSelectable).toBe(2)
  const chosen = await post(ctx.app, API.userLanguagesUpdate, { languages: [groups.hausa.id, groups.zulu.id] }, m.token)
  expect(chosen.status).toBe(200)
  expect(chosen.body.data.readable).toEqual([groups.hausa.id, groups.zulu.id])
})

test('the active package is a 404 until a payment succeeds, then the package', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member()
  const none = await active(m.token)
  expect(none.status).toBe(404)
  expect(none.body).toEqual({ error: { code: 'not_found', message: PAYMENT_TEXTS.noActivePackage } })
  const neverHad = await last(m.token)
  expect(neverHad.status).toBe(404)
  expect(neverHad.body).toEqual({ error: { code: 'not_found', message: PAYMENT_TEXTS.noPackage } })

  const { outcome } = await payWithTestMode(ctx.app, m.token, plans.Silver)
  const res = await active(m.token)
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual({
    id: outcome.package!.id,
    plan: plans.Silver,
    startsAt: '2026-11-21T12:00:00.000Z',
    expiresAt: '2027-11-21T12:00:00.000Z',
    autoRenew: false,
    canAutoRenew: false,
    active: true,
    paymentOption: 'test',
    groups: [],
  } satisfies ActivePackage)
  expect((await last(m.token)).body.data).toEqual(res.body.data)
})

test('after expiry: no active package, the last one shows as ended, one group readable and the others locked', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member({ packageId: plans.Gold.id, languages: [groups.amharic.id, groups.zulu.id, groups.yoruba.id] })
  await payWithTestMode(ctx.app, m.token, plans.Gold)
  expect((await active(m.token)).body.data.groups.map((g: { slug: string; locked: boolean }) => [g.slug, g.locked])).toEqual([
    ['amharic', false],
    ['zulu', false],
    ['yoruba', false],
  ])
  expect((await get(ctx.app, API.userLanguages, m.token)).body.data.readable).toEqual([groups.amharic.id, groups.zulu.id, groups.yoruba.id])

  clock.set('2027-11-21T12:00:00Z')
  const token = await relogin(m)
  expect((await active(token)).status).toBe(404)
  const ended = await last(token)
  expect(ended.status).toBe(200)
  expect(ended.body.data).toMatchObject({ plan: { name: 'Gold' }, expiresAt: '2027-11-21T12:00:00.000Z', active: false })
  expect(ended.body.data.groups.map((g: { slug: string; locked: boolean }) => [g.slug, g.locked])).toEqual([
    ['amharic', false],
    ['zulu', true],
    ['yoruba', true],
  ])
  // The choice is kept; only the first group is readable until the plan is paid again.
  const languages = (await get(ctx.app, API.userLanguages, token)).body.data
  expect(languages.selected.map((g: EthnicGroup) => g.slug)).toEqual(['amharic', 'zulu', 'yoruba'])
  expect(languages.readable).toEqual([groups.amharic.id])
  const locked = await get(ctx.app, API.proverbsLogged('zulu'), token)
  expect(locked.status).toBe(403)
})

test('cancelling auto-renewal turns it off (idempotently), the package ends at its expiry, and the expiry notice follows', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member()
  expect((await post(ctx.app, API.cancelAutoRenewal, {}, m.token)).body).toEqual({
    error: { code: 'not_found', message: PAYMENT_TEXTS.noActivePackage },
  })
  const { outcome } = await payWithTestMode(ctx.app, m.token, plans.Bronze, { autoRenew: true })
  expect(outcome.package).toMatchObject({ autoRenew: true, canAutoRenew: true })

  // While it renews, no expiry notice.
  const notifier = createNotifier({ db: db(), push: { configured: false, send: async () => 'sent' }, log: ctx.app.log })
  const notices = () =>
    db()
      .select()
      .from(notifications)
      .where(eq(notifications.dedupeKey, `expiry:${outcome.package!.id}`))
  const nearEnd = new Date('2027-11-19T12:00:00Z')
  await warnExpiringPlans({ db: db(), notifier }, nearEnd)
  expect(await notices()).toEqual([])

  for (let i = 0; i < 2; i++) {
    const res = await post(ctx.app, API.cancelAutoRenewal, {}, m.token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: { ...outcome.package!, autoRenew: false }, message: PAYMENT_TEXTS.autoRenewCancelled })
  }
  expect((await active(m.token)).body.data).toMatchObject({ autoRenew: false, canAutoRenew: true, expiresAt: '2027-11-21T12:00:00.000Z' })
  await warnExpiringPlans({ db: db(), notifier }, nearEnd)
  expect(await notices()).toHaveLength(1)

  clock.set('2027-11-21T12:00:00Z')
  const token = await relogin(m)
  expect((await active(token)).status).toBe(404)
  expect((await last(token)).body.data).toMatchObject({ active: false, autoRenew: false })
  expect(await db().select().from(userPackages).where(eq(userPackages.userId, m.user.id))).toHaveLength(1)
})

test('the referral code is made once and stays the same', async () => {
  clock.set('2026-11-21T12:00:00Z')
  const m = await member()
  const [first, second] = await Promise.all([get(ctx.app, API.referralCode, m.token), get(ctx.app, API.referralCode, m.token)])
  expect(first.status).toBe(200)
  expect(first.body.data).toEqual({
    code: expect.stringMatching(/^OWE[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/),
    percentOff: 10,
    uses: 0,
    maxUses: 20,
    expiresAt: '2027-11-21T12:00:00.000Z',
  })
  expect(second.body.data).toEqual(first.body.data)
  clock.advance(DAY)
  expect((await get(ctx.app, API.referralCode, m.token)).body.data).toEqual(first.body.data)
  expect(await db().select().from(promoCodes).where(eq(promoCodes.ownerUserId, m.user.id))).toHaveLength(1)
  // Each user has their own.
  const other = await member()
  expect((await get(ctx.app, API.referralCode, other.token)).body.data.code).not.toBe(first.body.data.code)
})

test('a used-up or expired referral code is retired and a new one given', async () => {
  const m = await memberOf(ctx.app, db())
  const first = (await get(ctx.app, API.referralCode, m.token)).body.data
  await db().update(promoCodes).set({ uses: first.maxUses }).where(eq(promoCodes.code, first.code))
  const second = (await get(ctx.app, API.referralCode, m.token)).body.data
  expect(second.code).not.toBe(first.code)
  expect(second).toMatchObject({ uses: 0, percentOff: 10, maxUses: 20 })
  expect((await db().select().from(promoCodes).where(eq(promoCodes.code, first.code)))[0]).toMatchObject({
    ownerUserId: null,
    active: false,
  })
  await db()
    .update(promoCodes)
    .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
    .where(eq(promoCodes.code, second.code))
  const third = (await get(ctx.app, API.referralCode, m.token)).body.data
  expect([first.code, second.code]).not.toContain(third.code)
  expect(new Date(third.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime())
})
