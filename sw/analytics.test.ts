import { afterEach, beforeEach, expect, test } from 'vitest'
import type { AnalyticsEvent, EventBatch } from '../src/core/analytics/contract'
import { enqueueEvents } from '../src/offline/analytics'
import type { OfflineDb } from '../src/offline/schema'
import { freshDb } from '../src/offline/test-fixtures'
import { createAnalyticsSync, isAnalyticsCommand, type AnalyticsSyncDeps } from './analytics'

const T0 = Date.UTC(2026, 10, 23, 9)

let db: OfflineDb
let sent: AnalyticsEvent[][]
let status: number
let online: boolean
let timers: { work: () => void; ms: number }[]
let syncTags: string[]

beforeEach(async () => {
  db = await freshDb()
  sent = []
  status = 202
  online = true
  timers = []
  syncTags = []
})

afterEach(() => {
  db.close()
})

const deps = (): AnalyticsSyncDeps => ({
  db: async () => db,
  fetch: async (_url, init) => {
    if (!online) throw new TypeError('Failed to fetch')
    sent.push((JSON.parse(init.body as string) as EventBatch).events)
    return new Response(null, { status })
  },
  online: () => online,
  setTimer: (work, ms) => timers.push({ work, ms }),
  clearTimer: () => undefined,
  registerSync: async (tag) => void syncTags.push(tag),
})

const proverbView = (n: number): AnalyticsEvent => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'proverb_view',
  at: new Date(T0 + n * 1000).toISOString(),
  path: '/search_result',
  slug: `yoruba-${n}`,
})

/** A message or sync event whose waitUntil work is kept to be awaited. */
function extendable() {
  const work: Promise<unknown>[] = []
  return { waitUntil: (p: Promise<unknown>) => void work.push(p), work }
}

test('a page’s ANALYTICS message is recognised by its type and its list of events', () => {
  expect(isAnalyticsCommand({ type: 'ANALYTICS', events: [] })).toBe(true)
  expect(isAnalyticsCommand({ type: 'ANALYTICS', events: [proverbView(1)], retryNow: true })).toBe(true)
  expect(isAnalyticsCommand({ type: 'ANALYTICS' })).toBe(false)
  expect(isAnalyticsCommand({ type: 'DRAIN_OUTBOX', events: [] })).toBe(false)
  expect(isAnalyticsCommand(null)).toBe(false)
})

test('events a page hands over online are stored and sent at once', async () => {
  const sync = createAnalyticsSync(deps())
  const { waitUntil, work } = extendable()
  sync.onCommand({ type: 'ANALYTICS', events: [proverbView(1), proverbView(2)] }, waitUntil)
  await Promise.all(work)
  expect(sent).toEqual([[proverbView(1), proverbView(2)]])
  expect(await db.count('analytics')).toBe(0)
  expect(syncTags).toEqual([])
})

test('offline they wait on the device with their own times; the page’s “back online” sends them once', async () => {
  online = false
  const sync = createAnalyticsSync(deps())
  for (const n of [1, 2, 3]) {
    const { waitUntil, work } = extendable()
    sync.onCommand({ type: 'ANALYTICS', events: [proverbView(n)] }, waitUntil)
    await Promise.all(work)
  }
  expect(sent).toEqual([])
  expect(await db.count('analytics')).toBe(3)
  // The browser is asked to wake the worker once it is back online, even if no page is open by then.
  expect(new Set(syncTags)).toEqual(new Set(['owe-analytics']))

  online = true
  const { waitUntil, work } = extendable()
  sync.onCommand({ type: 'ANALYTICS', events: [], retryNow: true }, waitUntil)
  await Promise.all(work)
  expect(sent).toEqual([[proverbView(1), proverbView(2), proverbView(3)]])
  // Asked again (a second page, a sync event): nothing is sent twice.
  await sync.drain(true)
  expect(sent).toHaveLength(1)
})

test('events the collector cannot take now wait for a sync event too', async () => {
  status = 503
  const sync = createAnalyticsSync(deps())
  const { waitUntil, work } = extendable()
  sync.onCommand({ type: 'ANALYTICS', events: [proverbView(1)] }, waitUntil)
  await Promise.all(work)
  expect(sent).toHaveLength(1)
  expect(syncTags).toEqual(['owe-analytics'])
  expect(await db.count('analytics')).toBe(1)
})

test('a sync event fails while the collector cannot take the events, so the browser tries again later', async () => {
  await enqueueEvents(db, [proverbView(1)])
  status = 503
  const sync = createAnalyticsSync(deps())
  const first = extendable()
  sync.onSync({ tag: 'owe-analytics', waitUntil: first.waitUntil })
  await expect(Promise.all(first.work)).rejects.toThrow('Analytics events wait to be sent (1)')
  expect(timers).toHaveLength(1)

  status = 202
  const second = extendable()
  sync.onSync({ tag: 'owe-analytics', waitUntil: second.waitUntil })
  await expect(Promise.all(second.work)).resolves.toBeDefined()
  expect(sent).toHaveLength(2)
  expect(await db.count('analytics')).toBe(0)
})

test('at start the worker sends what an earlier one left', async () => {
  await enqueueEvents(db, [proverbView(1), proverbView(2)])
  expect(await createAnalyticsSync(deps()).drain()).toMatchObject({ sent: 2, waiting: 0 })
})

test('other sync tags are not analytics’', () => {
  const { waitUntil, work } = extendable()
  createAnalyticsSync(deps()).onSync({ tag: 'owe-outbox', waitUntil })
  expect(work).toEqual([])
})
