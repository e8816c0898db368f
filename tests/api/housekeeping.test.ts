import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { deviceTokens, emailTokens, jobRuns, mailOutbox, payments, rateLimits, requestReceipts, sessions } from '../../server/src/db/schema'
import { RECEIPT_DAYS } from '../../server/src/http/receipts'
import { abandonStaleCheckouts } from '../../server/src/features/payments/abandon'
import { createPaymentService } from '../../server/src/features/payments/service'
import { CHECKOUT_EXPIRED_REASON } from '../../server/src/features/payments/rules'
import { keepHouse, LINK_RETENTION_MS, MAIL_RETENTION_MS } from '../../server/src/services/housekeeping'
import { createNotifier } from '../../server/src/services/notify'
import { createTestModeProvider } from '../../server/src/services/payments/test-mode'
import { ProviderError, type PaymentProvider, type ProviderResult } from '../../server/src/services/payments/types'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { API } from '../../src/core/http/api-paths'
import type { Plan } from '../../src/core/payments/contract'
import { PAYMENT_TEXTS } from '../../src/core/payments/payment'
import { DAY, get, HOUR, MINUTE, memberOf, plansByName, post, testClock } from '../support/accounts'
import { initialize, paymentState } from '../support/payments'
import { recordingPush } from '../support/recording-push'
import { freshDatabase } from '../support/test-app'

const clock = testClock('2026-11-25T10:00:00Z')
const push = recordingPush()
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
let plans: Record<string, Plan>
/** What the stand-in for a real provider says when asked about a checkout. */
let providerAnswer: ProviderResult = { status: 'pending' }
const cancelled: string[] = []

const provider: PaymentProvider = {
  id: 'paystack',
  label: 'Paystack',
  currencies: ['USD', 'NGN'],
  async start(input) {
    return { redirectUrl: `https://checkout.paystack.test/${input.reference}`, providerRef: `ac_${input.reference}` }
  },
  async verify() {
    return providerAnswer
  },
  async cancel({ reference }) {
    cancelled.push(reference)
  },
  async charge() {
    return { status: 'failed', reason: 'not used here' }
  },
  parseWebhook() {
    return null
  },
}

beforeAll(async () => {
  database = await freshDatabase()
  const config = loadConfig({ OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0', OWE_CORPUS_CACHE_MS: '0' })
  app = await buildApp(config, {
    database,
    logger: false,
    now: clock.now,
    push,
    paymentProviders: [provider, createTestModeProvider({ db: database.db, publicUrl: config.publicUrl })],
  })
  plans = await plansByName(app)
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

const db = () => database.db
/** Two instances' schedulers over one database, as two servers would run them. */
function schedulers(count: number) {
  return Array.from({ length: count }, () => {
    const notifier = createNotifier({ db: db(), push, log: app.log })
    const service = createPaymentService({
      db: db(),
      providers: [provider],
      notifier,
      log: app.log,
      nairaPerDollar: 1000,
      publicUrl: 'http://localhost:8080',
    })
    return createScheduler({
      log: app.log,
      now: clock.now,
      intervalMs: 0,
      jobs: scheduledJobs({ db: db(), notifier, payments: service, checkoutAbandonMs: DAY }),
    })
  })
}

test('housekeeping deletes what counts for nothing — old rate-limit windows, ended sessions with their push tokens, spent links, old mail, old receipts — and keeps the rest', async () => {
  const at = clock.now()
  const live = await memberOf(app, db())
  const ended = await memberOf(app, db())
  expect((await post(app, API.deviceSave, { device_type: 'WEB', device_token: 'token-of-a-live-session' }, live.token)).status).toBe(200)
  expect((await post(app, API.deviceSave, { device_type: 'WEB', device_token: 'token-of-an-expired-session' }, ended.token)).status).toBe(
    200,
  )
  // The second member's session ran out an hour ago (the push already skips it; now the rows go).
  await db()
    .update(sessions)
    .set({ expiresAt: new Date(at.getTime() - HOUR) })
    .where(eq(sessions.userId, ended.user.id))

  await db()
    .insert(rateLimits)
    .values([
      { key: 'login:old-window', windowStart: new Date(at.getTime() - 2 * DAY), hits: 3 },
      { key: 'login:this-window', windowStart: new Date(at.getTime() - 5 * MINUTE), hits: 3 },
    ])
  const [expiredLink] = await db()
    .insert(emailTokens)
    .values({
      userId: live.user.id,
      purpose: 'reset',
      tokenHash: 'long-expired-link-digest',
      createdAt: new Date(at.getTime() - LINK_RETENTION_MS - 2 * HOUR),
      expiresAt: new Date(at.getTime() - LINK_RETENTION_MS - HOUR),
    })
    .returning()
  // Expired an hour ago: kept a while, so following it still says "expired".
  const [recentlyExpired] = await db()
    .insert(emailTokens)
    .values({
      userId: live.user.id,
      purpose: 'reset',
      tokenHash: 'just-expired-link-digest',
      createdAt: new Date(at.getTime() - 2 * HOUR),
      expiresAt: new Date(at.getTime() - HOUR),
    })
    .returning()
  const [freshLink] = await db()
    .insert(emailTokens)
    .values({
      userId: live.user.id,
      purpose: 'reset',
      tokenHash: 'fresh-link-digest',
      createdAt: at,
      expiresAt: new Date(at.getTime() + HOUR),
    })
    .returning()
  const old = new Date(at.getTime() - MAIL_RETENTION_MS - DAY)
  const mails = await db()
    .insert(mailOutbox)
    .values([
      { to: 'old-sent@example.com', subject: 'Old', text: 'x', status: 'sent', createdAt: old, nextAttemptAt: old },
      { to: 'old-failed@example.com', subject: 'Old and failed', text: 'x', status: 'failed', createdAt: old, nextAttemptAt: old },
      { to: 'old-waiting@example.com', subject: 'Old, still waiting', text: 'x', status: 'pending', createdAt: old, nextAttemptAt: at },
      { to: 'new-failed@example.com', subject: 'New and failed', text: 'x', status: 'failed', createdAt: at, nextAttemptAt: at },
      { to: 'new-sent@example.com', subject: 'New', text: 'x', status: 'sent', createdAt: at, nextAttemptAt: at },
    ])
    .returning({ id: mailOutbox.id, to: mailOutbox.to })

  await db()
    .insert(requestReceipts)
    .values([
      {
        scope: 'visitor',
        key: 'old-receipt',
        request: 'suggestion',
        status: 201,
        body: {},
        receivedAt: new Date(at.getTime() - RECEIPT_DAYS * DAY - HOUR),
      },
      { scope: 'visitor', key: 'new-receipt', request: 'suggestion', status: 201, body: {}, receivedAt: new Date(at.getTime() - DAY) },
    ])

  const done = await keepHouse(db(), at)
  expect(done).not.toBeNull()
  expect(done!.receipts).toBe(1)
  expect((await db().select({ key: requestReceipts.key }).from(requestReceipts)).map((row) => row.key)).toEqual(['new-receipt'])
  expect(done!.rateLimits).toBeGreaterThanOrEqual(1)
  expect(await db().select().from(rateLimits).where(eq(rateLimits.key, 'login:this-window'))).toHaveLength(1)
  expect(await db().select().from(rateLimits).where(eq(rateLimits.key, 'login:old-window'))).toEqual([])
  expect(await db().select().from(sessions).where(eq(sessions.userId, ended.user.id))).toEqual([])
  expect(await db().select().from(sessions).where(eq(sessions.userId, live.user.id))).toHaveLength(1)
  expect(
    (
      await db()
        .select({ token: deviceTokens.token })
        .from(deviceTokens)
        .where(inArray(deviceTokens.userId, [live.user.id, ended.user.id]))
    ).map((row) => row.token),
  ).toEqual(['token-of-a-live-session'])
  const links = await db()
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(inArray(emailTokens.id, [expiredLink.id, recentlyExpired.id, freshLink.id]))
  expect(links.map((row) => row.id).sort((a, b) => a - b)).toEqual([recentlyExpired.id, freshLink.id].sort((a, b) => a - b))
  const keptMail = await db()
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.id,
        mails.map((mail) => mail.id),
      ),
    )
  expect(keptMail.map((mail) => mail.to).sort()).toEqual(['new-failed@example.com', 'new-sent@example.com', 'old-waiting@example.com'])
  // The signed-in member still is.
  expect((await get(app, API.notificationsUnreadCount, live.token)).status).toBe(200)
})

test('housekeeping runs once an hour however many servers run it', async () => {
  clock.set('2026-11-25T14:05:00Z')
  const results = await Promise.all([keepHouse(db(), clock.now()), keepHouse(db(), clock.now()), keepHouse(db(), clock.now())])
  expect(results.filter((result) => result !== null)).toHaveLength(1)
  clock.set('2026-11-25T14:55:00Z')
  expect(await keepHouse(db(), clock.now())).toBeNull()
  clock.set('2026-11-25T15:00:00Z')
  expect(await keepHouse(db(), clock.now())).not.toBeNull()
  expect(await db().select().from(jobRuns).where(eq(jobRuns.period, '2026-11-25T14'))).toHaveLength(1)
})

test('a checkout nobody came back from is marked abandoned after a day, once, and the payment history says so; one paid meanwhile is settled as paid', async () => {
  clock.set('2026-11-26T09:00:00Z')
  const walkedAway = await memberOf(app, db())
  const paidLate = await memberOf(app, db())
  const recent = await memberOf(app, db())
  const stateOf = () => paymentState(plans.Silver, { option: 'paystack' })
  const left = stateOf()
  const paid = stateOf()
  expect((await initialize(app, left, walkedAway.token)).status).toBe(200)
  expect((await initialize(app, paid, paidLate.token)).status).toBe(200)
  clock.advance(DAY + MINUTE)
  const young = stateOf()
  expect((await initialize(app, young, recent.token)).status).toBe(200)

  // The provider says the second was paid after all; the others are still open there.
  providerAnswer = { status: 'pending' }
  const verifyFor = provider.verify.bind(provider)
  provider.verify = async ({ reference, providerRef }) =>
    reference === paid.reference
      ? { status: 'success', amountMinor: 1799, currency: 'USD', method: null }
      : verifyFor({ reference, providerRef })
  try {
    const reports = await Promise.all(schedulers(2).map((scheduler) => scheduler.runDue(clock.now())))
    expect(reports.map((report) => report.abandonedCheckouts).sort()).toEqual([0, 1])
  } finally {
    provider.verify = verifyFor
  }
  const statusOf = async (reference: string) => (await db().select().from(payments).where(eq(payments.reference, reference)))[0]
  expect(await statusOf(left.reference)).toMatchObject({ status: 'abandoned', failureReason: CHECKOUT_EXPIRED_REASON })
  expect((await statusOf(paid.reference)).status).toBe('success')
  expect((await statusOf(young.reference)).status).toBe('pending')
  expect(cancelled).toEqual([left.reference])

  const history = await get(app, API.paymentHistory, walkedAway.token)
  expect(history.body.data[0]).toMatchObject({ reference: left.reference, status: 'abandoned', note: PAYMENT_TEXTS.checkoutExpired })
  expect((await get(app, API.paymentHistory, paidLate.token)).body.data[0]).toMatchObject({ status: 'success', note: null })
})

test('a checkout its provider cannot be asked about now is left pending for a later run, never abandoned on a guess', async () => {
  clock.set('2026-11-28T09:00:00Z')
  const reader = await memberOf(app, db())
  const state = paymentState(plans.Gold, { option: 'paystack' })
  expect((await initialize(app, state, reader.token)).status).toBe(200)
  clock.advance(DAY + MINUTE)
  const verifyFor = provider.verify.bind(provider)
  provider.verify = async () => {
    throw new ProviderError('Paystack could not be reached', null)
  }
  try {
    await schedulers(1)[0].runDue(clock.now())
  } finally {
    provider.verify = verifyFor
  }
  const status = async () => (await db().select().from(payments).where(eq(payments.reference, state.reference)))[0].status
  expect(await status()).toBe('pending')
  // An hour later the provider answers: still open there, so it is given up now.
  providerAnswer = { status: 'pending' }
  clock.advance(HOUR)
  await schedulers(1)[0].runDue(clock.now())
  expect(await status()).toBe('abandoned')
})

test('a stopping server gives up no checkout: it stops between payments and leaves the rest for a later run', async () => {
  clock.set('2026-11-30T09:00:00Z')
  const reader = await memberOf(app, db())
  const state = paymentState(plans.Silver, { option: 'paystack' })
  expect((await initialize(app, state, reader.token)).status).toBe(200)
  clock.advance(DAY + MINUTE)
  const notifier = createNotifier({ db: db(), push, log: app.log })
  const service = createPaymentService({
    db: db(),
    providers: [provider],
    notifier,
    log: app.log,
    nairaPerDollar: 1000,
    publicUrl: 'http://localhost:8080',
  })
  expect(await abandonStaleCheckouts(service, clock.now(), DAY, () => true)).toBe(0)
  expect((await db().select().from(payments).where(eq(payments.reference, state.reference)))[0].status).toBe('pending')
})
