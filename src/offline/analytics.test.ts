import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { AnalyticsEvent, EventBatch } from '../core/analytics/contract'
import { CLOCK_AHEAD } from '../core/http/contract'
import { analyticsQueue, ANALYTICS_QUEUE_MAX, enqueueEvents } from './analytics'
import { backoffMs, readQueueState, runQueue, type RoundDeps } from './queue'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb } from './schema'
import { freshDb } from './test-fixtures'

const T0 = Date.UTC(2026, 10, 23, 9)

type Call = { url: string; init: RequestInit; events: AnalyticsEvent[] }

let db: OfflineDb
let clock: number
let calls: Call[]
/** The collector's answer to each request; by default it takes everything. */
let respond: (call: Call) => Response | Promise<Response>

beforeEach(async () => {
  db = await freshDb()
  clock = T0 + 3 * 3_600_000
  calls = []
  respond = () => Response.json({ data: { accepted: 1, duplicates: 0, stale: 0 } }, { status: 202 })
})

afterEach(() => {
  db.close()
})

const fetchStub: RoundDeps['fetch'] = async (url, init) => {
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
/** A round of the analytics queue (src/offline/queue.ts): events name no one, so no token is ever asked for. */
const send = async (retryNow = false) => {
  const { sent, refused, waiting, retryAt, wakeAt } = await runQueue(analyticsQueue, {
    db,
    fetch: fetchStub,
    now: () => clock,
    tokenFor: () => Promise.reject(new Error('analytics never asks for a token')),
    retryNow,
  })
  return { sent, refused, waiting, retryAt, wakeAt }
}
const held = async () => (await db.getAll('queue')).map((record) => (record.payload as AnalyticsEvent).id)

test('queued events are sent in the order kept, in batches of 20, as JSON without a token or cookies, and leave the device', async () => {
  await enqueueEvents(db, views(1, 20))
  await enqueueEvents(db, views(21, 25))
  expect(await send()).toEqual({ sent: 45, refused: 0, waiting: 0, retryAt: null, wakeAt: null })
  expect(calls.map((c) => c.events.length)).toEqual([20, 20, 5])
  expect(calls.flatMap((c) => ids(c.events))).toEqual(ids(views(1, 45)))
  expect(calls[0].url).toBe('/api/events')
  expect(calls[0].init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' } })
  expect(new Headers(calls[0].init.headers).has('Authorization')).toBe(false)
  expect(await db.count('queue')).toBe(0)
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
  expect(await held()).toEqual([view(2).id])
})

test('past 1,000 waiting events the oldest are dropped', async () => {
  await enqueueEvents(db, views(10, ANALYTICS_QUEUE_MAX))
  expect(await enqueueEvents(db, [...views(1, 3), ...views(2000, 2)])).toBe(5)
  const kept = (await held()).sort()
  expect(kept).toHaveLength(ANALYTICS_QUEUE_MAX)
  // The three older than all and the two oldest before them went; the newest stayed.
  expect(kept[0]).toBe(view(12).id)
  expect(kept.at(-1)).toBe(view(2001).id)
})

test('a batch the collector refuses is dropped, and the next one is still sent', async () => {
  await enqueueEvents(db, views(1, 25))
  respond = (call) =>
    call.events[0].id === view(1).id
      ? Response.json({ error: { code: 'not_found', message: 'No collector here' } }, { status: 404 })
      : new Response(null, { status: 202 })
  expect(await send()).toMatchObject({ sent: 5, refused: 20, waiting: 0, retryAt: null })
  expect(await db.count('queue')).toBe(0)
})

test('one malformed event costs only itself: the batch is split down to it, and it is dropped while the rest are taken', async () => {
  await enqueueEvents(db, views(1, 20))
  respond = (call) =>
    call.events.some((e) => e.id === view(7).id)
      ? Response.json({ error: { code: 'bad_request', message: 'An event is malformed' } }, { status: 400 })
      : new Response(null, { status: 202 })
  expect(await send()).toMatchObject({ sent: 19, refused: 1, waiting: 0 })
  expect(await db.count('queue')).toBe(0)
})

test('a device clock running fast loses no event: the one dated ahead of the collector’s clock waits, the batch’s others are taken', async () => {
  await enqueueEvents(db, views(1, 5))
  // The collector's clock is at view 2's time; an event more than five minutes past it is early.
  const serverNow = T0 + 2 * 60_000
  respond = (call) => {
    const early = call.events.find((e) => Date.parse(e.at) > serverNow + 5 * 60_000)
    return early
      ? Response.json(
          { error: { code: CLOCK_AHEAD, message: `Event ${early.id} is dated ahead` } },
          { status: 400, headers: { Date: new Date(serverNow).toUTCString() } },
        )
      : new Response(null, { status: 202 })
  }
  await enqueueEvents(db, views(8, 2))
  const summary = await send()
  expect(summary).toMatchObject({ sent: 5, refused: 0, waiting: 2, retryAt: null })
  // Due when the collector's clock is within five minutes of view 8: in a minute, and a second for the Date header.
  expect(summary.wakeAt).toBe(clock + 61_000)
  expect(await held()).toEqual(ids(views(8, 2)))
  expect(await readQueueState(db, 'analytics', 0)).toMatchObject({ earlyAt: view(8).at, tries: 0 })
})

test('offline, busy or failing: the events wait, with the server’s Retry-After when it gives one', async () => {
  await enqueueEvents(db, views(1, 3))
  respond = () => {
    throw new TypeError('Failed to fetch')
  }
  expect(await send()).toEqual({ sent: 0, refused: 0, waiting: 3, retryAt: clock + 5000, wakeAt: null })
  respond = () => new Response(null, { status: 503 })
  expect(await send(true)).toMatchObject({ waiting: 3, retryAt: clock + 10_000 })
  respond = () => new Response(null, { status: 429, headers: { 'Retry-After': '120' } })
  expect(await send(true)).toMatchObject({ waiting: 3, retryAt: clock + 120_000 })
  expect(await db.count('queue')).toBe(3)
  respond = () => new Response(null, { status: 202 })
  expect(await send(true)).toMatchObject({ sent: 3, waiting: 0, retryAt: null })
  // Each time the same events, under the same ids: the collector keeps them once.
  expect(new Set(calls.map((c) => ids(c.events).join()))).toEqual(new Set([ids(views(1, 3)).join()]))
})

test('after a failure the queue pauses (5 s, doubling, at most 15 minutes): events kept meanwhile wait, unless the connection is back', async () => {
  respond = () => new Response(null, { status: 502 })
  await enqueueEvents(db, [view(1)])
  expect(await send()).toMatchObject({ waiting: 1, retryAt: clock + 5000 })
  await enqueueEvents(db, [view(2)])
  expect(await send()).toMatchObject({ sent: 0, waiting: 2 })
  expect(calls).toHaveLength(1)
  expect([1, 2, 9].map((tries) => backoffMs(analyticsQueue.backoff, tries))).toEqual([5000, 10_000, 15 * 60_000])
  respond = () => new Response(null, { status: 202 })
  expect(await send(true)).toMatchObject({ sent: 2, waiting: 0 })
})

test('a device on the second schema gains the analytics queue and keeps its quiz outbox', async () => {
  db.close()
  globalThis.indexedDB = new IDBFactory()
  const v2 = await openDB(OFFLINE_DB_NAME, 2, {
    upgrade: (raw) => void raw.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }),
  })
  await v2.add('outbox', { key: 'k1', userId: 7, createdAt: T0, state: 'pending', error: null, batchId: 1, kind: 'close' })
  v2.close()
  db = await openOfflineDb()
  expect((await db.getAll('queue')).map((record) => [record.queue, record.key])).toEqual([['outbox', 'k1']])
  await enqueueEvents(db, [view(1)])
  expect(await db.count('queue')).toBe(2)
})
