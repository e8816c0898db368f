import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AnalyticsEvent, EventBatch } from '../core/analytics/contract'
import {
  analyticsBackoffMs,
  ANALYTICS_LOCK,
  ANALYTICS_QUEUE_MAX,
  createEventQueue,
  enqueueEvents,
  sendEvents,
  type SendDeps,
} from './analytics'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb } from './schema'
import { freshDb } from './test-fixtures'

const T0 = Date.UTC(2026, 10, 23, 9)

type Call = { url: string; init: RequestInit; events: AnalyticsEvent[] }

let db: OfflineDb
let calls: Call[]
/** The collector's answer to each request; by default it takes everything. */
let respond: (call: Call) => Response | Promise<Response>

beforeEach(async () => {
  db = await freshDb()
  calls = []
  respond = () => Response.json({ data: { accepted: 1, duplicates: 0, stale: 0 } }, { status: 202 })
})

afterEach(() => {
  vi.unstubAllGlobals()
  db.close()
})

const fetchStub: SendDeps['fetch'] = async (url, init) => {
  const call = { url, init, events: (JSON.parse(init.body as string) as EventBatch).events }
  calls.push(call)
  return respond(call)
}

/** The n-th page view, made n minutes after T0. */
const view = (n: number, path = '/'): AnalyticsEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'page_view',
  at: new Date(T0 + n * 60_000).toISOString(),
  path,
})
const views = (from: number, count: number) => Array.from({ length: count }, (_, i) => view(from + i))
const ids = (events: AnalyticsEvent[]) => events.map((e) => e.id)
const send = () => sendEvents({ db, fetch: fetchStub })

test('queued events are sent oldest first, in batches of 20, as JSON without cookies, and leave the device', async () => {
  // Queued out of order (a worker and a page each handed some over): the time they happened decides.
  await enqueueEvents(db, views(21, 25))
  await enqueueEvents(db, views(1, 20))
  expect(await send()).toEqual({ sent: 45, refused: 0, waiting: 0, failed: false })
  expect(calls.map((c) => c.events.length)).toEqual([20, 20, 5])
  expect(calls.flatMap((c) => ids(c.events))).toEqual(ids(views(1, 45)))
  expect(calls[0].url).toBe('/api/events')
  expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' } })
  expect(await db.count('analytics')).toBe(0)
})

test('an event is kept once however often it is queued, exactly as it was made', async () => {
  const search: AnalyticsEvent = { ...view(1, '/search_result'), type: 'search', q: 'omo', results: 0 }
  await enqueueEvents(db, [search, search])
  await enqueueEvents(db, [search])
  await send()
  expect(calls).toHaveLength(1)
  expect(calls[0].events).toEqual([search])
})

test('what is not an event with an id and a time is not queued', async () => {
  await enqueueEvents(db, [null, 'page_view', { id: 7, at: view(1).at }, { id: 'x' }, view(2)])
  expect(await db.getAllKeys('analytics')).toEqual([view(2).id])
})

test('past 1,000 waiting events the oldest are dropped', async () => {
  await enqueueEvents(db, views(10, ANALYTICS_QUEUE_MAX))
  expect(await enqueueEvents(db, [...views(1, 3), ...views(2000, 2)])).toBe(5)
  const kept = await db.getAllFromIndex('analytics', 'at')
  expect(kept).toHaveLength(ANALYTICS_QUEUE_MAX)
  // The three older than all and the two oldest before them went; the newest stayed.
  expect(kept[0].id).toBe(view(12).id)
  expect(kept.at(-1)!.id).toBe(view(2001).id)
})

test('a batch the collector refuses is dropped, and the next one is still sent', async () => {
  await enqueueEvents(db, views(1, 25))
  respond = (call) =>
    call.events[0].id === view(1).id
      ? Response.json({ error: { code: 'invalid_events', message: 'refused' } }, { status: 400 })
      : new Response(null, { status: 202 })
  expect(await send()).toEqual({ sent: 5, refused: 20, waiting: 0, failed: false })
  expect(await db.count('analytics')).toBe(0)
})

test('offline, busy or failing: the events wait, with the server’s Retry-After when it gives one', async () => {
  await enqueueEvents(db, views(1, 3))
  respond = () => {
    throw new TypeError('Failed to fetch')
  }
  expect(await send()).toEqual({ sent: 0, refused: 0, waiting: 3, failed: true, retryAfterMs: undefined })
  respond = () => new Response(null, { status: 503 })
  expect(await send()).toMatchObject({ waiting: 3, failed: true })
  respond = () => new Response(null, { status: 429, headers: { 'Retry-After': '120' } })
  expect(await send()).toMatchObject({ waiting: 3, failed: true, retryAfterMs: 120_000 })
  expect(await db.count('analytics')).toBe(3)
  respond = () => new Response(null, { status: 202 })
  expect(await send()).toMatchObject({ sent: 3, waiting: 0, failed: false })
  // Each time the same events, under the same ids: the collector keeps them once.
  expect(new Set(calls.map((c) => ids(c.events).join()))).toEqual(new Set([ids(views(1, 3)).join()]))
})

test('the page and the worker send under one Web Lock, so no event is in flight twice at once', async () => {
  const held: string[] = []
  let inside = 0
  let most = 0
  const locks = {
    request: async (name: string, work: () => Promise<unknown>) => {
      held.push(name)
      inside++
      most = Math.max(most, inside)
      try {
        return await work()
      } finally {
        inside--
      }
    },
  }
  vi.stubGlobal('navigator', { locks })
  await enqueueEvents(db, views(1, 3))
  // A second connection stands for the other runtime.
  const other = await openOfflineDb()
  const [a, b] = await Promise.all([send(), sendEvents({ db: other, fetch: fetchStub })])
  other.close()
  expect(held).toEqual([ANALYTICS_LOCK, ANALYTICS_LOCK])
  expect(most).toBe(1)
  expect(calls).toHaveLength(1)
  expect(a.sent + b.sent).toBe(3)
})

test('a runtime’s queue pauses after a failure, tries again when the pause ends, and sends at once when the connection is back', async () => {
  const timers: { work: () => void; ms: number }[] = []
  let online = true
  const queue = createEventQueue({
    db: async () => db,
    fetch: fetchStub,
    online: () => online,
    setTimer: (work, ms) => timers.push({ work, ms }),
    clearTimer: () => undefined,
  })

  // Offline: stored, nothing tried.
  online = false
  expect(await queue.add([view(1)])).toMatchObject({ sent: 0, waiting: 1 })
  expect(calls).toHaveLength(0)

  online = true
  respond = () => new Response(null, { status: 502 })
  expect(await queue.add([view(2)])).toMatchObject({ failed: true, waiting: 2 })
  expect(timers.map((t) => t.ms)).toEqual([analyticsBackoffMs(1)])
  // While it pauses, new events are stored but not sent.
  expect(await queue.add([view(3)])).toMatchObject({ sent: 0, waiting: 3 })
  expect(calls).toHaveLength(1)

  // The pause ends; still failing: a longer one.
  timers[0].work()
  await vi.waitFor(() => expect(timers).toHaveLength(2))
  expect(timers[1].ms).toBe(analyticsBackoffMs(2))
  expect(analyticsBackoffMs(2)).toBe(2 * analyticsBackoffMs(1))

  // The connection is back (a sync event, `online`): sent now, the pause aside.
  respond = () => new Response(null, { status: 202 })
  expect(await queue.send(true)).toMatchObject({ sent: 3, waiting: 0, failed: false })
  expect(await queue.add([view(4)])).toMatchObject({ sent: 1 })
})

test('a device on the second schema gains the analytics queue and keeps its quiz outbox', async () => {
  db.close()
  globalThis.indexedDB = new IDBFactory()
  const v2 = await openDB(OFFLINE_DB_NAME, 2, {
    upgrade: (raw) => void raw.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }),
  })
  await v2.add('outbox', { key: 'k1' })
  v2.close()
  db = await openOfflineDb()
  expect(await db.count('outbox')).toBe(1)
  await enqueueEvents(db, [view(1)])
  expect(await db.count('analytics')).toBe(1)
})
