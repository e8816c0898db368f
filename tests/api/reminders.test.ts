import { and, asc, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dailyReminders, notifications, paymentMethods, reminderSends, userPackages, users } from '../../server/src/db/schema'
import { createNotifier, type Notifier } from '../../server/src/services/notify'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { todaysProverbs } from '../../server/src/services/proverbs'
import { API } from '../../src/core/http/api-paths'
import type { EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import { call, DAY, get, groupsBySlug, memberOf, plansByName, post, testClock } from '../support/accounts'
import { recordingPush } from '../support/recording-push'
import { createTestApp } from '../support/test-app'

const clock = testClock('2026-11-23T00:00:00Z')
const push = recordingPush()
let ctx: Awaited<ReturnType<typeof createTestApp>>
let groups: Record<string, EthnicGroup>
let plans: Record<string, Plan>
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
  groups = await groupsBySlug(ctx.app)
  plans = await plansByName(ctx.app)
  servers = [instance(), instance()]
})
afterAll(() => ctx.close())

type Member = Awaited<ReturnType<typeof memberOf>>

/** Two server instances: each its own scheduler and notifier, one database. */
const instance = (notifier?: Notifier) =>
  createScheduler({
    log: ctx.app.log,
    now: clock.now,
    intervalMs: 0,
    jobs: scheduledJobs({ db: ctx.database.db, notifier: notifier ?? createNotifier({ db: ctx.database.db, push, log: ctx.app.log }) }),
  })
let servers: ReturnType<typeof instance>[]

/** Both instances run their due work at the same moment. */
async function runBoth(iso: string) {
  clock.set(iso)
  return Promise.all(servers.map((s) => s.runDue(clock.now())))
}

/** A signed-in member with a push device named after them. */
async function member(slugs: string[] = []) {
  const m = await memberOf(ctx.app, ctx.database.db, { languages: slugs.map((s) => groups[s].id) })
  expect((await post(ctx.app, API.deviceSave, { device_type: 'WEB', device_token: deviceOf(m) }, m.token)).status).toBe(200)
  return m
}
const deviceOf = (m: Member) => `device-of-${m.user.id}`
/** The pushes a member's device got, of one kind of message (by its title) or all. */
const pushesTo = (m: Member, title?: string) =>
  push.calls.filter((c) => c.token === deviceOf(m) && (!title || c.data.title === title)).map((c) => c.data)
const QUIZ_WEEK = 'This week’s quizzes are ready'
const REMINDER = 'Today’s proverb'
const EXPIRY = 'Your subscription ends soon'

const messagesOf = (m: Member, kind: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id))
const sendsOf = (m: Member) =>
  ctx.database.db.select().from(reminderSends).where(eq(reminderSends.userId, m.user.id)).orderBy(asc(reminderSends.localDate))

const putReminder = (m: Member, body: unknown) => call(ctx.app, 'PUT', API.dailyReminder, { payload: body, token: m.token })

/** The proverb a reminder's link names. */
const slugOf = (url: string | null) => new URL(url!, 'http://x').searchParams.get('proverb')
const picks = (date: string) => todaysProverbs(ctx.database.db, date)
const pickOf = async (date: string, slug: string) => (await picks(date)).find((p) => p.ethnic.slug === slug)!
/** `badge`: the reader's unread messages (and cards due) once this one is stored. */
const reminderPush = (p: Proverb, badge: number) => ({
  title: 'Today’s proverb',
  body: `${p.proverb} — ${p.transliteration}`.slice(0, 180),
  url: `/search_result?proverb=${encodeURIComponent(p.slug)}`,
  badge,
})

test('the daily reminder is off until set, and is read back as set', async () => {
  clock.set('2026-11-23T00:00:00Z')
  const m = await member()
  expect((await get(ctx.app, API.dailyReminder, m.token)).body).toEqual({ data: { time: null, timeZone: 'UTC' } })
  const set = await putReminder(m, { time: '07:30', timeZone: 'Africa/Lagos' })
  expect(set.status).toBe(200)
  expect(set.body).toEqual({ data: { time: '07:30', timeZone: 'Africa/Lagos' } })
  expect((await get(ctx.app, API.dailyReminder, m.token)).body).toEqual({ data: { time: '07:30', timeZone: 'Africa/Lagos' } })
  for (const [time, timeZone] of [
    ['00:00', 'UTC'],
    ['23:59', 'America/Toronto'],
    ['12:05', 'Asia/Kolkata'],
  ]) {
    expect((await putReminder(m, { time, timeZone })).body).toEqual({ data: { time, timeZone } })
  }
  const [row] = await ctx.database.db.select().from(dailyReminders).where(eq(dailyReminders.userId, m.user.id))
  expect(row).toMatchObject({ minuteOfDay: 12 * 60 + 5, timeZone: 'Asia/Kolkata' })
  // Off: the row goes, and the zone need not be sent.
  expect((await putReminder(m, { time: null })).body).toEqual({ data: { time: null, timeZone: 'UTC' } })
  expect(await ctx.database.db.select().from(dailyReminders).where(eq(dailyReminders.userId, m.user.id))).toEqual([])
  expect((await putReminder(m, { time: null, timeZone: 'Africa/Lagos' })).status).toBe(200)
})

test('a reminder with a bad time or an unknown zone is a 400 with a message', async () => {
  const m = await member()
  const TIME = 'Enter the time as HH:MM, from 00:00 to 23:59.'
  const ZONE = 'Choose a time zone from the list, such as Africa/Lagos.'
  const cases: [unknown, string][] = [
    [{ time: '24:00', timeZone: 'UTC' }, TIME],
    [{ time: '7:30', timeZone: 'UTC' }, TIME],
    [{ time: '07:60', timeZone: 'UTC' }, TIME],
    [{ time: '0730', timeZone: 'UTC' }, TIME],
    [{ time: '07:30:00', timeZone: 'UTC' }, TIME],
    [{ time: 730, timeZone: 'UTC' }, TIME],
    [{ timeZone: 'UTC' }, TIME],
    [{ time: '07:30' }, ZONE],
    [{ time: '07:30', timeZone: '' }, ZONE],
    [{ time: '07:30', timeZone: 'Mars/Olympus' }, ZONE],
    // Intl takes any spelling; the database knows the zone only by its exact name.
    [{ time: '07:30', timeZone: 'africa/lagos' }, ZONE],
    [{ time: '07:30', timeZone: 'Africa/Lagos'.padEnd(65, '/') }, ZONE],
    [{ time: '07:30', timeZone: 1 }, ZONE],
    [{ time: '07:30', timeZone: 'Africa/Lagos\u0000' }, '"timeZone" contains control characters.'],
    [['07:30', 'UTC'], 'Send a JSON object.'],
  ]
  for (const [payload, message] of cases) {
    const res = await putReminder(m, payload)
    expect(res.status, JSON.stringify(payload)).toBe(400)
    expect(res.body.error.message, JSON.stringify(payload)).toBe(message)
  }
  expect((await get(ctx.app, API.dailyReminder, m.token)).body).toEqual({ data: { time: null, timeZone: 'UTC' } })
})

test("the week's quizzes are announced once per activated user per week, however many servers run", async () => {
  clock.set('2026-11-22T12:00:00Z')
  const a = await member()
  const b = await member()
  const [dormant] = await ctx.database.db
    .insert(users)
    .values({ email: `dormant-${Date.now()}@example.com`, passwordHash: 'x', firstName: 'Not', lastName: 'Activated' })
    .returning()

  await runBoth('2026-11-23T00:05:00Z')
  for (const m of [a, b]) {
    const messages = await messagesOf(m, 'quiz-week')
    expect(messages.map((n) => [n.title, n.url, n.dedupeKey])).toEqual([[QUIZ_WEEK, '/quiz', 'quiz-week:2026-11-23']])
    expect(messages[0].body).toBe('New quizzes for the week of 23 November are waiting. Play them to climb the leaderboard.')
    // The badge: this one unread message.
    expect(pushesTo(m, QUIZ_WEEK)).toEqual([{ title: QUIZ_WEEK, body: messages[0].body, url: '/quiz', badge: 1 }])
  }
  const dormantMessages = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, dormant.id))
  expect(dormantMessages).toEqual([])

  // Later in the same week, on either server: nothing new.
  await runBoth('2026-11-26T10:00:00Z')
  await runBoth('2026-11-29T23:59:00Z')
  for (const m of [a, b]) expect(await messagesOf(m, 'quiz-week')).toHaveLength(1)

  // The next week is announced again.
  await runBoth('2026-11-30T00:00:00Z')
  for (const m of [a, b]) {
    expect((await messagesOf(m, 'quiz-week')).map((n) => n.dedupeKey)).toEqual(['quiz-week:2026-11-23', 'quiz-week:2026-11-30'])
    expect(pushesTo(m, QUIZ_WEEK)).toHaveLength(2)
  }
})

test('the daily reminder reaches each user once a day at their own local time, in two time zones', async () => {
  clock.set('2026-12-01T00:00:00Z')
  const lagos = await member(['yoruba'])
  const toronto = await member(['igbo'])
  expect((await putReminder(lagos, { time: '07:30', timeZone: 'Africa/Lagos' })).status).toBe(200) // 06:30 UTC
  expect((await putReminder(toronto, { time: '07:30', timeZone: 'America/Toronto' })).status).toBe(200) // 12:30 UTC in winter

  await runBoth('2026-12-01T06:29:00Z')
  expect(await sendsOf(lagos)).toEqual([])

  const reports = await runBoth('2026-12-01T06:30:00Z')
  expect(reports.map((r) => r.reminders).reduce((x, y) => x + y)).toBe(1)
  const [first] = await messagesOf(lagos, 'reminder')
  const yoruba = await pickOf('2026-12-01', 'yoruba')
  expect(first).toMatchObject({
    title: 'Today’s proverb',
    dedupeKey: 'reminder:2026-12-01',
    url: `/search_result?proverb=${encodeURIComponent(yoruba.slug)}`,
  })
  expect(first.body).toBe(`${yoruba.proverb} — ${yoruba.transliteration}`)
  expect(pushesTo(lagos, REMINDER)).toEqual([reminderPush(yoruba, 2)])
  expect((await sendsOf(lagos)).map((s) => [s.localDate, s.sentAt.toISOString()])).toEqual([['2026-12-01', '2026-12-01T06:30:00.000Z']])
  expect(await messagesOf(toronto, 'reminder')).toEqual([])

  await runBoth('2026-12-01T09:00:00Z')
  await runBoth('2026-12-01T12:29:00Z')
  expect(await messagesOf(lagos, 'reminder')).toHaveLength(1)
  expect(await messagesOf(toronto, 'reminder')).toEqual([])

  await runBoth('2026-12-01T12:30:00Z')
  const igbo = await pickOf('2026-12-01', 'igbo')
  expect((await messagesOf(toronto, 'reminder')).map((n) => [n.dedupeKey, slugOf(n.url)])).toEqual([['reminder:2026-12-01', igbo.slug]])
  expect(pushesTo(toronto, REMINDER)).toEqual([reminderPush(igbo, 2)])
  await runBoth('2026-12-01T15:00:00Z')
  await runBoth('2026-12-01T23:59:00Z')
  expect(await messagesOf(lagos, 'reminder')).toHaveLength(1)
  expect(await messagesOf(toronto, 'reminder')).toHaveLength(1)

  // The next day, again, with that day's proverb.
  await runBoth('2026-12-02T06:30:00Z')
  await runBoth('2026-12-02T12:31:00Z')
  expect((await messagesOf(lagos, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-01', 'reminder:2026-12-02'])
  expect((await messagesOf(toronto, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-01', 'reminder:2026-12-02'])
  expect(slugOf((await messagesOf(lagos, 'reminder'))[1].url)).toBe((await pickOf('2026-12-02', 'yoruba')).slug)
  expect((await sendsOf(toronto)).map((s) => s.localDate)).toEqual(['2026-12-01', '2026-12-02'])
  expect(pushesTo(lagos, REMINDER)).toHaveLength(2)
  expect(pushesTo(toronto, REMINDER)).toHaveLength(2)
})

test('a reminder more than 3 hours late is skipped; up to 3 hours late it is sent', async () => {
  clock.set('2026-12-03T00:00:00Z')
  const m = await member(['hausa'])
  await putReminder(m, { time: '07:30', timeZone: 'Africa/Lagos' }) // due 06:30 UTC
  await runBoth('2026-12-03T09:31:00Z')
  expect(await sendsOf(m)).toEqual([])
  expect(await messagesOf(m, 'reminder')).toEqual([])
  await runBoth('2026-12-04T09:30:00Z')
  expect((await messagesOf(m, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-04'])
  expect((await sendsOf(m)).map((s) => s.localDate)).toEqual(['2026-12-04'])
})

test('a late-evening reminder missed by a restart is still sent just after midnight, for the day it belonged to', async () => {
  clock.set('2026-12-05T12:00:00Z')
  const m = await member(['akan'])
  await putReminder(m, { time: '23:30', timeZone: 'UTC' })
  await runBoth('2026-12-06T00:10:00Z')
  expect((await messagesOf(m, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-05'])
  await runBoth('2026-12-06T23:30:00Z')
  expect((await messagesOf(m, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-05', 'reminder:2026-12-06'])
})

test('a time chosen after it has passed today waits for tomorrow', async () => {
  clock.set('2026-12-07T09:00:00Z')
  const m = await member(['zulu'])
  await putReminder(m, { time: '08:00', timeZone: 'UTC' })
  await runBoth('2026-12-07T09:01:00Z')
  expect(await messagesOf(m, 'reminder')).toEqual([])
  await runBoth('2026-12-08T08:00:00Z')
  expect((await messagesOf(m, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-08'])
})

test("the proverb comes from the user's groups in turn, day by day, or from any group when they chose none", async () => {
  clock.set('2026-12-09T00:00:00Z')
  const two = await member(['zulu', 'amharic'])
  const none = await member()
  for (const m of [two, none]) await putReminder(m, { time: '06:00', timeZone: 'UTC' })
  await runBoth('2026-12-09T06:00:00Z')
  await runBoth('2026-12-10T06:00:00Z')
  const groupOf = async (date: string, url: string | null) => (await picks(date)).find((p) => p.slug === slugOf(url))?.ethnic.slug
  const [day1, day2] = await messagesOf(two, 'reminder')
  expect(new Set([await groupOf('2026-12-09', day1.url), await groupOf('2026-12-10', day2.url)])).toEqual(new Set(['zulu', 'amharic']))
  const anyGroup = await messagesOf(none, 'reminder')
  expect(anyGroup).toHaveLength(2)
  expect(await groupOf('2026-12-09', anyGroup[0].url)).toEqual(expect.any(String))
})

test('a plan that will not renew is announced once, three days before it ends', async () => {
  clock.set('2026-12-11T12:00:00Z')
  const day = (days: number) => new Date(clock.now().getTime() + days * DAY)
  const give = async (m: Member, plan: string, startsIn: number, endsIn: number, autoRenew = false) => {
    // A plan renews only with a saved card to charge.
    const [method] = autoRenew
      ? await ctx.database.db
          .insert(paymentMethods)
          .values({ userId: m.user.id, provider: 'test', token: `test_auth_reminders_${m.user.id}` })
          .returning()
      : []
    const [row] = await ctx.database.db
      .insert(userPackages)
      .values({
        userId: m.user.id,
        packageId: plans[plan].id,
        startsAt: day(startsIn),
        endsAt: day(endsIn),
        autoRenew,
        paymentMethodId: method?.id ?? null,
      })
      .returning()
    return row
  }
  const ending = await member()
  const endingPackage = await give(ending, 'Gold', -300, 2)
  const lagos = await member()
  await putReminder(lagos, { time: '08:00', timeZone: 'Africa/Lagos' })
  const lagosPackage = await ctx.database.db
    .insert(userPackages)
    .values({ userId: lagos.user.id, packageId: plans.Silver.id, startsAt: day(-30), endsAt: new Date('2026-12-13T23:30:00Z') })
    .returning()
  const renewing = await member()
  await give(renewing, 'Gold', -300, 2, true)
  const later = await member()
  await give(later, 'Gold', -300, 5)
  const boughtAhead = await member()
  await give(boughtAhead, 'Gold', -300, 2)
  await give(boughtAhead, 'Platinum', 2, 367)
  const lapsed = await member()
  await give(lapsed, 'Gold', -300, -1)

  await runBoth('2026-12-11T12:00:00Z')
  const [notice] = await messagesOf(ending, 'subscription')
  expect(notice).toMatchObject({
    title: 'Your subscription ends soon',
    body: 'Your Gold plan ends on 13 December 2026. Renew it to keep all your peoples offline and quizzed, with no adverts.',
    url: '/pricing',
    dedupeKey: `expiry:${endingPackage.id}`,
  })
  expect(pushesTo(ending, EXPIRY)).toEqual([{ title: EXPIRY, body: notice.body, url: '/pricing', badge: 2 }])
  // The end date is told in the user's own zone when we know it: 23:30 UTC is past midnight in Lagos.
  expect((await messagesOf(lagos, 'subscription')).map((n) => [n.body, n.dedupeKey])).toEqual([
    [
      'Your Silver plan ends on 14 December 2026. Renew it to keep all your peoples offline and quizzed, with no adverts.',
      `expiry:${lagosPackage[0].id}`,
    ],
  ])
  for (const m of [renewing, later, boughtAhead, lapsed]) expect(await messagesOf(m, 'subscription')).toEqual([])

  await runBoth('2026-12-12T12:00:00Z')
  expect(await messagesOf(ending, 'subscription')).toHaveLength(1)
  expect(pushesTo(ending, EXPIRY)).toHaveLength(1)
  // The later plan comes into the window in its turn.
  await runBoth('2026-12-13T13:00:00Z')
  expect(await messagesOf(later, 'subscription')).toHaveLength(1)
})

test('a failing job is logged, the others still run, and the timer carries on', async () => {
  clock.set('2026-12-15T00:00:00Z')
  const m = await member(['kiswahili'])
  await putReminder(m, { time: '07:00', timeZone: 'UTC' })
  const errors: unknown[][] = []
  const log = Object.assign(Object.create(ctx.app.log) as FastifyBaseLogger, { error: (...args: unknown[]) => void errors.push(args) })
  const real = createNotifier({ db: ctx.database.db, push, log: ctx.app.log })
  const broken: Notifier = { notify: real.notify, notifyAll: () => Promise.reject(new Error('database went away')) }
  const scheduler = createScheduler({ log, now: clock.now, intervalMs: 20, jobs: scheduledJobs({ db: ctx.database.db, notifier: broken }) })

  clock.set('2026-12-15T07:00:00Z')
  await expect(scheduler.runDue(clock.now())).rejects.toThrow(AggregateError)
  expect(errors).toHaveLength(1)
  expect(errors[0][1]).toBe('scheduled job failed')
  expect((await messagesOf(m, 'reminder')).map((n) => n.dedupeKey)).toEqual(['reminder:2026-12-15'])

  scheduler.start()
  await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3)
  await scheduler.stop()
  const seen = errors.length
  await new Promise((resolve) => setTimeout(resolve, 60))
  expect(errors.length).toBe(seen)
})

test('the app runs the scheduler when OWE_SCHEDULER_MS is set and stops it on close', async () => {
  const own = await createTestApp({ OWE_SCHEDULER_MS: '50' })
  try {
    const m = await memberOf(own.app, own.database.db)
    const announced = () =>
      own.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.user.id), eq(notifications.kind, 'quiz-week')))
    await expect.poll(async () => (await announced()).length, { timeout: 5000, interval: 50 }).toBe(1)
  } finally {
    await own.close()
  }
})
