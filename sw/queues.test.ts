import { afterEach, beforeEach, expect, test } from 'vitest'
import type { AnalyticsEvent, EventBatch } from '../src/core/analytics/contract'
import { API } from '../src/core/http/api-paths'
import { replayDeck } from '../src/core/learning/schedule'
import { dateEntry, readCounts, recordEntry } from '../src/offline/learning'
import type { QueueCommand, QueueRetryNotice } from '../src/offline/messages'
import { enqueueAnswer } from '../src/offline/outbox'
import { queuePolicies } from '../src/offline/queues'
import type { OfflineDb } from '../src/offline/schema'
import { setOwner, tokenDigest } from '../src/offline/store'
import { freshDb, onye } from '../src/offline/test-fixtures'
import { learningServer, type LearningServer } from '../src/offline/test-learning-server'
import { cookieTokenFrom, createQueueWorker, isQueueCommand, ownerTokenFor, type QueueWorker, type QueueWorkerDeps } from './queues'

// The worker's one adapter for every queue (src/offline/queue.ts): the tokens it may use, Background Sync, a page's
// command and its answer, timers; with the quiz outbox, the learning log and analytics as they run in it.

const T0 = Date.UTC(2026, 10, 23, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'

let db: OfflineDb
let clock: number
let server: LearningServer
/** The quiz answers and analytics batches the worker sent: who with, and under which key. */
let sent: { url: string; authorization: string | null; key: string | null; events?: AnalyticsEvent[] }[]
let status: number
let online: boolean
let cookie: string | undefined
let timers: { work: () => void; ms: number }[]
let registered: string[]

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  server = learningServer({ tokens: { [TOKEN_7]: 7, [TOKEN_8]: 8 } })
  sent = []
  status = 200
  online = true
  cookie = undefined
  timers = []
  registered = []
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN_7) })
})

afterEach(() => {
  db.close()
})

/** The server: the learning log's stand-in, a proverb the deck needs, and quiz answers and events answered `status`. */
const fetcher: QueueWorkerDeps['fetch'] = async (url, init) => {
  if (url.startsWith(API.learningLog)) return server.fetch(url, init)
  if (url === API.proverbPublic(onye.id)) return Response.json({ data: onye })
  if (!online) throw new TypeError('Failed to fetch')
  const headers = new Headers(init.headers)
  const events = url === API.events ? (JSON.parse(init.body as string) as EventBatch).events : undefined
  sent.push({ url, authorization: headers.get('Authorization'), key: headers.get('Idempotency-Key'), events })
  return Response.json(status < 300 ? { data: {} } : { error: { code: 'x', message: 'down' } }, { status })
}

const worker = (): QueueWorker =>
  createQueueWorker({
    db: async () => db,
    fetch: fetcher,
    now: () => clock,
    policies: queuePolicies(async () => replayDeck),
    cookieToken: async () => cookie,
    online: () => online,
    registerSync: async (tag) => void registered.push(tag),
    setTimer: (work, ms) => timers.push({ work, ms }),
    clearTimer: () => undefined,
  })

const answer = (userId = 7, questionId = 1) => enqueueAnswer(db, { userId, batchId: 41, questionId, answerOptionId: 11 }, T0)
const record = (userId: number, proverbId = onye.id, kind: 'add' | 'read' = 'add') =>
  recordEntry(db, userId, dateEntry({ kind, proverbId }, new Date(clock)))
const posted = () => server.calls.filter((c) => c.method === 'POST')
const waitingAnswers = () => db.countFromIndex('queue', 'scope', IDBKeyRange.only(['outbox', 7, 'pending']))

function syncEvent(tag: string) {
  const work: Promise<unknown>[] = []
  return { event: { tag, waitUntil: (p: Promise<unknown>) => void work.push(p) }, work }
}

/** A page's message to the worker: what the worker told that page back. */
async function command(on: QueueWorker, data: unknown): Promise<QueueRetryNotice[]> {
  const notices: QueueRetryNotice[] = []
  const work: Promise<unknown>[] = []
  on.onMessage(
    data,
    (p) => void work.push(p),
    (n) => notices.push(n),
  )
  await Promise.all(work)
  return notices
}

const proverbView = (n: number): AnalyticsEvent => ({
  id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'proverb_view',
  at: new Date(T0 + n * 1000).toISOString(),
  path: '/search_result',
  slug: `yoruba-${n}`,
})

test('a page’s token serves the owner’s own entries only; the cookie is read through cookieStore where there is one', async () => {
  expect(await ownerTokenFor(db, 7, [async () => TOKEN_7])).toBe(TOKEN_7)
  expect(await ownerTokenFor(db, 7, [async () => TOKEN_8])).toBeUndefined()
  // User 8's entries: not with 7's token, and not with 8's either while 8 does not own the device.
  expect(await ownerTokenFor(db, 8, [async () => TOKEN_7, async () => TOKEN_8])).toBeUndefined()
  expect(await ownerTokenFor(db, 7, [() => Promise.reject(new Error('no cookies')), async () => TOKEN_7])).toBe(TOKEN_7)
  expect(await cookieTokenFrom({})()).toBeUndefined()
  const cookieStore = { get: async (name: string) => (name === 'userToken' ? { name, value: 'a%2Bb' } : null) } as unknown as CookieStore
  expect(await cookieTokenFrom({ cookieStore })()).toBe('a+b')
})

test('a page’s command sends with its token, every queue when none is named; another user’s entries wait', async () => {
  await answer(7)
  await answer(8)
  await record(7)
  expect(isQueueCommand({ type: 'QUEUE_SEND', token: TOKEN_7 } satisfies QueueCommand)).toBe(true)
  expect(isQueueCommand({ type: 'SKIP_WAITING' })).toBe(false)
  await command(worker(), { type: 'QUEUE_SEND', token: TOKEN_7 } satisfies QueueCommand)
  expect(sent.map((s) => [s.url, s.authorization])).toEqual([['/quiz_attempt/submit-single', `Bearer ${TOKEN_7}`]])
  expect(await db.countFromIndex('queue', 'scope', IDBKeyRange.only(['outbox', 8, 'pending']))).toBe(1)
  // The learning log went too, was pulled, and the deck's proverb is kept for offline review.
  expect(server.log(7)).toHaveLength(1)
  expect(server.calls.some((c) => c.method === 'GET' && c.path === `${API.learningLog}?after=0`)).toBe(true)
  expect((await db.get('proverbs', onye.id))?.proverb).toEqual(onye)
})

test('without a page the cookie is used, and only when it is the owner’s; with nobody owning the device nothing goes', async () => {
  await answer(7)
  const queues = worker()
  cookie = TOKEN_8
  expect(await queues.run('outbox')).toMatchObject({ sent: 0, waiting: 1 })
  cookie = TOKEN_7
  expect(await queues.run('outbox')).toMatchObject({ sent: 1, waiting: 0 })
  expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN_7}`])
  await record(7)
  await db.delete('meta', 'owner')
  expect(await queues.run('learning')).toMatchObject({ sent: 0, waiting: 1 })
  expect(server.calls).toEqual([])
})

test('a sync event fails while its queue backs off (the browser tries again later), a timer tries again, and the page hears when', async () => {
  await answer(7)
  cookie = TOKEN_7
  status = 503
  const queues = worker()
  const first = syncEvent('owe-outbox')
  queues.onSync(first.event)
  await expect(Promise.all(first.work)).rejects.toThrow('The outbox queue waits to be sent (1)')
  expect(timers.map((t) => t.ms)).toEqual([1000])

  expect(await command(queues, { type: 'QUEUE_SEND', queue: 'outbox', token: TOKEN_7, retryNow: true })).toEqual([
    { type: 'QUEUE_RETRY', queue: 'outbox', inMs: 2000, failed: true },
  ])
  expect(registered).toEqual(['owe-outbox'])

  // The timer fires once the entry is due; the server is back.
  status = 200
  clock += 2000
  timers.at(-1)!.work()
  await expect.poll(waitingAnswers).toBe(0)
  expect(new Set(sent.map((s) => s.key)).size).toBe(1)

  const second = syncEvent('owe-outbox')
  queues.onSync(second.event)
  await expect(Promise.all(second.work)).resolves.toBeDefined()
})

test('a sync event passes when entries only wait for their user’s sign-in, or for the server’s clock; other tags are not the queues’', async () => {
  await answer(7)
  const queues = worker()
  const outbox = syncEvent('owe-outbox')
  queues.onSync(outbox.event)
  await expect(Promise.all(outbox.work)).resolves.toBeDefined()
  expect(sent).toEqual([])
  expect(timers).toEqual([])

  // This device's clock is 12 minutes fast: an add made now is 12 minutes ahead of the server's clock.
  server = learningServer({ tokens: { [TOKEN_7]: 7 }, now: () => clock - 12 * 60_000 })
  await record(7)
  cookie = TOKEN_7
  const learning = syncEvent('owe-learning')
  queues.onSync(learning.event)
  await Promise.all(learning.work)
  // Due when the server's clock is five minutes from the add's time (and a second for the Date header's rounding).
  expect(timers.map((t) => t.ms)).toEqual([7 * 60_000 + 1000])
  expect(server.log(7)).toEqual([])
  // The add is not on the server yet: its proverb is kept on the device all the same.
  expect((await db.get('proverbs', onye.id))?.proverb).toEqual(onye)
  // The page hears when; no Background Sync is asked for (the connection is not the matter).
  expect(await command(queues, { type: 'QUEUE_SEND', queue: 'learning', token: TOKEN_7 })).toEqual([
    { type: 'QUEUE_RETRY', queue: 'learning', inMs: 7 * 60_000 + 1000, failed: false },
  ])
  expect(registered).toEqual([])
  clock += 7 * 60_000 + 1000
  timers.at(-1)!.work()
  await expect.poll(() => server.log(7).length).toBe(1)
  expect(await readCounts(db, 7, clock)).toMatchObject({ deck: 1 })

  const other = syncEvent('something-else')
  queues.onSync(other.event)
  expect(other.work).toEqual([])
})

test('after a sign-out the token a page left is not used, though the owner record has not gone yet', async () => {
  const queues = worker()
  // Online, the page asked for a round: nothing to send, but the worker now holds 7's token.
  await command(queues, { type: 'QUEUE_SEND', token: TOKEN_7 })
  // Offline, 7 answers and signs out: the page's notice comes first, the owner record leaves later.
  await answer(7)
  await record(7)
  await command(queues, { type: 'SIGNED_OUT' })
  for (const tag of ['owe-outbox', 'owe-learning']) {
    const { event, work } = syncEvent(tag)
    queues.onSync(event)
    await Promise.all(work)
  }
  expect(sent).toEqual([])
  expect(posted()).toEqual([])
  // 7 signs in again: their new command's token sends both.
  await command(queues, { type: 'QUEUE_SEND', token: TOKEN_7 })
  expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN_7}`])
  expect(posted().map((c) => c.token)).toEqual([TOKEN_7])
})

test('analytics events a page hands over are kept and sent at once online, with no token', async () => {
  await command(worker(), { type: 'QUEUE_SEND', queue: 'analytics', token: TOKEN_7, add: [proverbView(1), proverbView(2)] })
  expect(sent).toEqual([{ url: API.events, authorization: null, key: null, events: [proverbView(1), proverbView(2)] }])
  expect(await db.count('queue')).toBe(0)
})

test('offline, events wait on the device with their own times and a sync tag; the page’s “back online” sends them once', async () => {
  online = false
  const queues = worker()
  await command(queues, { type: 'QUEUE_SEND', queue: 'analytics', add: [proverbView(1)] })
  await command(queues, { type: 'QUEUE_SEND', queue: 'analytics', add: [proverbView(2)] })
  expect(sent).toEqual([])
  expect(registered).toEqual(['owe-analytics', 'owe-analytics'])
  online = true
  await command(queues, { type: 'QUEUE_SEND', queue: 'analytics', add: [], retryNow: true })
  expect(sent.map((s) => s.events)).toEqual([[proverbView(1), proverbView(2)]])
})

test('at start the worker sends what an earlier one left, in every queue', async () => {
  online = false
  await answer(7)
  await answer(7, 2)
  await command(worker(), { type: 'QUEUE_SEND', queue: 'analytics', add: [proverbView(3)] })
  expect(sent).toEqual([])
  online = true
  cookie = TOKEN_7
  await worker().runAll()
  expect(sent.map((s) => s.url)).toEqual(['/quiz_attempt/submit-single', '/quiz_attempt/submit-single', API.events])
  expect(await waitingAnswers()).toBe(0)
  expect(await db.count('queue')).toBe(0)
})
