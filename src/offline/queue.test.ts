import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CLOCK_AHEAD } from '../core/http/contract'
import type { QueueChanged } from './messages'
import {
  backoffMs,
  discardFailed,
  newRecord,
  readFailed,
  readQueueState,
  retryAfterMs,
  retryFailed,
  runQueue,
  storedQueue,
  type QueuePolicy,
  type RoundDeps,
} from './queue'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb, type QueueRecord } from './schema'
import { freshDb, hearQueues } from './test-fixtures'

// The one delivery engine with a made-up policy, against a scripted server and a clock the test moves: what every
// queue (quiz answers, the learning log, analytics, marks, forms) gets from it.

const T0 = Date.UTC(2026, 11, 7, 9)
type Call = {
  method: string
  url: string
  key: string | null
  authorization: string | null
  credentials?: RequestCredentials
  items: number[]
}

let db: OfflineDb
let clock: number
let calls: Call[]
let respond: (call: Call) => Response | Promise<Response>
let tokens: Record<number, string | undefined>
let heard: QueueChanged[]
let hearing: ReturnType<typeof hearQueues>

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  calls = []
  respond = () => Response.json({ data: {} })
  tokens = { 7: 'token-of-7', 8: 'token-of-8' }
  hearing = hearQueues()
  heard = hearing.heard
})

afterEach(() => {
  hearing.close()
  vi.unstubAllGlobals()
  db.close()
})

type Item = QueueRecord & { payload: { n: number } }

/** A queue of numbered items, three to a request; `keep` or `drop` what the server refuses. */
function policy(onRefused: 'keep' | 'drop', batchSize = 3): QueuePolicy<Item> {
  return {
    name: 'forms',
    backoff: { baseMs: 1000, maxMs: 8000 },
    batchSize,
    idempotent: true,
    clientErrors: 'refuse',
    source: storedQueue('forms', { onRefused }) as QueuePolicy<Item>['source'],
    request: (items) => ({ method: 'POST', path: '/api/items', body: { items: items.map((item) => item.payload.n) } }),
  }
}

const fetchStub: RoundDeps['fetch'] = async (url, init) => {
  const headers = new Headers(init.headers)
  const call: Call = {
    method: init.method ?? 'GET',
    url,
    key: headers.get('Idempotency-Key'),
    authorization: headers.get('Authorization'),
    credentials: init.credentials,
    items: typeof init.body === 'string' ? (JSON.parse(init.body) as { items: number[] }).items : [],
  }
  calls.push(call)
  return respond(call)
}

const deps = (extra: Partial<RoundDeps> = {}): RoundDeps => ({
  db,
  fetch: fetchStub,
  now: () => clock,
  tokenFor: async (userId) => tokens[userId],
  ...extra,
})
const run = (onRefused: 'keep' | 'drop' = 'keep', extra: Partial<RoundDeps> = {}, batchSize = 3) =>
  runQueue(policy(onRefused, batchSize), deps(extra))

/** Keeps items 1..n for a user, made a second apart (`at`). */
async function keep(userId: number, ...ns: number[]): Promise<void> {
  for (const n of ns) await db.add('queue', newRecord('forms', userId, { n }, `key-${userId}-${n}`, new Date(T0 + n * 1000)))
}
const waiting = async (userId = 7) =>
  ((await db.getAllFromIndex('queue', 'scope', IDBKeyRange.only(['forms', userId, 'pending']))) as Item[]).map((item) => item.payload.n)
const sent = () => calls.flatMap((call) => call.items)
const error = (status: number, message: string, code = 'x', headers: Record<string, string> = {}) =>
  Response.json({ error: { code, message } }, { status, headers })

test('a user’s entries go in the order made, a request for each three, with that user’s token; one alone carries its key', async () => {
  await keep(7, 1, 2, 3, 4)
  const summary = await run()
  expect(calls.map((call) => call.items)).toEqual([[1, 2, 3], [4]])
  expect(calls.map((call) => call.authorization)).toEqual(['Bearer token-of-7', 'Bearer token-of-7'])
  expect(calls.map((call) => call.key)).toEqual([null, 'key-7-4'])
  expect(summary).toMatchObject({ sent: 4, refused: 0, waiting: 0, retryAt: null, wakeAt: null })
  expect(await waiting()).toEqual([])
  // Only sent: said so, for pages that show no more than what waits.
  expect(heard).toContainEqual({ type: 'queue-changed', queue: 'forms', userId: 7, sentOnly: true })
})

test('nobody’s entries (user 0) go with no token and no cookie; a user’s wait while this runtime has no token of theirs', async () => {
  await keep(0, 1)
  await keep(9, 2)
  const summary = await run()
  expect(calls).toMatchObject([{ items: [1], authorization: null, credentials: 'omit' }])
  expect(summary).toMatchObject({ sent: 1, waiting: 1, retryAt: null })
  expect(await waiting(9)).toEqual([2])
})

test('no network, 408, 5xx and an answer that is no answer back off: 1 s doubling to the most, the entries kept and held in order', async () => {
  await keep(7, 1, 2)
  respond = () => {
    throw new TypeError('Failed to fetch')
  }
  expect(await run()).toMatchObject({ sent: 0, waiting: 2, retryAt: T0 + 1000 })
  // Not due yet: nothing is tried.
  expect(await run()).toMatchObject({ waiting: 2, retryAt: T0 + 1000 })
  expect(calls).toHaveLength(1)
  for (const [status, pause] of [
    [408, 2000],
    [503, 4000],
    [500, 8000],
    [502, 8000],
  ]) {
    clock = (await readQueueState(db, 'forms', 7)).nextAttemptAt
    respond = () => error(status, 'Busy')
    const summary = await run()
    expect(summary.retryAt, `after ${status}`).toBe(clock + pause)
  }
  expect(await waiting()).toEqual([1, 2])
  expect(backoffMs({ baseMs: 1000, maxMs: 8000 }, 9)).toBe(8000)
})

test('429 and 503 with Retry-After wait what the server asks (seconds or a date, at most an hour)', async () => {
  await keep(7, 1)
  respond = () => error(429, 'Slow down', 'too_many', { 'Retry-After': '30' })
  expect((await run()).retryAt).toBe(T0 + 30_000)
  clock = T0 + 30_000
  respond = () => error(503, 'Later', 'x', { 'Retry-After': new Date(clock + 90_000).toUTCString() })
  expect((await run()).retryAt).toBe(clock + 90_000)
  const asked = (value: string) => retryAfterMs(new Response(null, { headers: { 'Retry-After': value } }), clock)
  expect(asked('86400')).toBe(3_600_000)
  expect(asked('soon')).toBeUndefined()
})

test('when the connection comes back what backs off goes at once, and a success starts the back-off afresh', async () => {
  await keep(7, 1)
  respond = () => error(503, 'Down')
  await run()
  await run('keep', { retryNow: true })
  expect((await readQueueState(db, 'forms', 7)).tries).toBe(2)
  respond = () => Response.json({ data: {} })
  expect(await run('keep', { retryNow: true })).toMatchObject({ sent: 1, retryAt: null })
  expect(await readQueueState(db, 'forms', 7)).toMatchObject({ tries: 0, nextAttemptAt: 0 })
})

test('a user backing off holds no other user back', async () => {
  await keep(7, 1)
  await keep(8, 2)
  respond = (call) => (call.authorization === 'Bearer token-of-7' ? error(500, 'Down') : Response.json({ data: {} }))
  expect(await run()).toMatchObject({ sent: 1, waiting: 1, retryAt: T0 + 1000 })
  expect(await waiting(8)).toEqual([])
})

test('a 401 waits for another token of that user: the refused one is never tried again', async () => {
  await keep(7, 1, 2)
  respond = () => error(401, 'Signed out')
  expect(await run()).toMatchObject({ unauthorised: true, waiting: 2, retryAt: null })
  expect(await run('keep', { retryNow: true })).toMatchObject({ unauthorised: true })
  expect(calls).toHaveLength(1)
  tokens[7] = 'a-new-token-of-7'
  respond = () => Response.json({ data: {} })
  expect(await run()).toMatchObject({ sent: 2, unauthorised: false })
})

test('signed out while a round is sending: nothing more goes with the old token, and nothing is lost', async () => {
  await keep(7, 1, 2, 3)
  respond = () => {
    // The reader signs out while the first request is on its way.
    tokens[7] = undefined
    return Response.json({ data: {} })
  }
  const summary = await run('keep', {}, 1)
  expect(sent()).toEqual([1])
  expect(summary).toMatchObject({ sent: 1, waiting: 2, retryAt: null, unauthorised: false })
  expect((await readQueueState(db, 'forms', 7)).tries).toBe(0)
  tokens[7] = 'token-of-7-again'
  respond = () => Response.json({ data: {} })
  await run('keep', {}, 1)
  expect(sent()).toEqual([1, 2, 3])
})

test('a 400 splits the request down to the entry at fault; kept, it is refused with the server’s message and the rest go', async () => {
  await keep(7, 1, 2, 3, 4, 5)
  respond = (call) => (call.items.includes(2) ? error(400, 'Item 2 is malformed') : Response.json({ data: {} }))
  const summary = await run('keep', {}, 5)
  expect(calls.map((call) => call.items)).toEqual([[1, 2, 3, 4, 5], [1, 2, 3], [1, 2], [1], [2], [3], [4, 5]])
  expect(summary).toMatchObject({ sent: 4, refused: 1, waiting: 0 })
  expect((await readFailed(db, 'forms', 7)).map((item) => [item.payload, item.error])).toEqual([[{ n: 2 }, 'Item 2 is malformed']])
  expect(heard).toContainEqual({ type: 'queue-changed', queue: 'forms', userId: 7, refused: 'Item 2 is malformed' })
})

test('dropped, a malformed entry leaves only when the server took another in the round: a server refusing everything drops nothing', async () => {
  await keep(7, 1, 2)
  respond = () => error(400, 'Everything is malformed')
  expect(await run('drop')).toMatchObject({ sent: 0, refused: 0, waiting: 2, retryAt: T0 + 1000 })
  clock = T0 + 1000
  respond = (call) => (call.items.includes(2) ? error(400, 'Item 2 is malformed') : Response.json({ data: {} }))
  expect(await run('drop')).toMatchObject({ sent: 1, refused: 1, waiting: 0, retryAt: null })
  expect(await readFailed(db, 'forms', 7)).toEqual([])
  // Dropped entries are nobody's to see: no refusal is told.
  expect(heard.some((message) => message.refused !== undefined)).toBe(false)
})

test('another 4xx refuses the whole request; the next entries still go', async () => {
  await keep(7, 1, 2)
  respond = (call) => (call.items.includes(1) ? error(404, 'No such proverb') : Response.json({ data: {} }))
  expect(await run('keep', {}, 1)).toMatchObject({ sent: 1, refused: 1, waiting: 0 })
  expect((await readFailed(db, 'forms', 7)).map((item) => item.error)).toEqual(['No such proverb'])
  respond = () => error(404, '')
  await keep(7, 3)
  await run('keep', {}, 1)
  expect((await readFailed(db, 'forms', 7)).map((item) => item.error)).toEqual(['No such proverb', 'The server answered 404.'])
})

test('a refused entry goes again when the reader asks, or leaves when they let it go', async () => {
  await keep(7, 1, 2)
  respond = () => error(409, 'Not now')
  await run('keep', {}, 1)
  expect(await retryFailed(db, 'forms', 7, ['key-7-1'])).toBe(1)
  expect(await waiting()).toEqual([1])
  expect(await discardFailed(db, 'forms', 7, 'key-7-2')).toBe(true)
  expect(await discardFailed(db, 'forms', 8, 'key-7-1')).toBe(false)
  expect(await readFailed(db, 'forms', 7)).toEqual([])
})

test('a device clock running fast: the entry called early waits with the ones after it, those before go, and a timer (no back-off) tries it', async () => {
  await keep(7, 1, 2, 3, 4)
  // The server's clock is 20 minutes behind this device's: items from 3 on are too far ahead of it.
  const serverNow = T0 - 20 * 60_000
  respond = (call) =>
    call.items.some((n) => n >= 3)
      ? error(400, `Item ${Math.min(...call.items.filter((n) => n >= 3))} is early`, CLOCK_AHEAD, {
          Date: new Date(serverNow).toUTCString(),
        })
      : Response.json({ data: {} })
  const summary = await run('drop', {}, 4)
  // All four, split: 1 and 2 taken; 3 and 4, split: 3 early, and 4 after it not tried.
  expect(calls.map((call) => call.items)).toEqual([[1, 2, 3, 4], [1, 2], [3, 4], [3]])
  expect(summary).toMatchObject({ sent: 2, refused: 0, waiting: 2, retryAt: null })
  // Due when the server's clock is within five minutes of item 3 (made at T0 + 3 s): in 15 minutes 3 s, a second to spare.
  expect(summary.wakeAt).toBe(T0 + 15 * 60_000 + 4000)
  expect(await readQueueState(db, 'forms', 7)).toMatchObject({
    earlyAt: new Date(T0 + 3000).toISOString(),
    clockAheadMs: 20 * 60_000,
    tries: 0,
  })
  expect(await waiting()).toEqual([3, 4])

  // A later round tries the early one alone, and nothing after it while it is early.
  calls = []
  await keep(7, 0)
  await run('drop', {}, 4)
  expect(calls.map((call) => call.items)).toEqual([[0], [3]])

  // The server's clock has caught up: it and the rest go.
  calls = []
  respond = () => Response.json({ data: {} })
  expect(await run('drop', {}, 4)).toMatchObject({ sent: 2, waiting: 0, wakeAt: null })
  expect(calls.map((call) => call.items)).toEqual([[3], [4]])
  expect(await readQueueState(db, 'forms', 7)).toMatchObject({ earlyAt: null, clockAheadMs: null })
})

test('two rounds at once never send an entry twice, and entries kept while a round runs go in it', async () => {
  await keep(7, 1)
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  respond = async (call) => {
    if (call.items.includes(1)) {
      await keep(7, 2)
      await gate
    }
    return Response.json({ data: {} })
  }
  const first = run('keep', {}, 1)
  const second = run('keep', {}, 1)
  await new Promise((resolve) => setTimeout(resolve, 20))
  release()
  const [a, b] = await Promise.all([first, second])
  expect(sent()).toEqual([1, 2])
  expect(a.sent + b.sent).toBe(2)
})

test('rounds hold the queue’s Web Lock where there is one, so the page and the worker never send at once', async () => {
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
  await keep(7, 1)
  await Promise.all([run(), run()])
  expect(held).toEqual(['owe-forms', 'owe-forms'])
  expect(most).toBe(1)
  expect(calls).toHaveLength(1)
})

test('a device on the version before keeps what waited: quiz answers, analytics events and the learning log’s place move into the one queue', async () => {
  db.close()
  globalThis.indexedDB = new IDBFactory()
  const v4 = await openDB(OFFLINE_DB_NAME, 4, {
    upgrade(raw) {
      raw.createObjectStore('private', { keyPath: ['userId', 'url'] }).createIndex('userId', 'userId')
      const outbox = raw.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
      outbox.createIndex('userId', 'userId')
      outbox.createIndex('batch', ['userId', 'batchId'])
      raw.createObjectStore('quizAnswers', { keyPath: ['userId', 'batchId', 'questionId'] }).createIndex('batch', ['userId', 'batchId'])
      raw.createObjectStore('analytics', { keyPath: 'id' }).createIndex('at', 'at')
      raw.createObjectStore('learningSync', { keyPath: 'userId' })
    },
  })
  const answer = {
    userId: 7,
    batchId: 41,
    kind: 'answer',
    questionId: 1,
    answerOptionId: 11,
    state: 'pending',
    tries: 3,
    nextAttemptAt: T0,
  }
  await v4.add('outbox', { ...answer, key: 'answer-key', createdAt: T0, error: null, rejectedToken: null })
  await v4.add('outbox', {
    ...answer,
    key: 'refused-key',
    questionId: 2,
    state: 'failed',
    createdAt: T0 + 1,
    error: 'Closed.',
    rejectedToken: null,
  })
  const later = { id: 'event-2', type: 'page_view', at: new Date(T0 + 5000).toISOString(), path: '/' }
  const earlier = { id: 'event-1', type: 'page_view', at: new Date(T0).toISOString(), path: '/' }
  await v4.put('analytics', later)
  await v4.put('analytics', earlier)
  await v4.put('learningSync', { userId: 7, cursor: 42, tries: 0, nextAttemptAt: 0, rejectedToken: null })
  v4.close()

  db = await openOfflineDb()
  expect([...db.objectStoreNames].some((name) => ['outbox', 'analytics', 'learningSync'].includes(name))).toBe(false)
  const moved = await db.getAll('queue')
  expect(moved.map(({ queue, key, userId, state, error }) => [queue, key, userId, state, error])).toEqual([
    ['outbox', 'answer-key', 7, 'pending', null],
    ['outbox', 'refused-key', 7, 'failed', 'Closed.'],
    ['analytics', 'event-1', 0, 'pending', null],
    ['analytics', 'event-2', 0, 'pending', null],
  ])
  expect(moved[0]).toMatchObject({
    at: new Date(T0).toISOString(),
    payload: { batchId: 41, kind: 'answer', questionId: 1, answerOptionId: 11 },
  })
  expect(moved[2].payload).toEqual(earlier)
  expect(await readQueueState(db, 'learning', 7)).toMatchObject({ cursor: 42, earlyAt: null, clockAheadMs: null })
})
