/**
 * Payment benchmarks for `npm run bench -- payments` (sections 12–13 of bench.ts), on the embedded
 * database as `npm start` runs it, with 10,000 users of whom 3,000 hold packages (2,000 in force, 1,000
 * only ended) and 20,000 payments:
 * 12. server time of the calls the profile and pricing pages make (a subscriber's package, the 404 of a
 *     user with none, a quote in naira with a coupon, the history's first page; budget: median < 20 ms
 *     each), and a whole test-mode payment, initialize then the test checkout's "Pay" (which settles it):
 *     median per payment (budget < 100 ms) and payments settled per second one after another;
 * 13. the renewal job over 2,000 packages with auto-renew and a saved test card, all due in its window:
 *     one run that renews them all (renewals per second), then a run with nothing due (budget < 150 ms:
 *     the scheduler runs every minute, and PGlite answers nothing else meanwhile).
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import type { Database } from '../../server/src/db/client'
import { renewDuePackages } from '../../server/src/features/payments/renewals'
import { createPaymentService } from '../../server/src/features/payments/service'
import { createNotifier } from '../../server/src/services/notify'
import { createTestModeProvider } from '../../server/src/services/payments/test-mode'
import { noPush } from '../../server/src/services/push'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { createSession } from '../../server/src/services/sessions'
import { API } from '../../src/core/http/api-paths'
import type { Plan } from '../../src/core/payments/contract'
import { paymentState } from '../support/payments'
import { median, p95, timeGets, withBenchDatabase } from './measure'

const USERS = 10_000
const RUNS = 40
const PAYMENTS = 40
const WARM_UP_PAYMENTS = 5
const QUIET_RUNS = 20
const READ_BUDGET_MS = 20
const PAYMENT_BUDGET_MS = 100
const QUIET_RUN_BUDGET_MS = 150
const PUBLIC_URL = 'http://localhost:8080'

/** The bench users with their number n (1…10,000): n % 10 is 1 or 2 for a package in force, 2 or 3 for an ended one. */
const BENCH = sql.raw(`(select id, substring(email from '^payer([0-9]+)@')::int as n from users where email like 'payer%@bench.owe')`)

export async function paymentsBench(results: Record<string, unknown>): Promise<void> {
  await withBenchDatabase('pay', async (database) => {
    await seedPayments(database)
    const app = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        OWE_STATIC_DIR: '.tmp/no-app',
        OWE_SCHEDULER_MS: '0',
        OWE_PUBLIC_URL: PUBLIC_URL,
        OWE_CHECK_RATE_LIMIT: '1000000',
        OWE_PAYMENT_RATE_LIMIT: '1000000',
      }),
      { database, logger: false },
    )
    try {
      await paymentBench(database, app, results)
      await renewalBench(database, app, results)
    } finally {
      await app.close()
    }
  })
}

/**
 * 3,000 subscribers: 1,000 with a package in force, 1,000 with one in force and an ended one, 1,000 with
 * only an ended one; each package paid by one successful payment. Every subscriber also has four failed
 * or abandoned attempts, and 4 in 7 of the others one: ~20,000 payments.
 */
async function seedPayments(database: Database): Promise<void> {
  const { db } = database
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, activated_at)
    select 'payer' || n || '@bench.owe', 'x', 'Payer', 'Number ' || n, now() from generate_series(1, ${USERS}) as n`)
  await db.execute(sql`
    insert into user_packages (user_id, package_id, starts_at, ends_at, created_at)
    select b.id, 1 + b.n % 4, s.at, s.at + interval '365 days', s.at
    from ${BENCH} b cross join lateral (select now() - ((b.n * 7) % 300 + 10) * interval '1 day' as at) s
    where b.n % 10 in (1, 2)`)
  await db.execute(sql`
    insert into user_packages (user_id, package_id, starts_at, ends_at, created_at)
    select b.id, 1 + (b.n + 1) % 4, s.at, s.at + interval '365 days', s.at
    from ${BENCH} b cross join lateral (select now() - (730 + b.n % 300) * interval '1 day' as at) s
    where b.n % 10 in (2, 3)`)
  await db.execute(sql`
    insert into payments (reference, user_id, package_id, provider, currency, amount_minor, status, user_package_id, created_at, completed_at)
    select 'bench_paid_' || up.id, up.user_id, up.package_id, o.provider, o.currency,
      round(pk.amount * case when o.currency = 'NGN' then 100000 else 100 end), 'success', up.id, up.starts_at, up.starts_at
    from user_packages up
    join packages pk on pk.id = up.package_id
    cross join lateral (
      select (array['test', 'paystack', 'stripe'])[1 + up.id % 3] as provider,
        case when up.id % 3 = 1 and up.id % 2 = 0 then 'NGN' else 'USD' end as currency) o
    where up.user_id in (select id from ${BENCH} b)`)
  await db.execute(sql`
    insert into payments (reference, user_id, package_id, provider, currency, amount_minor, status, failure_reason, created_at, completed_at)
    select 'bench_try_' || b.n || '_' || k, b.id, pk.id, 'paystack', 'USD', round(pk.amount * 100),
      case when k % 2 = 0 then 'failed' else 'abandoned' end, case when k % 2 = 0 then 'Declined' end, s.at, s.at
    from ${BENCH} b
    cross join generate_series(1, case when b.n % 10 in (1, 2, 3) then 4 when b.n % 7 < 4 then 1 else 0 end) as k
    join packages pk on pk.id = 1 + (b.n + k) % 4
    cross join lateral (select now() - (b.n % 500 + k) * interval '1 day' as at) s`)
  await database.analyze()
}

async function benchUser(db: Database['db'], n: number): Promise<number> {
  const [row] = (await db.execute(sql`select id from ${BENCH} b where b.n = ${n}`)).rows as { id: number }[]
  return row.id
}

/** 12. The profile and pricing pages' reads, and whole test-mode payments. */
async function paymentBench({ db }: Database, app: FastifyInstance, results: Record<string, unknown>): Promise<void> {
  const counts = (
    await db.execute(sql`
    select (select count(*)::int from payments) as payments, (select count(*)::int from user_packages) as packages,
      (select count(distinct user_id)::int from user_packages) as subscribers`)
  ).rows[0] as { payments: number; packages: number; subscribers: number }
  // Payer 5002 holds a package in force and an ended one, and has six payments; payer 5005 never paid.
  const subscriber = await createSession(db, await benchUser(db, 5002), new Date(), 1)
  const nobody = await createSession(db, await benchUser(db, 5005), new Date(), 1)
  console.log(
    `\n12. Payments: ${USERS.toLocaleString('en-US')} users, ${counts.subscribers.toLocaleString('en-US')} with ${counts.packages.toLocaleString('en-US')} packages, ${counts.payments.toLocaleString('en-US')} payments (server time, ${RUNS} runs)`,
  )
  const width = 46
  const reads = await timeGets(
    app,
    subscriber.token,
    {
      'active package, a subscriber': API.activePackage,
      'quote, Silver in naira with WELCOME10': `${API.paymentQuote}?packageId=2&currency=NGN&option=paystack&coupon=WELCOME10`,
      'history, page 1 of 5': `${API.paymentHistory}?page=1&size=5`,
    },
    { runs: RUNS, budgetMs: READ_BUDGET_MS, labelWidth: width },
  )
  const none = await timeGets(
    app,
    nobody.token,
    { 'active package, a user with none (404)': API.activePackage },
    { runs: RUNS, budgetMs: READ_BUDGET_MS, labelWidth: width, status: 404 },
  )

  // Whole payments, each by a different user who holds no package (payers 9004, 9014, …), half asking for auto-renew.
  const plans = JSON.parse((await app.inject({ method: 'GET', url: API.packages })).body).data as Plan[]
  const silver = plans.find((plan) => plan.id === 2)!
  const times: number[] = []
  const references: string[] = []
  for (let i = 0; i < WARM_UP_PAYMENTS + PAYMENTS; i++) {
    const { token } = await createSession(db, await benchUser(db, 9004 + 10 * i), new Date(), 1)
    const state = paymentState(silver, { autoRenew: i % 2 === 0 })
    const start = performance.now()
    const started = await app.inject({
      method: 'POST',
      url: API.paymentInitialize,
      payload: state,
      headers: { authorization: `Bearer ${token}` },
    })
    if (started.statusCode !== 200) throw new Error(`initialize answered ${started.statusCode}: ${started.body}`)
    const pressed = await app.inject({
      method: 'POST',
      url: API.testCheckout(state.reference),
      payload: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    if (pressed.statusCode !== 303) throw new Error(`the test checkout answered ${pressed.statusCode}: ${pressed.body}`)
    const ms = performance.now() - start
    if (i >= WARM_UP_PAYMENTS) times.push(ms)
    references.push(state.reference)
  }
  const refs = sql.join(
    references.map((reference) => sql`${reference}`),
    sql`, `,
  )
  const [settled] = (
    await db.execute(
      sql`select count(*)::int as n from payments where status = 'success' and user_package_id is not null and reference in (${refs})`,
    )
  ).rows as { n: number }[]
  if (settled.n !== references.length) throw new Error(`only ${settled.n} of ${references.length} test-mode payments were settled`)
  const perSecond = Math.round(PAYMENTS / (times.reduce((sum, ms) => sum + ms, 0) / 1000))
  const ok = median(times) < PAYMENT_BUDGET_MS ? 'OK' : 'OVER'
  console.log(
    `   ${'a test-mode payment, initialize + settle'.padEnd(width)} median ${median(times).toFixed(1).padStart(5)} ms  p95 ${p95(times).toFixed(1).padStart(5)} ms  (budget < ${PAYMENT_BUDGET_MS} ms) ${ok}`,
  )
  console.log(`   ${PAYMENTS} payments one after another: ${perSecond} settled a second`)
  results.payments = {
    users: USERS,
    subscribers: counts.subscribers,
    userPackages: counts.packages,
    payments: counts.payments,
    ...reads,
    ...none,
    testModePayment: { medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)), settledPerSecond: perSecond },
  }
}

/** 13. Every package in force (2,000) set to auto-renew with a saved test card and to end within the next day. */
async function renewalBench(database: Database, app: FastifyInstance, results: Record<string, unknown>): Promise<void> {
  const { db } = database
  const at = new Date()
  const atSql = sql`${at.toISOString()}::timestamptz`
  await db.execute(sql`
    insert into payment_methods (user_id, provider, token, label)
    select up.user_id, 'test', 'test_auth_bench_' || up.id, 'Test card'
    from user_packages up join ${BENCH} b on b.id = up.user_id
    where b.n % 10 in (1, 2) and up.ends_at > ${atSql}`)
  await db.execute(sql`
    update user_packages up
    set auto_renew = true, payment_method_id = pm.id,
      ends_at = ${atSql} + ((b.n * 37) % 1380 + 30) * interval '1 minute',
      starts_at = ${atSql} + ((b.n * 37) % 1380 + 30) * interval '1 minute' - interval '365 days'
    from payment_methods pm, ${BENCH} b
    where pm.token = 'test_auth_bench_' || up.id and b.id = up.user_id`)
  const [due] = (
    await db.execute(
      sql`select count(*)::int as n from user_packages where auto_renew and payment_method_id is not null and ends_at <= ${atSql} + interval '1 day'`,
    )
  ).rows as { n: number }[]
  await database.analyze()

  const notifier = createNotifier({ db, push: noPush, log: app.log })
  const service = createPaymentService({
    db,
    providers: [createTestModeProvider({ db, publicUrl: PUBLIC_URL })],
    notifier,
    log: app.log,
    nairaPerDollar: 1000,
    publicUrl: PUBLIC_URL,
  })
  const start = performance.now()
  const renewed = await renewDuePackages(service, at)
  const renewalMs = performance.now() - start
  if (renewed !== due.n) throw new Error(`the renewal run settled ${renewed} of ${due.n} due packages`)
  const perSecond = Math.round(renewed / (renewalMs / 1000))

  // Then a minute with nothing due: the renewal job alone, and the whole scheduler as every minute runs it
  // (after one run that sends the week's announcement, so the quiet minutes are quiet).
  const quiet: number[] = []
  for (let i = 1; i <= QUIET_RUNS; i++) {
    const begin = performance.now()
    const more = await renewDuePackages(service, new Date(at.getTime() + i * 60_000))
    quiet.push(performance.now() - begin)
    if (more !== 0) throw new Error(`a quiet run renewed ${more}`)
  }
  const scheduler = createScheduler({
    log: app.log,
    now: () => at,
    intervalMs: 0,
    jobs: scheduledJobs({ db, notifier, payments: service }),
  })
  await scheduler.runDue(new Date(at.getTime() + (QUIET_RUNS + 1) * 60_000))
  const minutes: number[] = []
  for (let i = QUIET_RUNS + 2; i <= 2 * QUIET_RUNS + 1; i++) {
    const begin = performance.now()
    const report = await scheduler.runDue(new Date(at.getTime() + i * 60_000))
    minutes.push(performance.now() - begin)
    if (report.renewals !== 0) throw new Error(`a quiet minute renewed ${report.renewals}`)
  }

  console.log(
    `\n13. The renewal job: ${due.n.toLocaleString('en-US')} packages with auto-renew and a saved test card, all due within a day`,
  )
  console.log(`   one run renewing them all: ${Math.round(renewalMs)} ms, ${perSecond} renewals a second`)
  const quietOk = median(quiet) < QUIET_RUN_BUDGET_MS ? 'OK' : 'OVER'
  const minuteOk = median(minutes) < QUIET_RUN_BUDGET_MS ? 'OK' : 'OVER'
  console.log(
    `   a run with nothing due: median ${median(quiet).toFixed(1)} ms, p95 ${p95(quiet).toFixed(1)} ms  (budget < ${QUIET_RUN_BUDGET_MS} ms) ${quietOk}`,
  )
  console.log(
    `   the whole scheduler's quiet minute (every job): median ${median(minutes).toFixed(1)} ms, p95 ${p95(minutes).toFixed(1)} ms  (budget < ${QUIET_RUN_BUDGET_MS} ms) ${minuteOk}`,
  )
  results.renewals = {
    due: due.n,
    renewed,
    runMs: Math.round(renewalMs),
    renewalsPerSecond: perSecond,
    quietMedianMs: Number(median(quiet).toFixed(1)),
    quietP95Ms: Number(p95(quiet).toFixed(1)),
    schedulerQuietMinuteMedianMs: Number(median(minutes).toFixed(1)),
    schedulerQuietMinuteP95Ms: Number(p95(minutes).toFixed(1)),
  }
}
