import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { EVENT_BATCH_MAX, type AnalyticsEvent, type Insights } from '../../src/core/analytics/contract'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import type { Proverb } from '../../src/core/proverbs/contract'
import { analyticsEvents } from '../../server/src/db/schema'
import { rollUpAnalytics } from '../../server/src/features/analytics/rollup'
import { VISITOR_EVENTS_PER_DAY } from '../../server/src/features/analytics/service'
import { adminOf, call, get, nextClient, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

/**
 * Trending and Insights count people, not requests (ADR 018): a proverb's views are the day's distinct
 * visitors, only for proverbs that exist; one visitor stores a bounded number of events a day, and a visitor
 * flooding views or searches counts for nothing. Replays an attack that once put any proverb at #1: thousands
 * of views from a handful of addresses.
 */

const clock = testClock('2027-08-18T09:00:00Z')
/** What one address may store in a day, whatever browsers it claims to be (OWE_EVENTS_PER_ADDRESS_DAY). */
const ADDRESS_EVENTS_PER_DAY = 1_200
let app: Awaited<ReturnType<typeof createTestApp>>
let list: Proverb[]
beforeAll(async () => {
  app = await createTestApp({ OWE_EVENTS_PER_ADDRESS_DAY: String(ADDRESS_EVENTS_PER_DAY) }, clock.now)
  list = (await get(app.app, `${API.proverbsPublic}?size=50`)).body.data as Proverb[]
})
afterAll(() => app.close())

const db = () => app.database.db
const UA = 'Mozilla/5.0 (Linux; Android 14; Tecno) Chrome/131 Mobile'

const view = (slug: string): AnalyticsEvent => ({
  id: randomUUID(),
  type: 'proverb_view',
  at: clock.now().toISOString(),
  path: '/search_result',
  slug,
})
const search = (q: string, results: number): AnalyticsEvent => ({
  id: randomUUID(),
  type: 'search',
  at: clock.now().toISOString(),
  path: '/search_result',
  q,
  results,
})
const groupPage = (ethnic: string): AnalyticsEvent => ({
  id: randomUUID(),
  type: 'page_view',
  at: clock.now().toISOString(),
  path: '/ethnic/:slug',
  ethnic,
})

async function send(events: AnalyticsEvent[], address = nextClient(), userAgent = UA) {
  const reply = await call(app.app, 'POST', API.events, {
    payload: { events },
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  })
  expect(reply.status).toBe(202)
  return reply.body.data as { accepted: number; duplicates: number; stale: number }
}

/** `readers` readers, each on an address of their own, send the same kind of event once. */
async function readers(readers: number, make: () => AnalyticsEvent) {
  for (let i = 0; i < readers; i++) await send([make()])
}

const trending = async () => ((await get(app.app, `${API.trendingPublic}?limit=10`)).body.data as Proverb[]).map((p) => p.slug)

async function insights(): Promise<Insights> {
  const admin = await adminOf(app.app, db())
  const day = clock.now().toISOString().slice(0, 10)
  const reply = await get(app.app, `${ADMIN_API.insights}?from=${day}&to=${day}`, admin.token)
  expect(reply.status).toBe(200)
  return reply.body.data as Insights
}

test('thousands of views from a handful of addresses do not move a proverb in trending or Insights; ten readers do', async () => {
  // Real readers: six, four and two of them on three proverbs.
  const [first, second, third, target] = [list[5], list[12], list[20], list[44]]
  await readers(6, () => view(first.slug))
  await readers(4, () => view(second.slug))
  await readers(2, () => view(third.slug))
  const before = await trending()
  expect(before.slice(0, 3)).toEqual([first.slug, second.slug, third.slug])
  expect(before).not.toContain(target.slug)

  // The attack: three addresses, two browsers each, 12 full batches of views a browser: 3,600 events.
  const attackers = ['198.51.100.7', '198.51.100.8', '198.51.100.9'].flatMap((address) => [
    { address, userAgent: UA },
    { address, userAgent: 'curl/8.5' },
  ])
  let accepted = 0
  let stale = 0
  for (let batch = 0; batch < 12; batch++) {
    for (const { address, userAgent } of attackers) {
      const answer = await send(
        Array.from({ length: EVENT_BATCH_MAX }, () => view(target.slug)),
        address,
        userAgent,
      )
      accepted += answer.accepted
      stale += answer.stale
    }
  }
  // Each browser stored its day's allowance and no more; the rest were answered as stale (not sent again).
  expect(accepted).toBe(attackers.length * VISITOR_EVENTS_PER_DAY)
  expect(stale).toBe(attackers.length * (12 * EVENT_BATCH_MAX - VISITOR_EVENTS_PER_DAY))
  const [{ n: stored }] = await db().select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.slug, target.slug))
  expect(stored).toBe(attackers.length * VISITOR_EVENTS_PER_DAY)

  expect(await trending()).toEqual(before)
  expect((await insights()).topProverbs.map((p) => p.slug)).toEqual([first.slug, second.slug, third.slug])

  // The same once the day is rolled up (the next day: the proverbs below the three follow that day's rotation).
  clock.set('2027-08-19T00:05:00Z')
  await rollUpAnalytics(db(), clock.now(), 30)
  const nextDay = await trending()
  expect(nextDay.slice(0, 3)).toEqual(before.slice(0, 3))
  expect(nextDay).not.toContain(target.slug)

  // Ten real readers, today, put it first.
  await readers(10, () => view(target.slug))
  expect((await trending())[0]).toBe(target.slug)
})

test('views of proverbs and peoples that do not exist never reach trending or Insights', async () => {
  clock.set('2027-08-20T10:00:00Z')
  const known = list[30]
  await readers(3, () => view(known.slug))
  await readers(12, () => view('yoruba-no-such-proverb-000000'))
  await readers(12, () => groupPage('atlantis'))
  await readers(2, () => groupPage('yoruba'))

  const seen = await insights()
  expect(seen.topProverbs).toEqual([{ slug: known.slug, proverb: known.proverb, views: 3 }])
  expect(seen.topGroups.map((group) => group.slug)).toEqual(['yoruba'])
  const now = await trending()
  expect(now).toContain(known.slug)
  expect(now).not.toContain('yoruba-no-such-proverb-000000')
  // The day's events themselves are still counted as events.
  expect(seen.days[0].proverbViews).toBe(15)
})

test('a visitor flooding searches puts none of their words in Insights; searches count the people who made them', async () => {
  clock.set('2027-08-21T10:00:00Z')
  // Real readers: three searched "omi" (one of them twice), two searched a word the corpus lacks.
  const reader = nextClient()
  await send([search('Omi', 4), search('omi', 4)], reader)
  await readers(2, () => search('omi', 4))
  await readers(2, () => search('kilimanjaro', 0))
  // One visitor sends 150 searches: the same junk words again and again, and new junk.
  const flooder = nextClient()
  for (let batch = 0; batch < 3; batch++)
    await send(
      Array.from({ length: EVENT_BATCH_MAX }, (_, i) => search(i % 2 ? 'buy cheap pills' : `junk ${batch}-${i}`, 0)),
      flooder,
    )

  const seen = await insights()
  expect(seen.topSearches).toEqual([
    { q: 'omi', searches: 3, results: 4 },
    { q: 'kilimanjaro', searches: 2, results: 0 },
  ])
  expect(seen.zeroResultSearches).toEqual([{ q: 'kilimanjaro', searches: 2, lastDay: '2027-08-21' }])
  // Rolled up, the same.
  clock.set('2027-08-22T00:05:00Z')
  await rollUpAnalytics(db(), clock.now(), 30)
  clock.set('2027-08-21T10:00:00Z')
  const rolled = await insights()
  expect(rolled.topSearches).toEqual(seen.topSearches)
  expect(rolled.zeroResultSearches).toEqual(seen.zeroResultSearches)
})

test('one address stores a bounded number of events a day, whatever browsers it claims to be', async () => {
  clock.set('2027-08-23T10:00:00Z')
  const address = '203.0.113.99'
  let accepted = 0
  // 40 browsers on one address, a full batch each: 2,000 events, over the address's allowance.
  for (let browser = 0; browser < 40; browser++) {
    const answer = await send(
      Array.from({ length: EVENT_BATCH_MAX }, () => view(list[1].slug)),
      address,
      `Browser/${browser}`,
    )
    accepted += answer.accepted
  }
  expect(accepted).toBe(ADDRESS_EVENTS_PER_DAY)
  // A reader elsewhere is not held back; the next day the address starts again.
  expect((await send([view(list[1].slug)])).accepted).toBe(1)
  clock.set('2027-08-24T00:01:00Z')
  expect((await send([view(list[1].slug)], address, 'Browser/0')).accepted).toBe(1)
})
