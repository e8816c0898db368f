/**
 * Several servers on one PostgreSQL: two real server processes share a fresh database, both schedulers on
 * every SCHEDULER_MS, while autocannon drives a minute of mixed load at both (public reads, sign-ins, quiz
 * answers, notification polls). Work falls due for the schedulers during the run (daily reminders,
 * renewals, declined renewals, expiry notices, the week's announcement to users activated mid-run), so a
 * message or a charge made twice would show. Needs DATABASE_URL: `npm run test:scale`.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { and, eq, inArray, like, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openDatabase, type Database } from '../../server/src/db/client'
import {
  dailyReminders,
  ethnicGroups,
  notifications,
  packages,
  paymentMethods,
  payments,
  quizReceipts,
  reminderSends,
  testModeCharges,
  userLanguages,
  userPackages,
  users,
} from '../../server/src/db/schema'
import { EXPIRY_NOTICE_DAYS } from '../../server/src/features/notifications/jobs'
import { RENEWAL_WINDOW_MS, renewalReference } from '../../server/src/features/payments/renewals'
import { eachLimited } from '../../server/src/services/notify'
import { hashPassword } from '../../server/src/services/passwords'
import { createSession } from '../../server/src/services/sessions'
import { API } from '../../src/core/http/api-paths'
import type { QuizBatchSummary, QuizData } from '../../src/core/quiz/contract'
import { IDEMPOTENCY_HEADER, weekStartOf } from '../../src/core/quiz/quiz'
import { DAY, HOUR, PASSWORD } from '../support/accounts'
import { startServer, type RunningServer } from '../support/server-process'
import { countOf, drive, fivexx, merge, newTally, report, type Tally } from './load'

const NEEDS_POSTGRES =
  'The scale test needs a PostgreSQL server: run it with DATABASE_URL set, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:scale (it creates and drops a database of its own there).'

const DURATION_S = Number(process.env.OWE_SCALE_SECONDS ?? 60)
const PORTS = [4460, 4461]
const SCHEDULER_MS = 500
/** Per server, 20 in all. */
const CONNECTIONS = { 'public read': 8, 'sign-in': 2, 'quiz answer': 5, 'notification poll': 5 }
/** Per server: each sign-in checks an argon2 hash (~25 ms of CPU), so unbounded they would be the whole load. */
const SIGN_INS_PER_SECOND = 10
type Kind = keyof typeof CONNECTIONS

/** Each has a daily reminder falling due during the run; all poll the bell and sign in; the first QUIZ_PLAYERS answer quizzes. */
const READERS = 200
const QUIZ_PLAYERS = 100
/** Packages with auto-renew and a saved test card that falls into the renewal window during the run. */
const RENEWING = 50
/**
 * The same with a card that declines: auto-renew goes off and the user is told once. This many, so that a
 * race between a decline and the other server's expiry notice (a window of a few milliseconds) shows in most runs.
 */
const DECLINING = 25
/** Packages without auto-renew reaching EXPIRY_NOTICE_DAYS before their end during the run. */
const EXPIRING = 30
/** Activated in waves during the run: the week's announcement reaches each of them then. */
const LATE = 100

const ZONES = [
  'UTC',
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Johannesburg',
  'Africa/Addis_Ababa',
  'Asia/Kolkata',
  'America/New_York',
  'Europe/London',
]

const adminUrl = process.env.DATABASE_URL
const dbName = `owe_scale_${randomBytes(6).toString('hex')}`
const servers: RunningServer[] = []
let database: Database | undefined
const db = () => database!.db

type Account = { id: number; email: string }
type Reader = Account & { token: string }
type Question = { batchId: number; questionId: number; options: number[] }
type Player = Reader & { questions: Question[] }
type Subscription = { userId: number; packageId: number; endsAt: Date }
type Ack = { userId: number; key: string; item: { batchId: number; ethnicFactQuestionId: number; answerOptionId: number } }

let readers: Reader[] = []
let players: Player[] = []
let renewing: Subscription[] = []
let declining: Subscription[] = []
let expiring: Subscription[] = []
let late: Account[] = []
const acknowledged: Ack[] = []

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]
/** Spread over the first 70 % of the run, so due work keeps arriving while the load runs. */
const spread = (i: number, n: number) => 1000 + Math.round((i / n) * 0.7 * DURATION_S * 1000)

function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at)
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return part('hour') * 60 + part('minute')
}

async function api<T>(server: RunningServer, path: string, token: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { data: T }).data
}

let passwordHash: string
async function accounts(prefix: string, n: number, activated = true): Promise<Account[]> {
  passwordHash ??= await hashPassword(PASSWORD)
  return db()
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `${prefix}-${i}@example.com`,
        passwordHash,
        firstName: 'Scale',
        lastName: `${prefix} ${i}`,
        activatedAt: activated ? new Date() : null,
      })),
    )
    .returning({ id: users.id, email: users.email })
}

/** Packages ending a month from now: nothing is due until arm() moves their ends into the run. */
async function subscriptions(prefix: string, n: number, card: 'test_auth_' | 'test_decline_' | null): Promise<Subscription[]> {
  const plans = await db().select({ id: packages.id }).from(packages).orderBy(packages.position)
  const holders = await accounts(prefix, n)
  const made: Subscription[] = []
  for (const [i, holder] of holders.entries()) {
    const [method] = card
      ? await db()
          .insert(paymentMethods)
          .values({ userId: holder.id, provider: 'test', token: `${card}${prefix}-${i}`, label: 'Test card' })
          .returning()
      : [null]
    const [pkg] = await db()
      .insert(userPackages)
      .values({
        userId: holder.id,
        packageId: plans[i % plans.length].id,
        startsAt: new Date(Date.now() - 335 * DAY),
        endsAt: new Date(Date.now() + 30 * DAY),
        autoRenew: card !== null,
        paymentMethodId: method?.id ?? null,
      })
      .returning()
    made.push({ userId: holder.id, packageId: pkg.id, endsAt: pkg.endsAt })
  }
  return made
}

/** Readers with a group each and a session; players with their week's batches made through the API. */
async function prepare() {
  const groups = await db().select({ id: ethnicGroups.id }).from(ethnicGroups).orderBy(ethnicGroups.id)
  const made = await accounts('reader', READERS)
  await db()
    .insert(userLanguages)
    .values(made.map((r, i) => ({ userId: r.id, ethnicGroupId: groups[i % groups.length].id, position: 0 })))
  readers = await Promise.all(made.map(async (r) => ({ ...r, token: (await createSession(db(), r.id, new Date(), 1)).token })))
  players = readers.slice(0, QUIZ_PLAYERS).map((r) => ({ ...r, questions: [] }))
  await eachLimited(players, 8, async (player) => {
    const server = servers[player.id % servers.length]
    for (const batch of await api<QuizBatchSummary[]>(server, API.quizWeek, player.token)) {
      const [quiz] = await api<QuizData[]>(server, API.quiz(batch.batchId), player.token)
      for (const q of quiz.questions)
        player.questions.push({ batchId: batch.batchId, questionId: q.ethnicfactQuestionId, options: q.answerOptions.map((o) => o.id) })
    }
  })
  renewing = await subscriptions('renewing', RENEWING, 'test_auth_')
  declining = await subscriptions('declining', DECLINING, 'test_decline_')
  expiring = await subscriptions('expiring', EXPIRING, null)
  late = await accounts('late', LATE, false)
}

/** Makes the seeded work fall due between `start` and 70 % of the run. */
async function arm(start: number) {
  const renewals = [...renewing, ...declining]
  await Promise.all([
    ...renewals.map((s, i) => {
      s.endsAt = new Date(start + RENEWAL_WINDOW_MS + spread(i, renewals.length))
      return db().update(userPackages).set({ endsAt: s.endsAt }).where(eq(userPackages.id, s.packageId))
    }),
    ...expiring.map((s, i) => {
      s.endsAt = new Date(start + EXPIRY_NOTICE_DAYS * DAY + spread(i, expiring.length))
      return db().update(userPackages).set({ endsAt: s.endsAt }).where(eq(userPackages.id, s.packageId))
    }),
  ])
  // Due once the clock reaches the minute; set an hour ago, so a minute already begun counts.
  await db()
    .insert(dailyReminders)
    .values(
      readers.map((r, i) => {
        const timeZone = ZONES[i % ZONES.length]
        return {
          userId: r.id,
          timeZone,
          minuteOfDay: localMinute(new Date(start + spread(i, readers.length)), timeZone),
          updatedAt: new Date(Date.now() - HOUR),
        }
      }),
    )
}

function loadsFor(server: RunningServer, tallies: Record<Kind, Tally>) {
  const json = { 'content-type': 'application/json' }
  const next = { signIn: 0, quiz: 0, poll: 0 }
  const publicPaths = [
    () => `${API.proverbsPublic}?page=${1 + Math.floor(Math.random() * 22)}&size=20`,
    () => API.proverbsToday,
    () => `${API.trendingPublic}?limit=10`,
    () => `${API.ethnicGroupsPublic}?q=all`,
  ]
  const common = { url: server.url, durationSeconds: DURATION_S }
  return [
    drive(
      {
        ...common,
        connections: CONNECTIONS['public read'],
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pick(publicPaths)() }) }],
      },
      tallies['public read'],
    ),
    drive(
      {
        ...common,
        connections: CONNECTIONS['sign-in'],
        overallRate: SIGN_INS_PER_SECOND,
        requests: [
          {
            method: 'POST',
            path: API.login,
            setupRequest: (req) => ({
              ...req,
              headers: json,
              body: JSON.stringify({ email: readers[next.signIn++ % readers.length].email, password: PASSWORD }),
            }),
          },
        ],
      },
      tallies['sign-in'],
    ),
    drive(
      {
        ...common,
        connections: CONNECTIONS['quiz answer'],
        requests: [
          {
            method: 'POST',
            path: API.quizSubmitSingle,
            setupRequest: (req, context) => {
              const player = players[next.quiz++ % players.length]
              const q = pick(player.questions)
              const ack: Ack = {
                userId: player.id,
                key: randomUUID(),
                item: { batchId: q.batchId, ethnicFactQuestionId: q.questionId, answerOptionId: pick(q.options) },
              }
              Object.assign(context, { ack })
              return {
                ...req,
                headers: { ...json, authorization: `Bearer ${player.token}`, [IDEMPOTENCY_HEADER]: ack.key },
                body: JSON.stringify(ack.item),
              }
            },
            onResponse: (status, _body, context) => {
              if (status === 200) acknowledged.push((context as { ack: Ack }).ack)
            },
          },
        ],
      },
      tallies['quiz answer'],
    ),
    drive(
      {
        ...common,
        connections: CONNECTIONS['notification poll'],
        requests: [
          {
            method: 'GET',
            path: API.notificationsUnreadCount,
            setupRequest: (req) => ({ ...req, headers: { authorization: `Bearer ${readers[next.poll++ % readers.length].token}` } }),
          },
        ],
      },
      tallies['notification poll'],
    ),
  ]
}

/** What PostgreSQL saw: the most sessions waiting on a lock at one sample, and its deadlock and rollback counters. */
async function databaseStats() {
  const { rows } = await db().execute<{ deadlocks: number; rollbacks: number }>(
    sql`select deadlocks::int as deadlocks, xact_rollback::int as rollbacks from pg_stat_database where datname = current_database()`,
  )
  return rows[0]
}
async function lockWaiters() {
  const { rows } = await db().execute<{ waiting: number; connections: number }>(
    sql`select count(*) filter (where wait_event_type = 'Lock')::int as waiting, count(*)::int as connections from pg_stat_activity where datname = current_database()`,
  )
  return rows[0]
}

const warnings = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => /"level":40/.test(line))
const renewalPayments = () => db().select().from(payments).where(eq(payments.purpose, 'renewal'))
const keyed = (prefix: string) =>
  db()
    .select()
    .from(notifications)
    .where(like(notifications.dedupeKey, `${prefix}%`))

/** The scheduled work done so far, against what falls due during the run. */
async function progress() {
  const [sends, settled, expiries, announced, activated] = await Promise.all([
    db().select().from(reminderSends),
    renewalPayments().then((rows) => rows.filter((p) => p.status !== 'pending')),
    keyed('expiry:').then((rows) => rows.filter((n) => expiring.some((e) => n.dedupeKey === `expiry:${e.packageId}`))),
    keyed(`quiz-week:${weekStartOf(new Date())}`),
    db()
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.activatedAt} is not null`),
  ])
  const done = { reminders: sends.length, renewals: settled.length, expiry: expiries.length, announcements: announced.length }
  const due = { reminders: READERS, renewals: RENEWING + DECLINING, expiry: EXPIRING, announcements: activated.length }
  const outstanding = Object.keys(done).reduce((sum, k) => sum + due[k as keyof typeof due] - done[k as keyof typeof done], 0)
  return {
    outstanding,
    text: Object.keys(done)
      .map((k) => `${k} ${done[k as keyof typeof done]}/${due[k as keyof typeof due]}`)
      .join(', '),
  }
}

beforeAll(async () => {
  if (!adminUrl) throw new Error(NEEDS_POSTGRES)
  if (!Number.isInteger(DURATION_S) || DURATION_S < 5)
    throw new Error(`OWE_SCALE_SECONDS must be a whole number of seconds, at least 5 (got ${process.env.OWE_SCALE_SECONDS})`)
  await adminQuery(`CREATE DATABASE ${dbName}`)
  const url = new URL(adminUrl)
  url.pathname = `/${dbName}`
  const env = {
    DATABASE_URL: url.toString(),
    OWE_SCHEDULER_MS: String(SCHEDULER_MS),
    OWE_AUTH_RATE_LIMIT: '1000000',
    OWE_CHECK_RATE_LIMIT: '1000000',
    OWE_PAYMENT_RATE_LIMIT: '1000000',
    OWE_COMMUNITY_RATE_LIMIT: '1000000',
    // The load comes from this one address but stands for many readers.
    OWE_READ_RATE_LIMIT: '10000000',
    OWE_READ_BURST: '10000000',
    OWE_STATIC_DIR: '.tmp/no-app',
    LOG_LEVEL: 'warn',
    // Renewals charge the built-in test card; no mail or push leaves the machine.
    PAYSTACK_SECRET_KEY: '',
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
    FIREBASE_SERVICE_ACCOUNT: '',
  }
  // At the same moment, on an empty database: they take turns migrating (an advisory lock; without it the
  // second died on "duplicate key … pg_type_typname_nsp_index").
  servers.push(...(await Promise.all(PORTS.map((port) => startServer({ port, env })))))
  database = await openDatabase({ kind: 'postgres', url: url.toString() })
  await prepare()
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()))
  for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true })
  await database?.close()
  if (!adminUrl) return
  // pool.end() resolves before its connections have left; FORCE would then make pg raise on them.
  await new Promise((resolve) => setTimeout(resolve, 500))
  await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
}, 60_000)

const tallies = { 'public read': [], 'sign-in': [], 'quiz answer': [], 'notification poll': [] } as Record<Kind, Tally[]>
const byKind = () => Object.fromEntries(Object.entries(tallies).map(([kind, t]) => [kind, merge(t)])) as Record<Kind, Tally>

test(
  `two servers on one PostgreSQL, both schedulers on, answer ${DURATION_S} s of mixed load with no 5xx`,
  async () => {
    const start = Date.now() + 1000
    await arm(start)
    const before = await databaseStats()
    const perServer = servers.map(
      () => Object.fromEntries(Object.keys(CONNECTIONS).map((kind) => [kind, newTally()])) as Record<Kind, Tally>,
    )
    perServer.forEach((t) => Object.entries(t).forEach(([kind, tally]) => tallies[kind as Kind].push(tally)))

    // Users activated mid-run: both schedulers then race to announce the week to them.
    const waves = [0.1, 0.25, 0.4, 0.55, 0.7].map((at, w, all) => {
      const wave = late.filter((_, i) => i % all.length === w).map((u) => u.id)
      return new Promise<void>((resolve, reject) =>
        setTimeout(
          () =>
            db()
              .update(users)
              .set({ activatedAt: new Date() })
              .where(inArray(users.id, wave))
              .then(() => resolve(), reject),
          at * DURATION_S * 1000,
        ),
      )
    })
    let mostWaiting = 0
    let mostConnections = 0
    const sampler = setInterval(() => {
      lockWaiters().then(
        ({ waiting, connections }) => {
          mostWaiting = Math.max(mostWaiting, waiting)
          mostConnections = Math.max(mostConnections, connections)
        },
        () => undefined,
      )
    }, 1000)

    const began = performance.now()
    await Promise.all(servers.flatMap((server, i) => loadsFor(server, perServer[i])))
    const seconds = (performance.now() - began) / 1000
    clearInterval(sampler)
    await Promise.all(waves)
    const after = await databaseStats()

    const duringLoad = await progress()
    const totals = byKind()
    const perConnections = Object.entries(CONNECTIONS)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')
    console.log(
      [
        '',
        `── ${servers.length} servers on one PostgreSQL: ${seconds.toFixed(1)} s, ${perConnections} connections per server (sign-ins ≤ ${SIGN_INS_PER_SECOND}/s each), schedulers every ${SCHEDULER_MS} ms ──`,
        ...report(totals, seconds),
        ...servers.map(
          (s, i) => `  server ${s.url}: ${countOf(merge(Object.values(perServer[i])))} responses, ${warnings(s).length} warnings logged`,
        ),
        `Scheduled work done by the end of the load: ${duringLoad.text}`,
        `PostgreSQL: at most ${mostWaiting} of ${mostConnections} sessions waiting on a lock (sampled each second); deadlocks ${after.deadlocks - before.deadlocks}, rollbacks ${after.rollbacks - before.rollbacks}`,
        '',
      ].join('\n'),
    )
    for (const [kind, tally] of Object.entries(totals)) {
      expect(fivexx(tally), `${kind}: 5xx responses`).toBe(0)
      expect(tally.errors, `${kind}: connection errors and timeouts`).toBe(0)
      expect(countOf(tally), `${kind}: responses`).toBeGreaterThan(0)
    }
    expect(acknowledged.length).toBeGreaterThan(0)

    // A reminder is due from the start of its minute: after a run shorter than a minute that can be later.
    const deadline = Date.now() + 30_000 + Math.max(0, 60 - DURATION_S) * 1000
    while ((await progress()).outstanding > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, SCHEDULER_MS))
    // A few more runs of both schedulers over work already done: a late duplicate would show now.
    await new Promise((resolve) => setTimeout(resolve, 4 * SCHEDULER_MS))
    const final = await progress()
    console.log(`Scheduled work done in all: ${final.text}`)
    expect(final.outstanding).toBe(0)
  },
  DURATION_S * 1000 + 60_000 + Math.max(0, 60 - DURATION_S) * 1000,
)

test('every scheduled message was made once: no (user, dedupe key) twice, one reminder and one announcement each', async () => {
  const { rows: twice } = await db().execute(sql`
    select user_id, dedupe_key, count(*)::int as n from notifications where dedupe_key is not null group by user_id, dedupe_key having count(*) > 1`)
  expect(twice).toEqual([])

  const ids = readers.map((r) => r.id)
  const sends = await db().select().from(reminderSends).where(inArray(reminderSends.userId, ids))
  expect(sends).toHaveLength(READERS)
  expect(new Set(sends.map((s) => s.userId)).size).toBe(READERS)
  const reminders = await db()
    .select()
    .from(notifications)
    .where(and(inArray(notifications.userId, ids), eq(notifications.kind, 'reminder')))
  expect(reminders.map((n) => n.userId).sort()).toEqual([...ids].sort())
  expect(reminders.every((n) => sends.some((s) => s.userId === n.userId && n.dedupeKey === `reminder:${s.localDate}`))).toBe(true)

  const activated = await db()
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.activatedAt} is not null`)
  expect(activated).toHaveLength(READERS + RENEWING + DECLINING + EXPIRING + LATE)
  const announced = await keyed(`quiz-week:${weekStartOf(new Date())}`)
  expect(announced.map((n) => n.userId).sort()).toEqual(activated.map((u) => u.id).sort())

  const expiries = await db()
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.userId,
        expiring.map((s) => s.userId),
      ),
    )
  expect(
    expiries
      .filter((n) => n.kind === 'subscription')
      .map((n) => n.dedupeKey)
      .sort(),
  ).toEqual(expiring.map((s) => `expiry:${s.packageId}`).sort())
})

test('every due renewal was charged once and made one new year; a declined one turned auto-renew off and told its user once', async () => {
  const all = [...renewing, ...declining]
  const charged = await renewalPayments()
  expect(charged.map((p) => p.reference).sort()).toEqual(all.map((s) => renewalReference({ id: s.packageId, endsAt: s.endsAt })).sort())
  expect(await db().select().from(payments).where(like(payments.reference, 'renew_%'))).toHaveLength(all.length)
  const charges = await db().select().from(testModeCharges).where(like(testModeCharges.reference, 'renew_%'))
  expect(charges).toHaveLength(all.length)

  for (const s of renewing) {
    const payment = charged.find((p) => p.renewsUserPackageId === s.packageId)!
    expect(payment.status).toBe('success')
    const years = await db().select().from(userPackages).where(eq(userPackages.userId, s.userId)).orderBy(userPackages.startsAt)
    expect(years).toHaveLength(2)
    expect(years[1]).toMatchObject({ id: payment.userPackageId, startsAt: s.endsAt, autoRenew: true })
  }
  for (const s of declining) {
    expect(charged.find((p) => p.renewsUserPackageId === s.packageId)!.status).toBe('failed')
    const years = await db().select().from(userPackages).where(eq(userPackages.userId, s.userId))
    expect(years.map((y) => [y.id, y.autoRenew])).toEqual([[s.packageId, false]])
  }
  const told = await db()
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.userId,
        all.map((s) => s.userId),
      ),
    )
  const outcomes = told
    .filter((n) => /^(renewed|renewal-failed):/.test(n.dedupeKey ?? ''))
    .map((n) => n.dedupeKey)
    .sort()
  expect(outcomes).toEqual(
    [...renewing.map((s) => `renewed:${s.packageId}`), ...declining.map((s) => `renewal-failed:${s.packageId}`)].sort(),
  )
})

test('a declined renewal is not also warned about as expiring: its message already says when the plan ends', async () => {
  const told = await db()
    .select()
    .from(notifications)
    .where(
      inArray(
        notifications.userId,
        [...renewing, ...declining].map((s) => s.userId),
      ),
    )
  const expiries = told.filter((n) => n.dedupeKey?.startsWith('expiry:'))
  // When and by what each doubled package was told (createdAt is the scheduler run's moment), for the report.
  const doubled = expiries.map((e) =>
    told
      .filter((n) => n.userId === e.userId && n.kind === 'subscription')
      .map((n) => `${n.dedupeKey} at ${n.createdAt.toISOString()}`)
      .join(' + '),
  )
  expect(doubled).toEqual([])
})

test('every quiz answer acknowledged with 200 is stored once, under its Idempotency-Key', async () => {
  const receipts = await db()
    .select()
    .from(quizReceipts)
    .where(
      inArray(
        quizReceipts.userId,
        players.map((p) => p.id),
      ),
    )
  const stored = new Map(receipts.map((r) => [`${r.userId}:${r.key}`, r]))
  for (const ack of acknowledged) {
    expect(stored.get(`${ack.userId}:${ack.key}`)).toMatchObject({
      batchId: ack.item.batchId,
      questionId: ack.item.ethnicFactQuestionId,
      answerOptionId: ack.item.answerOptionId,
    })
  }
  // Beyond those, at most the answers in flight when the load stopped (one per connection).
  const inFlight = CONNECTIONS['quiz answer'] * servers.length
  expect(receipts.length).toBeGreaterThanOrEqual(acknowledged.length)
  expect(receipts.length).toBeLessThanOrEqual(acknowledged.length + inFlight)
  expect(byKind()['quiz answer'].statuses.get(200)).toBe(acknowledged.length)
})

test('both servers logged no errors and stop on SIGTERM with exit code 0', async () => {
  const errors = servers.flatMap((s) =>
    s
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line)),
  )
  expect(errors).toEqual([])
  for (const s of servers) if (warnings(s).length) console.log(`${s.url} warned:\n${warnings(s).slice(0, 5).join('\n')}`)
  expect(await Promise.all(servers.map((s) => s.stop()))).toEqual(servers.map(() => 0))
})
