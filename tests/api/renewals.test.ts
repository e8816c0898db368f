import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { notifications, packages, paymentMethods, payments, testModeCharges, userPackages } from '../../server/src/db/schema'
import { PAYMENT_NOTICES } from '../../server/src/features/payments/settle'
import { createPaymentService } from '../../server/src/features/payments/service'
import { renewalReference } from '../../server/src/features/payments/renewals'
import { createNotifier } from '../../server/src/services/notify'
import { createTestModeProvider } from '../../server/src/services/payments/test-mode'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { API } from '../../src/core/http/api-paths'
import type { Plan } from '../../src/core/payments/contract'
import { get, HOUR, memberOf, MINUTE, plansByName, post, signIn, testClock } from '../support/accounts'
import { payWithTestMode } from '../support/payments'
import { recordingPush } from '../support/recording-push'
import { createTestApp } from '../support/test-app'

const PUBLIC_URL = 'https://owe.example'
const clock = testClock('2026-11-21T12:00:00Z')
const push = recordingPush()
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_PUBLIC_URL: PUBLIC_URL }, clock.now)
  plans = await plansByName(ctx.app)
  servers = [instance(), instance()]
})
afterAll(() => ctx.close())

const db = () => ctx.database.db

/** A server instance: its own scheduler, payments service, test-mode provider and notifier; one database. */
function instance() {
  const notifier = createNotifier({ db: db(), push, log: ctx.app.log })
  const payments = createPaymentService({
    db: db(),
    providers: [createTestModeProvider({ db: db(), publicUrl: PUBLIC_URL })],
    notifier,
    log: ctx.app.log,
    nairaPerDollar: 1000,
    publicUrl: PUBLIC_URL,
  })
  return createScheduler({ log: ctx.app.log, now: clock.now, intervalMs: 0, jobs: scheduledJobs({ db: db(), notifier, payments }) })
}
let servers: ReturnType<typeof instance>[]

/** Both instances run their due work at the same moment. */
async function runBoth(at: Date) {
  clock.set(at.toISOString())
  return Promise.all(servers.map((s) => s.runDue(clock.now())))
}

/** A member who paid for a plan in test mode at 2026-11-21 12:00 (it ends 2027-11-21 12:00). */
async function subscriber(plan: Plan, options: Parameters<typeof payWithTestMode>[3] = {}) {
  clock.set('2026-11-21T12:00:00Z')
  const m = await memberOf(ctx.app, db())
  const { outcome } = await payWithTestMode(ctx.app, m.token, plan, options)
  return { m, pkg: outcome.package! }
}
const packagesOf = (userId: number) =>
  db().select().from(userPackages).where(eq(userPackages.userId, userId)).orderBy(asc(userPackages.startsAt))
const renewalOf = async (userPackageId: number) =>
  (
    await db()
      .select()
      .from(payments)
      .where(and(eq(payments.purpose, 'renewal'), eq(payments.renewsUserPackageId, userPackageId)))
  )[0]
const subscriptionMessages = (userId: number) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'subscription')))
    .orderBy(asc(notifications.id))
const ENDS = new Date('2027-11-21T12:00:00Z')
const before = (ms: number) => new Date(ENDS.getTime() - ms)

test('a package with auto-renew is charged once in its last day, however many servers run, and the next year starts at its end', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true })
  // Two days before the end: not yet.
  const early = await runBoth(before(48 * HOUR))
  expect(early.map((r) => r.renewals)).toEqual([0, 0])
  expect(await renewalOf(pkg.id)).toBeUndefined()

  const reports = await runBoth(before(12 * HOUR))
  expect(reports.map((r) => r.renewals).sort()).toEqual([0, 1])
  const renewal = await renewalOf(pkg.id)
  expect(renewal).toMatchObject({
    purpose: 'renewal',
    status: 'success',
    provider: 'test',
    currency: 'USD',
    amountMinor: 1799,
    renewsUserPackageId: pkg.id,
    userId: m.user.id,
  })
  const rows = await packagesOf(m.user.id)
  expect(rows.map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString(), r.autoRenew])).toEqual([
    ['2026-11-21T12:00:00.000Z', '2027-11-21T12:00:00.000Z', true],
    ['2027-11-21T12:00:00.000Z', '2028-11-21T12:00:00.000Z', true],
  ])
  expect(rows[1]).toMatchObject({ id: renewal.userPackageId, paymentMethodId: rows[0].paymentMethodId, packageId: plans.Silver.id })
  const messages = await subscriptionMessages(m.user.id)
  expect(messages.map((n) => [n.title, n.body, n.dedupeKey])).toEqual([
    [PAYMENT_NOTICES.renewedTitle, 'Your Silver plan was renewed and now runs until 21 November 2028.', `renewed:${pkg.id}`],
  ])

  // Later runs, on either server, charge nothing more; the new year is in force after the old one ends.
  await runBoth(before(HOUR))
  await runBoth(new Date(ENDS.getTime() + HOUR))
  expect(
    await db()
      .select()
      .from(payments)
      .where(like(payments.reference, `renew_%`))
      .then((r) => r.filter((p) => p.userId === m.user.id)),
  ).toHaveLength(1)
  expect(await subscriptionMessages(m.user.id)).toHaveLength(1)
  const token = (await post(ctx.app, API.login, { email: m.email, password: m.password })).body.data.token
  expect((await get(ctx.app, API.activePackage, token)).body.data).toMatchObject({
    id: rows[1].id,
    expiresAt: '2028-11-21T12:00:00.000Z',
    autoRenew: true,
    active: true,
  })
})

test('a declined renewal turns auto-renew off, makes no package, and tells the user once', async () => {
  const { m, pkg } = await subscriber(plans.Bronze, { autoRenew: true, outcome: 'decline-renewals' })
  expect(pkg).toMatchObject({ autoRenew: true, canAutoRenew: true })
  await runBoth(before(6 * HOUR))
  expect(await renewalOf(pkg.id)).toMatchObject({ status: 'failed', failureReason: 'The test card declines renewals.' })
  const rows = await packagesOf(m.user.id)
  expect(rows).toHaveLength(1)
  expect(rows[0].autoRenew).toBe(false)
  const messages = await subscriptionMessages(m.user.id)
  expect(messages.map((n) => [n.title, n.url, n.dedupeKey])).toEqual([
    [PAYMENT_NOTICES.renewalFailedTitle, '/pricing', `renewal-failed:${pkg.id}`],
  ])
  expect(messages[0].body).toBe(
    'We couldn’t renew your Bronze plan: the payment did not go through. Auto-renewal is now off and the plan ends on 21 November 2027. Renew it from the pricing page to keep all your peoples offline and quizzed, with no adverts.',
  )
  // Again later: no second charge, and no expiry notice on top of the message already sent.
  await runBoth(before(HOUR))
  expect(await subscriptionMessages(m.user.id)).toHaveLength(1)
})

test('a declined renewal caught between turning auto-renew off and its message (another server mid-way) gets no expiry notice', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true, outcome: 'decline-renewals' })
  await runBoth(before(6 * HOUR))
  // As another instance sees it in that moment: the payment declined, auto-renew off, the message not yet made.
  await db()
    .delete(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.dedupeKey, `renewal-failed:${pkg.id}`)))
  await runBoth(before(5 * HOUR))
  expect((await subscriptionMessages(m.user.id)).map((n) => n.dedupeKey)).toEqual([])
})

test('with auto-renew cancelled nothing is charged; the expiry notice comes instead', async () => {
  const { m, pkg } = await subscriber(plans.Gold, { autoRenew: true })
  expect((await post(ctx.app, API.cancelAutoRenewal, {}, m.token)).status).toBe(200)
  await runBoth(before(3 * HOUR))
  expect(await renewalOf(pkg.id)).toBeUndefined()
  expect(await packagesOf(m.user.id)).toHaveLength(1)
  expect((await subscriptionMessages(m.user.id)).map((n) => n.dedupeKey)).toEqual([`expiry:${pkg.id}`])
})

test('a package without a saved card does not renew, even with auto-renew asked for', async () => {
  const { m, pkg } = await subscriber(plans.Gold, { autoRenew: true })
  await db().delete(paymentMethods).where(eq(paymentMethods.userId, m.user.id))
  await runBoth(before(3 * HOUR))
  expect(await renewalOf(pkg.id)).toBeUndefined()
  // Nothing can charge it, so it is warned about like one that does not renew.
  expect((await subscriptionMessages(m.user.id)).map((n) => n.dedupeKey)).toEqual([`expiry:${pkg.id}`])
})

test('a renewal left pending (a crash between claim and charge) is asked about again by a later run', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true })
  // The claim made, the charge went through, then the server stopped before settling it.
  clock.set(before(12 * HOUR).toISOString())
  await db()
    .insert(payments)
    .values({
      reference: renewalReference({ id: pkg.id, endsAt: new Date(pkg.expiresAt) }),
      userId: m.user.id,
      packageId: plans.Silver.id,
      provider: 'test',
      purpose: 'renewal',
      currency: 'USD',
      amountMinor: 1799,
      autoRenew: true,
      renewsUserPackageId: pkg.id,
      createdAt: clock.now(),
    })
  await db()
    .insert(testModeCharges)
    .values({ reference: renewalReference({ id: pkg.id, endsAt: new Date(pkg.expiresAt) }), outcome: 'success' })
  // Too soon to tell a crash from a charge in flight.
  expect((await runBoth(new Date(clock.now().getTime() + 5 * MINUTE))).map((r) => r.renewals)).toEqual([0, 0])
  expect((await renewalOf(pkg.id)).status).toBe('pending')
  await runBoth(new Date(clock.now().getTime() + 10 * MINUTE))
  expect(await renewalOf(pkg.id)).toMatchObject({ status: 'success' })
  expect(await packagesOf(m.user.id)).toHaveLength(2)
  expect((await subscriptionMessages(m.user.id)).map((n) => n.dedupeKey)).toEqual([`renewed:${pkg.id}`])
})

test('a renewal charges the plan’s price of the day', async () => {
  const { m, pkg } = await subscriber(plans.Platinum, { autoRenew: true })
  await db().update(packages).set({ amount: '54.99' }).where(eq(packages.id, plans.Platinum.id))
  try {
    await runBoth(before(2 * HOUR))
    expect(await renewalOf(pkg.id)).toMatchObject({ status: 'success', amountMinor: 5499, currency: 'USD' })
    expect((await packagesOf(m.user.id)).at(-1)).toMatchObject({ packageId: plans.Platinum.id, endsAt: new Date('2028-11-21T12:00:00Z') })
  } finally {
    await db()
      .update(packages)
      .set({ amount: String(plans.Platinum.amount) })
      .where(eq(packages.id, plans.Platinum.id))
  }
})

/** A renewal claimed and charged, not yet settled (the provider has the money; we have not heard). */
async function pendingRenewal(m: { user: { id: number } }, pkg: { id: number; expiresAt: string }, plan: Plan) {
  clock.set(before(12 * HOUR).toISOString())
  const reference = renewalReference({ id: pkg.id, endsAt: new Date(pkg.expiresAt) })
  await db()
    .insert(payments)
    .values({
      reference,
      userId: m.user.id,
      packageId: plan.id,
      provider: 'test',
      purpose: 'renewal',
      currency: 'USD',
      amountMinor: Math.round(plan.amount * 100),
      autoRenew: true,
      renewsUserPackageId: pkg.id,
      createdAt: clock.now(),
    })
  await db().insert(testModeCharges).values({ reference, outcome: 'success' })
}

test('auto-renewal cancelled while a renewal was pending: the year paid for is kept, and it does not renew again', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true })
  await pendingRenewal(m, pkg, plans.Silver)
  // A year on, the member signs in again to cancel.
  const token = await signIn(ctx.app, m.email)
  expect((await post(ctx.app, API.cancelAutoRenewal, {}, token)).status).toBe(200)
  await runBoth(new Date(clock.now().getTime() + 15 * MINUTE))
  expect(await renewalOf(pkg.id)).toMatchObject({ status: 'success' })
  expect((await packagesOf(m.user.id)).map((p) => [p.endsAt.toISOString(), p.autoRenew])).toEqual([
    ['2027-11-21T12:00:00.000Z', false],
    ['2028-11-21T12:00:00.000Z', false],
  ])
})

test('a year bought by hand while a renewal was pending: the renewal follows it instead of overlapping', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true })
  await pendingRenewal(m, pkg, plans.Silver)
  // The same plan again, by hand (signed in anew a year on): it adds a year after the current one.
  await payWithTestMode(ctx.app, await signIn(ctx.app, m.email), plans.Silver)
  await runBoth(new Date(clock.now().getTime() + 15 * MINUTE))
  expect(await renewalOf(pkg.id)).toMatchObject({ status: 'success' })
  const periods = (await packagesOf(m.user.id)).map((p) => [p.startsAt.toISOString(), p.endsAt.toISOString()])
  expect(periods).toEqual([
    ['2026-11-21T12:00:00.000Z', '2027-11-21T12:00:00.000Z'],
    ['2027-11-21T12:00:00.000Z', '2028-11-21T12:00:00.000Z'],
    ['2028-11-21T12:00:00.000Z', '2029-11-21T12:00:00.000Z'],
  ])
})

test('auto-renewal turned off after the due list was read but before the claim: no charge', async () => {
  const { m, pkg } = await subscriber(plans.Silver, { autoRenew: true })
  // A scheduler that finds the package due, then the user cancels before it claims the package.
  const paymentsOf = () => db().select().from(payments).where(eq(payments.userId, m.user.id))
  const charges = (await paymentsOf()).length
  const original = db().insert.bind(db())
  let cancelled = false
  const spy = vi.spyOn(db(), 'insert').mockImplementation(((table: unknown) => {
    if (table === payments && !cancelled) {
      cancelled = true
      return {
        values: (values: unknown) => ({
          onConflictDoNothing: () => ({
            returning: async () => {
              await post(ctx.app, API.cancelAutoRenewal, {}, await signIn(ctx.app, m.email))
              return original(payments)
                .values(values as never)
                .onConflictDoNothing()
                .returning()
            },
          }),
        }),
      }
    }
    return original(table as never)
  }) as never)
  try {
    await instance().runDue(before(6 * HOUR))
  } finally {
    spy.mockRestore()
  }
  expect(await renewalOf(pkg.id)).toMatchObject({ status: 'abandoned', failureReason: 'auto-renewal was turned off' })
  expect(
    await db()
      .select()
      .from(testModeCharges)
      .where(eq(testModeCharges.reference, renewalReference({ id: pkg.id, endsAt: new Date(pkg.expiresAt) }))),
  ).toEqual([])
  expect((await paymentsOf()).filter((p) => p.status === 'success')).toHaveLength(charges)
  expect(await subscriptionMessages(m.user.id)).toEqual([])
  expect(await packagesOf(m.user.id)).toHaveLength(1)
})
