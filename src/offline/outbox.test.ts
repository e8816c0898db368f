import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { QueueChanged } from './messages'
import { discardFailed, enqueueAnswer, enqueueClose, outboxQueue, readBatchDelivery, readFailed, retryFailed } from './outbox'
import { backoffMs, readQueueState, runQueue, type QueueSummary, type RoundDeps } from './queue'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb } from './schema'
import { readPrivate, removeOtherUsersData, removeUserData, savePrivate, setOwner, tokenDigest } from './store'
import { freshDb, hearQueues } from './test-fixtures'

const T0 = Date.UTC(2026, 10, 23, 9)
const BATCH = 41

type Call = { url: string; key: string | null; authorization: string | null; body: unknown }

let db: OfflineDb
let clock: number
let calls: Call[]
/** The server's answer to each request; by default it takes everything. */
let respond: (call: Call) => Response | Promise<Response>
let heard: QueueChanged[]
let hearing: ReturnType<typeof hearQueues>

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  calls = []
  respond = () => Response.json({ data: {} })
  hearing = hearQueues()
  heard = hearing.heard
})

afterEach(() => {
  hearing.close()
  vi.unstubAllGlobals()
  db.close()
})

const fetchStub: RoundDeps['fetch'] = async (url, init) => {
  const headers = new Headers(init.headers)
  const call: Call = {
    url,
    key: headers.get('Idempotency-Key'),
    authorization: headers.get('Authorization'),
    body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
  }
  calls.push(call)
  return respond(call)
}

const tokensOf = (tokens: Record<number, string>) => async (userId: number) => tokens[userId]
const deps = (tokens: Record<number, string> = { 7: 'token-of-7' }): RoundDeps => ({
  db,
  fetch: fetchStub,
  now: () => clock,
  tokenFor: tokensOf(tokens),
})
/** What a round did, as the quiz sees it: sent, refused (now in "could not send"), still waiting, and when due again. */
const short = ({ sent, refused, waiting, retryAt }: QueueSummary) => ({ sent, failed: refused, waiting, retryAt })
const drain = async (tokens?: Record<number, string>) => short(await runQueue(outboxQueue, deps(tokens)))
const drainNow = async () => short(await runQueue(outboxQueue, { ...deps(), retryNow: true }))
const entries = async () => (await db.getAll('queue')).map(({ payload, ...entry }) => ({ ...entry, ...(payload as object) }))
const BACKOFF = outboxQueue.backoff

const answer = (questionId: number, answerOptionId: number, userId = 7, batchId = BATCH) =>
  enqueueAnswer(db, { userId, batchId, questionId, answerOptionId }, clock)
const sentAnswers = () =>
  calls.map(
    (c) =>
      (c.body as { ethnicFactQuestionId: number; answerOptionId: number } | null) && [
        (c.body as { ethnicFactQuestionId: number }).ethnicFactQuestionId,
        (c.body as { answerOptionId: number }).answerOptionId,
      ],
  )
const errorBody = (status: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ error: { code: 'x', message } }, { status, headers })

test('an answer is stored with its own key and shown as saved, in one step', async () => {
  const key = await answer(1, 11)
  expect(key).toMatch(/^[0-9a-f-]{36}$/)
  const [entry] = await entries()
  expect(entry).toMatchObject({
    queue: 'outbox',
    key,
    kind: 'answer',
    state: 'pending',
    at: new Date(T0).toISOString(),
    userId: 7,
    batchId: BATCH,
    questionId: 1,
    answerOptionId: 11,
  })
  const delivery = await readBatchDelivery(db, 7, BATCH)
  expect(delivery).toMatchObject({
    answers: { 1: { answerOptionId: 11, delivery: 'saved', error: null } },
    pending: 1,
    closeQueued: false,
    synced: false,
  })
  expect(heard).toEqual([{ type: 'queue-changed', queue: 'outbox', userId: 7 }])
})

test('entries are sent in the order made, the close after the answers, each with its key and its user’s token', async () => {
  const keys = [await answer(1, 11), await answer(2, 21), await answer(1, 12), await enqueueClose(db, { userId: 7, batchId: BATCH }, clock)]
  expect(await drain()).toEqual({ sent: 4, failed: 0, waiting: 0, retryAt: null })
  expect(calls.map((c) => c.url)).toEqual([
    '/quiz_attempt/submit-single',
    '/quiz_attempt/submit-single',
    '/quiz_attempt/submit-single',
    `/quiz-batch/update_attempt/${BATCH}`,
  ])
  expect(sentAnswers()).toEqual([[1, 11], [2, 21], [1, 12], null])
  expect(calls[0].body).toEqual({ batchId: BATCH, answerOptionId: 11, ethnicFactQuestionId: 1 })
  expect(calls.map((c) => c.key)).toEqual(keys)
  expect(calls.every((c) => c.authorization === 'Bearer token-of-7')).toBe(true)
  expect(await db.count('queue')).toBe(0)
  expect(await readBatchDelivery(db, 7, BATCH)).toEqual({
    answers: {
      1: { answerOptionId: 12, delivery: 'delivered', error: null },
      2: { answerOptionId: 21, delivery: 'delivered', error: null },
    },
    pending: 0,
    failed: [],
    closeQueued: true,
    closeDelivered: true,
    synced: true,
  })
})

test('a close already waiting is not queued twice', async () => {
  const first = await enqueueClose(db, { userId: 7, batchId: BATCH }, clock)
  expect(await enqueueClose(db, { userId: 7, batchId: BATCH }, clock)).toBe(first)
  expect(await db.count('queue')).toBe(1)
})

test('an entry whose answer was lost is sent again with the same key, and a replay counts as delivered', async () => {
  const seen = new Set<string>()
  let lose = true
  respond = (call) => {
    const replayed = seen.has(call.key!)
    seen.add(call.key!)
    if (lose) {
      lose = false
      throw new TypeError('Failed to fetch') // the server has it; the answer never arrived
    }
    return Response.json({ data: { replayed } })
  }
  const key = await answer(1, 11)
  expect(await drain()).toMatchObject({ sent: 0, waiting: 1 })
  clock += 1000
  expect(await drain()).toMatchObject({ sent: 1, waiting: 0 })
  expect(calls.map((c) => c.key)).toEqual([key, key])
  expect(seen.size).toBe(1)
  expect((await readBatchDelivery(db, 7, BATCH)).answers[1].delivery).toBe('delivered')
})

test('5xx, 408, 429 and network errors back off (1 s doubling, at most a minute) and hold the user’s later entries', async () => {
  const failures = [
    () => errorBody(503, 'down'),
    () => errorBody(408, 'slow'),
    () => errorBody(429, 'busy'),
    () => Promise.reject(new TypeError('Failed to fetch')),
    () => errorBody(500, 'oops'),
  ]
  let next = 0
  respond = () => failures[next++]()
  await answer(1, 11)
  await answer(2, 21)
  let expected = T0
  for (const tries of [1, 2, 3, 4, 5]) {
    const summary = await drain()
    expected = clock + backoffMs(BACKOFF, tries)
    expect(summary).toEqual({ sent: 0, failed: 0, waiting: 2, retryAt: expected })
    expect(calls).toHaveLength(tries) // the second answer is never sent before the first
    // Not sent again before its time.
    clock = expected - 1
    expect(await drain()).toMatchObject({ waiting: 2, retryAt: expected })
    expect(calls).toHaveLength(tries)
    clock = expected
  }
  expect([1, 2, 3, 20].map((tries) => backoffMs(BACKOFF, tries))).toEqual([1000, 2000, 4000, 60_000])
  expect(await readQueueState(db, 'outbox', 7)).toMatchObject({ tries: 5, nextAttemptAt: expected })
  respond = () => Response.json({ data: {} })
  expect(await drain()).toEqual({ sent: 2, failed: 0, waiting: 0, retryAt: null })
  expect(sentAnswers().slice(-2)).toEqual([
    [1, 11],
    [2, 21],
  ])
})

test('when the connection comes back, entries backing off are sent at once', async () => {
  respond = () => Promise.reject(new TypeError('Failed to fetch'))
  await answer(1, 11)
  await answer(2, 21)
  for (let i = 0; i < 6; i++) await drainNow()
  expect(await readQueueState(db, 'outbox', 7)).toMatchObject({ tries: 6, nextAttemptAt: T0 + backoffMs(BACKOFF, 6) })
  respond = () => Response.json({ data: {} })
  // Not yet due: an ordinary drain waits; the one an `online` or sync event asks for sends.
  expect(await drain()).toMatchObject({ sent: 0, waiting: 2 })
  expect(await drainNow()).toEqual({ sent: 2, failed: 0, waiting: 0, retryAt: null })
})

test('a backing-off user does not hold another user’s entries back', async () => {
  respond = (call) => (call.authorization === 'Bearer token-of-7' ? errorBody(503, 'down') : Response.json({ data: {} }))
  await answer(1, 11, 7)
  await answer(1, 12, 8)
  expect(await drain({ 7: 'token-of-7', 8: 'token-of-8' })).toEqual({ sent: 1, failed: 0, waiting: 1, retryAt: T0 + 1000 })
})

test('a 401 waits until the same user has another token', async () => {
  respond = (call) => (call.authorization === 'Bearer old-token' ? errorBody(401, 'expired') : Response.json({ data: {} }))
  await answer(1, 11)
  await answer(2, 21)
  expect(await drain({ 7: 'old-token' })).toEqual({ sent: 0, failed: 0, waiting: 2, retryAt: null })
  expect((await readQueueState(db, 'outbox', 7)).rejectedToken).toBe(await tokenDigest('old-token'))
  clock += 3_600_000
  expect(await drain({ 7: 'old-token' })).toMatchObject({ sent: 0, waiting: 2 })
  expect(calls).toHaveLength(1)
  // Another user's token changes nothing for user 7's entries.
  expect(await drain({ 8: 'token-of-8' })).toMatchObject({ sent: 0, waiting: 2 })
  expect(calls).toHaveLength(1)
  expect(await drain({ 7: 'new-token' })).toMatchObject({ sent: 2, waiting: 0 })
  expect(calls.slice(1).map((c) => c.authorization)).toEqual(['Bearer new-token', 'Bearer new-token'])
})

test('other 4xx go to the "could not send" list with the server’s message, and the rest go on', async () => {
  respond = (call) =>
    (call.body as { ethnicFactQuestionId: number } | null)?.ethnicFactQuestionId === 1
      ? errorBody(409, 'This quiz is closed.')
      : Response.json({ data: {} })
  const key = await answer(1, 11)
  await answer(2, 21)
  expect(await drain()).toEqual({ sent: 1, failed: 1, waiting: 0, retryAt: null })
  expect(await readFailed(db, 7)).toEqual([
    {
      key,
      kind: 'answer',
      batchId: BATCH,
      questionId: 1,
      answerOptionId: 11,
      error: 'This quiz is closed.',
      at: new Date(T0).toISOString(),
    },
  ])
  const delivery = await readBatchDelivery(db, 7, BATCH)
  expect(delivery.answers[1]).toEqual({ answerOptionId: 11, delivery: 'failed', error: 'This quiz is closed.' })
  expect(delivery.answers[2].delivery).toBe('delivered')
  expect(delivery).toMatchObject({ pending: 0, synced: false })
  expect(delivery.failed.map((f) => f.key)).toEqual([key])
  // Refused entries are not sent again by themselves.
  expect(await drain()).toEqual({ sent: 0, failed: 0, waiting: 0, retryAt: null })
  expect(calls).toHaveLength(2)
})

test('a refused entry without a message gets one', async () => {
  respond = () => new Response('nope', { status: 404 })
  await answer(1, 11)
  await drain()
  expect((await readFailed(db, 7))[0].error).toBe('The server answered 404.')
})

test('retry puts refused entries back in their place; discard forgets them', async () => {
  respond = () => errorBody(404, 'Unknown question.')
  const a = await answer(1, 11)
  const b = await answer(2, 21)
  await drain()
  expect((await readFailed(db, 7)).map((f) => f.key)).toEqual([a, b])

  expect(await discardFailed(db, 7, b)).toBe(true)
  expect(await discardFailed(db, 8, a)).toBe(false) // only its own user's
  expect((await readBatchDelivery(db, 7, BATCH)).answers[2]).toBeUndefined()

  expect(await retryFailed(db, 7)).toBe(1)
  expect((await entries())[0]).toMatchObject({ key: a, state: 'pending', error: null })
  expect((await readBatchDelivery(db, 7, BATCH)).answers[1]).toEqual({ answerOptionId: 11, delivery: 'saved', error: null })
  respond = () => Response.json({ data: {} })
  expect(await drain()).toMatchObject({ sent: 1 })
  expect(calls.at(-1)!.key).toBe(a)
  expect(await readBatchDelivery(db, 7, BATCH)).toMatchObject({ synced: true, answers: { 1: { delivery: 'delivered' } } })
})

test('a later choice replaces a refused one, and a receipt for an older choice does not mark a newer one delivered', async () => {
  respond = () => errorBody(400, 'Not an option of this question.')
  await answer(1, 11)
  await drain()
  await answer(1, 12)
  expect(await readFailed(db, 7)).toEqual([])
  // The newer choice is still on its way when an older one's receipt arrives.
  await answer(1, 13)
  respond = (call) =>
    (call.body as { answerOptionId: number }).answerOptionId === 13 ? errorBody(503, 'down') : Response.json({ data: {} })
  await drain()
  expect((await readBatchDelivery(db, 7, BATCH)).answers[1]).toEqual({ answerOptionId: 13, delivery: 'saved', error: null })
})

test('a user’s entries are never sent while only another user’s token is here', async () => {
  await answer(1, 11, 7)
  await answer(1, 31, 8)
  await answer(2, 12, 7)
  expect(await drain({ 8: 'token-of-8' })).toEqual({ sent: 1, failed: 0, waiting: 2, retryAt: null })
  expect(calls.map((c) => [c.authorization, c.body])).toEqual([
    ['Bearer token-of-8', { batchId: BATCH, answerOptionId: 31, ethnicFactQuestionId: 1 }],
  ])
  expect(await drain({ 7: 'token-of-7' })).toMatchObject({ sent: 2 })
  expect(calls.slice(1).map((c) => c.authorization)).toEqual(['Bearer token-of-7', 'Bearer token-of-7'])
})

test('entries queued while a drain runs are sent by it', async () => {
  respond = async (call) => {
    if ((call.body as { ethnicFactQuestionId: number }).ethnicFactQuestionId === 1) await answer(2, 21)
    return Response.json({ data: {} })
  }
  await answer(1, 11)
  expect(await drain()).toMatchObject({ sent: 2 })
})

test('every change is announced on the queue channel', async () => {
  await answer(1, 11)
  await drain()
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(heard).toEqual([
    { type: 'queue-changed', queue: 'outbox', userId: 7 },
    { type: 'queue-changed', queue: 'outbox', userId: 7, sentOnly: true },
  ])
})

test('sign-out and a new owner keep a user’s outbox and answers; their private reads go', async () => {
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest('token-of-7') })
  await savePrivate(db, 7, '/quiz-batch/user/recent/all', { data: [] }, T0)
  await answer(1, 11, 7)
  await enqueueClose(db, { userId: 7, batchId: BATCH }, T0)
  await removeUserData(db, 7)
  await removeOtherUsersData(db, 8)
  expect(await readPrivate(db, 7, '/quiz-batch/user/recent/all')).toBeUndefined()
  expect(await db.count('queue')).toBe(2)
  expect(await readBatchDelivery(db, 7, BATCH)).toMatchObject({
    pending: 2,
    closeQueued: true,
    answers: { 1: { answerOptionId: 11, delivery: 'saved' } },
  })
  // Back in: they go.
  expect(await drain({ 7: 'token-of-7-again' })).toMatchObject({ sent: 2 })
})

test('a device on the first schema gains the queues and keeps what it had', async () => {
  db.close()
  globalThis.indexedDB = new IDBFactory()
  const v1 = await openDB(OFFLINE_DB_NAME, 1, {
    upgrade: (raw) => void raw.createObjectStore('private', { keyPath: ['userId', 'url'] }).createIndex('userId', 'userId'),
  })
  await v1.put('private', { userId: 7, url: '/api/proverbs/marks', body: 1, savedAt: T0 })
  v1.close()
  db = await openOfflineDb()
  expect([...db.objectStoreNames]).toEqual(expect.arrayContaining(['queue', 'queueState', 'quizAnswers', 'private']))
  expect([...db.objectStoreNames]).not.toContain('outbox')
  expect(await readPrivate(db, 7, '/api/proverbs/marks')).toEqual({ data: 1, savedAt: T0 })
  await answer(1, 11)
  expect(await db.count('queue')).toBe(1)
})
