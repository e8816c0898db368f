import { randomUUID } from 'node:crypto'
import { count, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { EVENT_BATCH_MAX, SIGNUP_STEPS, type AnalyticsEvent, type Insights } from '../../src/core/analytics/contract'
import { ANALYTICS_API_TEXTS as T } from '../../src/core/analytics/texts'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import { CLOCK_AHEAD } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { analyticsDaily, analyticsEvents, analyticsSecrets, jobRuns, payments, proverbs, rateLimits } from '../../server/src/db/schema'
import { rollUpAnalytics } from '../../server/src/features/analytics/rollup'
import { BODY_LIMITS } from '../../server/src/http/body-limits'
import { ADMIN_ONLY } from '../../server/src/http/admin-guard'
import { scheduledJobs } from '../../server/src/jobs'
import { createNotifier } from '../../server/src/services/notify'
import { createScheduler } from '../../server/src/services/scheduler'
import { adminOf, call, get, groupsBySlug, memberOf, MINUTE, nextClient, put, testClock } from '../support/accounts'
import { recordingPush } from '../support/recording-push'
import { createTestApp } from '../support/test-app'

/**
 * Page-view analytics (docs/requirements.md#r17-analytics, ADR 018): the collector, the daily roll-up and
 * retention, the visitor hash, trending by views and likes, and the console's Insights. Two apps, each on
 * a fresh database with its own clock: one for what the collector takes and refuses, one for what is
 * counted from it.
 */

type App = Awaited<ReturnType<typeof createTestApp>>
const RATE_LIMIT = 6
const collectorClock = testClock('2026-11-25T10:00:00Z')
const countsClock = testClock('2026-12-08T12:00:00Z')
let collector: App
let counts: App
beforeAll(async () => {
  collector = await createTestApp({ OWE_EVENT_RATE_LIMIT: String(RATE_LIMIT) }, collectorClock.now)
  counts = await createTestApp({}, countsClock.now)
})
afterAll(async () => {
  await collector.close()
  await counts.close()
})

const UA = 'Mozilla/5.0 (Linux; Android 14; Tecno) Chrome/131 Mobile'

/** An event of the app's, made now on the given clock unless told. */
function event(clock: { now: () => Date }, overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return { id: randomUUID(), type: 'page_view', at: clock.now().toISOString(), path: '/', ...overrides }
}

type Sent = { address?: string; userAgent?: string; headers?: Record<string, string> }

function send(app: App, body: unknown, { address = nextClient(), userAgent = UA, headers = {} }: Sent = {}) {
  return call(app.app, 'POST', API.events, { payload: body, remoteAddress: address, headers: { 'user-agent': userAgent, ...headers } })
}

const stored = async (app: App) => (await app.database.db.select({ n: count() }).from(analyticsEvents))[0].n
const rowOf = async (app: App, id: string) => (await app.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.id, id)))[0]

describe('the collector', () => {
  test('keeps each event once, dated when it happened on the device, and answers 202 with what was new; no cookie either way', async () => {
    collectorClock.set('2026-11-25T10:00:00Z')
    const events = [
      event(collectorClock, { at: '2026-11-25T09:59:30.250Z', path: '/search_result', slug: 'yoruba-omi-ni-a-bu-won-ki-a-to-a1b2c3' }),
      event(collectorClock, {
        type: 'proverb_view',
        at: '2026-11-24T21:15:00Z',
        path: '/search_result',
        slug: 'igbo-egbe-bere-ugo-bere-0f0e0d',
      }),
      event(collectorClock, { type: 'search', at: '2026-11-25T10:30:00+01:00', path: '/search_result', q: '  Omi   Tutu ', results: 3 }),
    ]
    const first = await send(collector, { events }, { headers: { cookie: 'owe_session=abc' } })
    expect(first.status).toBe(202)
    expect(first.body).toEqual({ data: { accepted: 3, duplicates: 0, stale: 0 } })
    expect(first.headers['set-cookie']).toBeUndefined()

    const view = await rowOf(collector, events[1].id)
    expect(view).toMatchObject({ type: 'proverb_view', day: '2026-11-24', path: '/search_result', slug: 'igbo-egbe-bere-ugo-bere-0f0e0d' })
    expect(view.at.toISOString()).toBe('2026-11-24T21:15:00.000Z')
    expect(view.receivedAt.toISOString()).toBe('2026-11-25T10:00:00.000Z')
    expect((await rowOf(collector, events[0].id)).at.toISOString()).toBe('2026-11-25T09:59:30.250Z')
    // The words searched are counted as one search however they were spaced or capitalised.
    expect(await rowOf(collector, events[2].id)).toMatchObject({ q: 'omi tutu', results: 3, day: '2026-11-25' })

    const again = await send(collector, { events })
    expect(again.status).toBe(202)
    expect(again.body).toEqual({ data: { accepted: 0, duplicates: 3, stale: 0 } })
    for (const { id } of events) expect(await rowOf(collector, id)).toBeDefined()
    const ids = events.map(({ id }) => id)
    const kept = await collector.database.db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(sql`${analyticsEvents.id} in (${sql.join(ids, sql`, `)})`)
    expect(kept[0].n).toBe(3)
  })

  test('an event twice in one batch is kept once and counted as a duplicate; ids are kept in lower case', async () => {
    const repeated = event(collectorClock)
    const upper = event(collectorClock, { id: randomUUID().toUpperCase() })
    const reply = await send(collector, { events: [repeated, repeated, upper, { ...upper, id: upper.id.toLowerCase() }] })
    expect(reply.body).toEqual({ data: { accepted: 2, duplicates: 2, stale: 0 } })
    expect(await rowOf(collector, upper.id.toLowerCase())).toBeDefined()
  })

  test('a field its type does not name is not stored; only what the type names is', async () => {
    const view = event(collectorClock, { type: 'page_view', results: 12, currency: 'USD', detail: 'link', ethnic: 'yoruba' })
    const quiz = event(collectorClock, { type: 'quiz_start', path: '/quiz/:batchId', slug: 'yoruba-x' })
    const paid = event(collectorClock, { type: 'checkout_paid', path: '/pricing', currency: 'NGN', detail: 'Gold', q: 'gold' })
    expect((await send(collector, { events: [view, quiz, paid] })).body.data.accepted).toBe(3)
    expect(await rowOf(collector, view.id)).toMatchObject({ ethnic: 'yoruba', results: null, currency: null, detail: null })
    expect(await rowOf(collector, quiz.id)).toMatchObject({ path: '/quiz/:batchId', slug: null })
    expect(await rowOf(collector, paid.id)).toMatchObject({ currency: 'NGN', detail: 'Gold', q: null })
  })

  const good = () => event(collectorClock)
  /** A batch whose second event is `bad`: the whole batch is refused, the good event with it. */
  const withBad = (bad: Record<string, unknown> | string) => () => ({
    events: [good(), typeof bad === 'string' ? bad : { ...good(), ...bad }],
  })
  const refused: [string, () => unknown, string][] = [
    ['a list instead of an object', () => [good()], 'Send a JSON object.'],
    ['no events', () => ({}), T.batch],
    ['events that are not a list', () => ({ events: good() }), T.batch],
    ['a field beside the events', () => ({ events: [good()], sentAt: 'now' }), T.batch],
    ['an empty batch', () => ({ events: [] }), T.batchEmpty],
    [`more than ${EVENT_BATCH_MAX} events`, () => ({ events: Array.from({ length: EVENT_BATCH_MAX + 1 }, good) }), T.batchTooLarge],
    ['an event that is not an object', withBad('page_view'), T.event('events[1]')],
    ['an unknown type', withBad({ type: 'click' }), T.type('events[1].type')],
    ['an unknown field', withBad({ referrer: 'https://example.org' }), T.unknownField('events[1]', 'referrer')],
    ['a number sent as text', withBad({ type: 'search', q: 'omi', results: '3' }), T.results('events[1].results')],
    ['a fraction of a result', withBad({ type: 'search', q: 'omi', results: 1.5 }), T.results('events[1].results')],
    ['a negative count', withBad({ type: 'search', q: 'omi', results: -1 }), T.results('events[1].results')],
    ['an id that is not a UUID', withBad({ id: 'event-1' }), T.id('events[1].id')],
    ['a time that is not ISO 8601', withBad({ at: '25/11/2026 10:00' }), T.at('events[1].at')],
    ['a time without its offset', withBad({ at: '2026-11-25T10:00:00' }), T.at('events[1].at')],
    ['a day that does not exist', withBad({ at: '2026-02-30T10:00:00Z' }), T.at('events[1].at')],
    ['a time as a number', withBad({ at: Date.parse('2026-11-25T10:00:00Z') }), T.at('events[1].at')],
    ['an address with its query', withBad({ path: '/search_result?q=omi' }), T.path('events[1].path')],
    ['a full URL', withBad({ path: 'https://owe.example/' }), T.path('events[1].path')],
    ['a slug with spaces', withBad({ slug: 'not a slug' }), T.slug('events[1].slug')],
    ['a slug too long', withBad({ slug: 'a'.repeat(161) }), T.slug('events[1].slug')],
    ['words searched too long', withBad({ type: 'search', q: 'o'.repeat(201), results: 0 }), T.q('events[1].q')],
    ['words searched that are only spaces', withBad({ type: 'search', q: '   ', results: 0 }), T.q('events[1].q')],
    ['a search without its result count', withBad({ type: 'search', q: 'omi' }), T.needs('events[1]', 'search', 'results')],
    ['a proverb view without its slug', withBad({ type: 'proverb_view' }), T.needs('events[1]', 'proverb_view', 'slug')],
    ['a checkout without its currency', withBad({ type: 'checkout_start' }), T.needs('events[1]', 'checkout_start', 'currency')],
    ['a currency in lower case', withBad({ type: 'checkout_start', currency: 'usd' }), T.currency('events[1].currency')],
    ['a sign-up step that is not one', withBad({ type: 'signup_step', detail: '6' }), T.signupStep('events[1].detail')],
    ['a share method that is not one', withBad({ type: 'share', slug: 'x', detail: 'fax' }), T.shareMethod('events[1].detail')],
    ['a detail with markup', withBad({ type: 'checkout_start', currency: 'USD', detail: '<b>Gold</b>' }), T.detail('events[1].detail')],
    ['control characters', withBad({ type: 'search', q: 'omi\u0000', results: 0 }), '"events" contains control characters.'],
  ]
  test.each(refused)('%s is a 400 with a message, and nothing of the batch is stored', async (_name, body, message) => {
    const before = await stored(collector)
    const reply = await send(collector, body())
    expect(reply.status).toBe(400)
    expect(reply.body.error.code).toBe('bad_request')
    expect(reply.body.error.message).toBe(message)
    expect(await stored(collector)).toBe(before)
  })

  test('a body that is not JSON is a 400, and one over its limit a 413, both with a message and nothing stored', async () => {
    const before = await stored(collector)
    const broken = await collector.app.inject({
      method: 'POST',
      url: API.events,
      headers: { 'content-type': 'application/json' },
      payload: '{"events": [',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json()).toEqual({ error: { code: 'bad_request', message: 'The body is not valid JSON.' } })
    const huge = await send(collector, {
      events: [event(collectorClock, { type: 'search', q: 'o'.repeat(BODY_LIMITS.events), results: 0 })],
    })
    expect(huge.status).toBe(413)
    expect(huge.body).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large.' } })
    expect(await stored(collector)).toBe(before)
  })

  test('the largest valid batch, every field at its longest, fits the body limit', async () => {
    const longest = () =>
      event(collectorClock, {
        path: `/${'p'.repeat(199)}`,
        slug: 's'.repeat(160),
        q: '"ሀ'.repeat(100),
        results: 1_000_000,
        ethnic: 'e'.repeat(160),
        detail: 'd'.repeat(60),
        currency: 'USD',
      })
    const body = { events: Array.from({ length: EVENT_BATCH_MAX }, longest) }
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(BODY_LIMITS.events)
    const reply = await send(collector, body)
    expect(reply.status).toBe(202)
    expect(reply.body.data.accepted).toBe(EVENT_BATCH_MAX)
  })

  test('an event dated more than five minutes ahead of the server makes the batch a 400 coded clock_ahead, dated by the server’s clock, stored not at all; a little ahead is taken', async () => {
    collectorClock.set('2026-11-25T12:00:00Z')
    const before = await stored(collector)
    const ahead = event(collectorClock, { at: new Date(collectorClock.now().getTime() + 5 * MINUTE + 1000).toISOString() })
    const reply = await send(collector, { events: [event(collectorClock), ahead] })
    expect(reply.status).toBe(400)
    expect(reply.body.error).toEqual({ code: CLOCK_AHEAD, message: T.future(ahead.id), fields: { events: T.future(ahead.id) } })
    expect(reply.headers.date).toBe('Wed, 25 Nov 2026 12:00:00 GMT')
    expect(await stored(collector)).toBe(before)

    const slightly = event(collectorClock, { at: new Date(collectorClock.now().getTime() + 4 * MINUTE).toISOString() })
    expect((await send(collector, { events: [slightly] })).body).toEqual({ data: { accepted: 1, duplicates: 0, stale: 0 } })
  })

  test('an event older than the retention window is not stored and is counted as stale', async () => {
    collectorClock.set('2026-11-25T12:00:00Z')
    const tooOld = event(collectorClock, { at: '2026-10-25T23:59:59Z' })
    const oldestKept = event(collectorClock, { at: '2026-10-26T00:00:00Z' })
    const reply = await send(collector, { events: [tooOld, oldestKept] })
    expect(reply.body).toEqual({ data: { accepted: 1, duplicates: 0, stale: 1 } })
    expect(await rowOf(collector, tooOld.id)).toBeUndefined()
    expect(await rowOf(collector, oldestKept.id)).toMatchObject({ day: '2026-10-26' })
  })

  test('Do Not Track and Global Privacy Control: answered 202, nothing stored, not even a rate-limit count', async () => {
    const limitRows = async () =>
      (await collector.database.db.select({ n: count() }).from(rateLimits).where(like(rateLimits.key, 'events:%')))[0].n
    const before = { events: await stored(collector), limits: await limitRows() }
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const batch = [event(collectorClock), event(collectorClock, { type: 'install' })]
      const reply = await send(collector, { events: batch }, { headers })
      expect(reply.status).toBe(202)
      expect(reply.body).toEqual({ data: { accepted: 0, duplicates: 0, stale: 0 } })
      for (const { id } of batch) expect(await rowOf(collector, id)).toBeUndefined()
    }
    expect({ events: await stored(collector), limits: await limitRows() }).toEqual(before)
    // DNT: 0 is no objection.
    expect((await send(collector, { events: [event(collectorClock)] }, { headers: { dnt: '0' } })).body.data.accepted).toBe(1)
  })

  test(`one address may send ${RATE_LIMIT} batches a minute; the next is a 429 with a message, other addresses go on`, async () => {
    collectorClock.set('2026-11-25T13:00:00Z')
    const address = nextClient()
    for (let i = 0; i < RATE_LIMIT; i++) expect((await send(collector, { events: [event(collectorClock)] }, { address })).status).toBe(202)
    const before = await stored(collector)
    const refusedBatch = event(collectorClock)
    const flood = await send(collector, { events: [refusedBatch] }, { address })
    expect(flood.status).toBe(429)
    expect(flood.body.error).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please wait 1 minute and try again.' })
    expect(flood.headers['retry-after']).toBe('60')
    expect(await stored(collector)).toBe(before)
    expect((await send(collector, { events: [event(collectorClock)] })).status).toBe(202)
    collectorClock.advance(MINUTE)
    expect((await send(collector, { events: [refusedBatch] }, { address })).body.data.accepted).toBe(1)
  })

  test('a visitor is a hash of the day’s secret, address and browser: two browsers are two visitors, and the secret rotates by day', async () => {
    collectorClock.set('2026-11-27T08:00:00Z')
    const address = '198.51.100.23'
    const otherBrowser = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Firefox/133.0'
    const visitorOf = async (at: string, userAgent = UA) => {
      const sent = event(collectorClock, { at })
      expect((await send(collector, { events: [sent] }, { address, userAgent })).body.data.accepted).toBe(1)
      return (await rowOf(collector, sent.id)).visitor
    }
    const monday = await visitorOf('2026-11-27T07:00:00Z')
    expect(monday).toMatch(/^[0-9a-f]{16}$/)
    expect(await visitorOf('2026-11-27T07:30:00Z')).toBe(monday)
    expect(await visitorOf('2026-11-27T07:45:00Z', otherBrowser)).not.toBe(monday)

    collectorClock.set('2026-11-28T08:00:00Z')
    const tuesday = await visitorOf('2026-11-28T07:00:00Z')
    expect(tuesday).not.toBe(monday)
    // Made offline yesterday, sent today: yesterday's visitor while yesterday's secret is kept.
    expect(await visitorOf('2026-11-27T22:00:00Z')).toBe(monday)

    // The daily job deletes the secrets of days that have passed; a late event then counts for today's visitor.
    await rollUpAnalytics(collector.database.db, collectorClock.now(), 30)
    expect((await collector.database.db.select({ day: analyticsSecrets.day }).from(analyticsSecrets)).map(({ day }) => day)).toEqual([
      '2026-11-28',
    ])
    expect(await visitorOf('2026-11-27T23:00:00Z')).toBe(tuesday)
  })

  test('no address or user agent is kept anywhere the collector writes, the rate limit included', async () => {
    const address = '203.0.113.99'
    const userAgent = 'Mozilla/5.0 (Linux; Android 13; itel A70) UniqueBrowser/7.7'
    collectorClock.set('2026-11-28T09:00:00Z')
    await send(
      collector,
      { events: [event(collectorClock), event(collectorClock, { type: 'search', q: 'ilé', results: 2 })] },
      { address, userAgent },
    )
    const text = async (table: string) =>
      (await collector.database.db.execute<{ row: string }>(sql.raw(`select row_to_json(t)::text as row from ${table} t`))).rows
        .map(({ row }) => row)
        .join('\n')
    const expectNoneIn = async (tables: string[]) => {
      for (const table of tables) {
        const contents = await text(table)
        expect(contents.length, table).toBeGreaterThan(0)
        expect(contents, table).not.toContain(address)
        expect(contents, table).not.toContain('UniqueBrowser')
      }
    }
    await expectNoneIn(['analytics_events', 'analytics_secrets', 'rate_limits'])
    await rollUpAnalytics(collector.database.db, new Date('2026-11-29T00:05:00Z'), 30)
    await expectNoneIn(['analytics_daily'])
  })
})

describe('what is counted', () => {
  const db = () => counts.database.db
  const at = (iso: string, overrides: Partial<AnalyticsEvent> = {}) => event(countsClock, { at: iso, ...overrides })
  const dailyOf = async (day: string) =>
    Object.fromEntries(
      (await db().select().from(analyticsDaily).where(eq(analyticsDaily.day, day))).map((row) => [
        `${row.metric}:${row.dimension}`,
        row.visitors === null ? row.count : [row.count, row.visitors],
      ]),
    )

  test('the daily roll-up counts each past day once, again with late events, and runs once a day however many servers run', async () => {
    countsClock.set('2026-12-02T18:00:00Z')
    const phone = { address: '192.0.2.10', userAgent: UA }
    const laptop = { address: '192.0.2.10', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Edge/131' }
    await send(counts, { events: [at('2026-12-02T09:00:00Z'), at('2026-12-02T10:00:00Z')] }, phone)
    await send(counts, { events: [at('2026-12-02T11:00:00Z'), at('2026-12-02T12:00:00Z', { type: 'install' })] }, laptop)

    countsClock.set('2026-12-04T00:01:00Z')
    const schedulers = Array.from({ length: 2 }, () =>
      createScheduler({
        log: counts.app.log,
        now: countsClock.now,
        intervalMs: 60_000,
        jobs: scheduledJobs({ db: db(), notifier: createNotifier({ db: db(), push: recordingPush(), log: counts.app.log }) }).filter(
          ({ name }) => name === 'analytics',
        ),
      }),
    )
    const reports = await Promise.all(schedulers.map((scheduler) => scheduler.runDue(countsClock.now())))
    expect(reports.map((report) => report.analytics > 0).sort()).toEqual([false, true])
    expect(await db().select({ period: jobRuns.period }).from(jobRuns).where(eq(jobRuns.job, 'analytics'))).toEqual([
      { period: '2026-12-04' },
    ])
    expect(await dailyOf('2026-12-02')).toEqual({ 'event:page_view': 3, 'event:install': 1, 'all:': [4, 2] })
    expect(await rollUpAnalytics(db(), countsClock.now(), 30)).toBeNull()

    // A phone that was offline sends Tuesday's view on Thursday: counted for Tuesday at the next roll-up, once.
    await send(counts, { events: [at('2026-12-02T20:00:00Z')] }, phone)
    expect((await dailyOf('2026-12-02'))['event:page_view']).toBe(3)
    countsClock.set('2026-12-05T00:01:00Z')
    expect(await rollUpAnalytics(db(), countsClock.now(), 30)).toMatchObject({ days: 1 })
    // Tuesday's secret was deleted on Thursday: the late view is hashed with Thursday's, a third visitor.
    expect(await dailyOf('2026-12-02')).toEqual({ 'event:page_view': 4, 'event:install': 1, 'all:': [5, 3] })
    expect(await dailyOf('2026-12-04')).toEqual({})
  })

  test('raw events older than the retention window are deleted once counted; the daily counts stay', async () => {
    countsClock.set('2026-12-10T12:00:00Z')
    const recent = at('2026-12-10T11:00:00Z')
    await send(counts, { events: [recent] })
    const raw = async (day: string) => (await db().select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.day, day)))[0].n
    expect(await raw('2026-12-02')).toBe(5)
    // Eight days kept before today: on the 11th, the 3rd is the oldest.
    const done = await rollUpAnalytics(db(), new Date('2026-12-11T00:01:00Z'), 8)
    expect(done).toMatchObject({ eventsDeleted: 5 })
    expect(await raw('2026-12-02')).toBe(0)
    expect(await raw('2026-12-10')).toBe(1)
    expect(await dailyOf('2026-12-02')).toEqual({ 'event:page_view': 4, 'event:install': 1, 'all:': [5, 3] })
    expect(await db().select({ day: analyticsSecrets.day }).from(analyticsSecrets)).toEqual([])
  })

  test('trending ranks by views and likes of the last seven days, the recent counting most, then likes, then the daily rotation', async () => {
    countsClock.set('2027-03-10T12:00:00Z')
    const list = (await get(counts.app, `${API.proverbsPublic}?size=50`)).body.data as Proverb[]
    const [a, b, c, d, e, f] = [list[3], list[11], list[19], list[27], list[35], list[43]]
    // Each reader on an address of their own: views count the day's distinct visitors.
    const viewedBy = async (proverb: Proverb, readers: number, when: string) => {
      for (let i = 0; i < readers; i++)
        await send(counts, { events: [at(when, { type: 'proverb_view', path: '/search_result', slug: proverb.slug })] })
    }
    await viewedBy(a, 10, '2027-03-04T10:00:00Z') // six days ago: 10 × 0.5^3 = 1.25
    await viewedBy(b, 3, '2027-03-10T09:00:00Z') // today: 3
    await viewedBy(e, 2, '2027-03-09T09:00:00Z') // yesterday: 2 × 0.71 = 1.41
    await viewedBy(f, 20, '2027-03-03T09:00:00Z') // a week ago: outside the window
    const reader = await memberOf(counts.app, db())
    expect((await put(counts.app, API.like(c.id), reader.token)).status).toBe(200) // a like today: 5
    // Liked long ago by many: no score, but first among the rest.
    await db().update(proverbs).set({ likes: 50 }).where(eq(proverbs.id, d.id))

    const trending = async (limit = 5) =>
      ((await get(counts.app, `${API.trendingPublic}?limit=${limit}`)).body.data as Proverb[]).map((p) => p.slug)
    const expected = [c, b, e, a, d].map((p) => p.slug)
    expect(await trending()).toEqual(expected)
    // The same once the past days are rolled up.
    await rollUpAnalytics(db(), countsClock.now(), 30)
    expect(await trending()).toEqual(expected)

    // Among the groups a reader may read, by the same score.
    const groupReader = await memberOf(counts.app, db(), { languages: [e.ethnic.id] })
    const mine = ((await get(counts.app, API.trendingPrivate, groupReader.token)).body.data as Proverb[]).map((p) => p.slug)
    expect(mine[0]).toBe([c, b, e, a, d].find((p) => p.ethnic.id === e.ethnic.id)!.slug)

    // A day later everything has aged: a's views leave the window, the rest keep their order.
    countsClock.set('2027-03-11T12:00:00Z')
    const nextDay = await trending()
    expect(nextDay.slice(0, 4)).toEqual([c, b, e, d].map((p) => p.slug))
  })

  test('the console’s Insights: days, top proverbs and groups, searches, zero results, the sign-up funnel, checkouts and revenue', async () => {
    const list = (await get(counts.app, `${API.proverbsPublic}?size=5`)).body.data as Proverb[]
    const proverb = list[2]
    const groups = await groupsBySlug(counts.app)
    countsClock.set('2027-05-08T15:00:00Z')
    const phone = { address: '192.0.2.50', userAgent: UA }
    const other = { address: '192.0.2.51', userAgent: UA }
    const day1 = (hour: number, overrides: Partial<AnalyticsEvent>) => at(`2027-05-08T${String(hour).padStart(2, '0')}:00:00Z`, overrides)
    await send(
      counts,
      {
        events: [
          day1(8, { path: '/' }),
          day1(8, { path: '/ethnic/:slug', ethnic: 'yoruba' }),
          day1(9, { type: 'proverb_view', path: '/search_result', slug: proverb.slug }),
          day1(9, { type: 'proverb_view', path: '/search_result', slug: proverb.slug }),
          day1(10, { type: 'search', path: '/search_result', q: 'Omi', results: 4 }),
          day1(10, { type: 'search', path: '/search_result', q: 'xyzzy', results: 0 }),
          day1(11, { type: 'share', path: '/search_result', slug: proverb.slug, detail: 'image' }),
          day1(11, { type: 'install', path: '/' }),
          day1(11, { type: 'push_opt_in', path: '/profile' }),
          day1(12, { type: 'quiz_start', path: '/quiz/:batchId' }),
          day1(12, { type: 'quiz_finish', path: '/quiz/:batchId' }),
          day1(13, { type: 'signup_step', path: '/register', detail: '1' }),
          day1(13, { type: 'signup_step', path: '/register', detail: '1' }),
          day1(13, { type: 'signup_step', path: '/register', detail: '2' }),
          day1(14, { type: 'checkout_start', path: '/pricing', currency: 'USD', detail: 'Gold' }),
          day1(14, { type: 'checkout_start', path: '/pricing', currency: 'USD', detail: 'Gold' }),
          day1(14, { type: 'checkout_paid', path: '/pricing', currency: 'USD', detail: 'Gold' }),
        ],
      },
      phone,
    )
    await send(
      counts,
      {
        events: [
          day1(9, { path: '/' }),
          day1(10, { type: 'search', path: '/search_result', q: 'omi ', results: 4 }),
          day1(13, { type: 'signup_step', path: '/register', detail: '1' }),
        ],
      },
      other,
    )
    countsClock.set('2027-05-10T15:00:00Z')
    await send(
      counts,
      {
        events: [
          at('2027-05-10T09:00:00Z', { type: 'search', path: '/search_result', q: 'xyzzy', results: 0 }),
          at('2027-05-10T09:00:00Z', { type: 'proverb_view', path: '/search_result', slug: proverb.slug }),
        ],
      },
      phone,
    )
    const payer = await memberOf(counts.app, db())
    const paid = (reference: string, status: 'success' | 'failed', currency: 'USD' | 'NGN', amountMinor: number, completedAt: string) => ({
      reference,
      userId: payer.user.id,
      packageId: 2,
      provider: 'test' as const,
      currency,
      amountMinor,
      status,
      completedAt: new Date(completedAt),
    })
    await db()
      .insert(payments)
      .values([
        paid('owe_insights_1', 'success', 'NGN', 1_500_000, '2027-05-09T10:00:00Z'),
        paid('owe_insights_2', 'success', 'NGN', 2_500_000, '2027-05-09T23:59:00Z'),
        paid('owe_insights_3', 'success', 'USD', 1799, '2027-05-10T08:00:00Z'),
        paid('owe_insights_4', 'failed', 'USD', 1799, '2027-05-10T08:30:00Z'),
        paid('owe_insights_5', 'success', 'USD', 1799, '2027-05-11T00:00:00Z'),
      ])

    const admin = await adminOf(counts.app, db())
    const url = `${ADMIN_API.insights}?from=2027-05-08&to=2027-05-10`
    const insights = async () => {
      const reply = await get(counts.app, url, admin.token)
      expect(reply.status).toBe(200)
      return reply.body.data as Insights
    }
    const zero = { pageViews: 0, proverbViews: 0, searches: 0, shares: 0, installs: 0, pushOptIns: 0, quizStarts: 0, quizFinishes: 0 }
    const expected: Insights = {
      from: '2027-05-08',
      to: '2027-05-10',
      days: [
        {
          day: '2027-05-08',
          visitors: 2,
          pageViews: 3,
          proverbViews: 2,
          searches: 3,
          shares: 1,
          installs: 1,
          pushOptIns: 1,
          quizStarts: 1,
          quizFinishes: 1,
        },
        { day: '2027-05-09', visitors: 0, ...zero },
        { day: '2027-05-10', visitors: 1, ...zero, proverbViews: 1, searches: 1 },
      ],
      // Viewed twice by the phone on the 8th (one visitor that day) and once on the 10th: two.
      topProverbs: [{ slug: proverb.slug, proverb: proverb.proverb, views: 2 }],
      topGroups: [{ slug: 'yoruba', name: groups.yoruba.name, views: 1 }],
      topSearches: [
        { q: 'omi', searches: 2, results: 4 },
        { q: 'xyzzy', searches: 2, results: 0 },
      ],
      zeroResultSearches: [{ q: 'xyzzy', searches: 2, lastDay: '2027-05-10' }],
      signupFunnel: SIGNUP_STEPS.map((step) => ({ step, count: step === '1' ? 2 : step === '2' ? 1 : 0 })),
      checkouts: [{ day: '2027-05-08', currency: 'USD', started: 2, paid: 1 }],
      revenue: [
        { day: '2027-05-09', currency: 'NGN', payments: 2, amount: 40_000 },
        { day: '2027-05-10', currency: 'USD', payments: 1, amount: 17.99 },
      ],
    }
    // Before the roll-up, every day is counted from the raw events; after it, the past days from the daily counts.
    expect(await insights()).toEqual(expected)
    await rollUpAnalytics(db(), countsClock.now(), 30)
    expect((await dailyOf('2027-05-08'))['event:page_view']).toBe(3)
    expect(await insights()).toEqual(expected)
    // A range with whole months reads their monthly sums: the same totals.
    const wide = (await get(counts.app, `${ADMIN_API.insights}?from=2027-04-20&to=2027-06-05`, admin.token)).body.data as Insights
    const settledOnThe11th = { day: '2027-05-11', currency: 'USD', payments: 1, amount: 17.99 }
    expect(wide).toEqual({
      ...expected,
      from: '2027-04-20',
      to: '2027-06-05',
      days: wide.days,
      revenue: [...expected.revenue, settledOnThe11th],
    })
    expect(wide.days).toHaveLength(47)
    expect(wide.days.find((day) => day.day === '2027-05-08')).toEqual(expected.days[0])
  })

  test('Insights cover the last 30 days by default, refuse a bad range with a message, and are for admins only', async () => {
    countsClock.set('2027-05-10T15:00:00Z')
    const admin = await adminOf(counts.app, db())
    const byDefault = (await get(counts.app, ADMIN_API.insights, admin.token)).body.data as Insights
    expect([byDefault.from, byDefault.to, byDefault.days.length]).toEqual(['2027-04-11', '2027-05-10', 30])
    for (const [query, message] of [
      ['from=2027-05-10&to=2027-05-01', T.insightsOrder],
      ['from=2026-01-01&to=2027-05-01', T.insightsRange],
      ['from=last-week', '"from" must be a date written YYYY-MM-DD.'],
    ]) {
      const reply = await get(counts.app, `${ADMIN_API.insights}?${query}`, admin.token)
      expect(reply.status, query).toBe(400)
      expect(reply.body.error.message).toBe(message)
    }
    const reader = await memberOf(counts.app, db())
    const refused = await get(counts.app, ADMIN_API.insights, reader.token)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toEqual({ code: 'forbidden', message: ADMIN_ONLY })
    expect((await get(counts.app, ADMIN_API.insights)).status).toBe(401)
  })
})
