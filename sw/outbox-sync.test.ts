import { afterEach, beforeEach, expect, test } from 'vitest'
import type { OutboxRetryNotice } from '../src/offline/messages'
import { enqueueAnswer } from '../src/offline/outbox'
import type { OfflineDb } from '../src/offline/schema'
import { setOwner, tokenDigest } from '../src/offline/store'
import { freshDb } from '../src/offline/test-fixtures'
import { cookieTokenFrom, createOutboxSync, isDrainCommand, isSignedOutNotice, ownerTokenFor, type OutboxSyncDeps } from './outbox-sync'

const T0 = Date.UTC(2026, 10, 23, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'

let db: OfflineDb
let clock: number
let sent: { authorization: string | null; key: string | null }[]
let status: number
let cookie: string | undefined
let timers: { work: () => void; ms: number }[]

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  sent = []
  status = 200
  cookie = undefined
  timers = []
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN_7) })
})

afterEach(() => {
  db.close()
})

const deps = (): OutboxSyncDeps => ({
  db: async () => db,
  fetch: async (_url, init) => {
    const headers = new Headers(init.headers)
    sent.push({ authorization: headers.get('Authorization'), key: headers.get('Idempotency-Key') })
    return Response.json(status === 200 ? { data: {} } : { error: { code: 'x', message: 'down' } }, { status })
  },
  now: () => clock,
  cookieToken: async () => cookie,
  setTimer: (work, ms) => timers.push({ work, ms }),
  clearTimer: () => undefined,
})

const answer = (userId = 7, questionId = 1) => enqueueAnswer(db, { userId, batchId: 41, questionId, answerOptionId: 11 }, T0)

/** A sync event whose waitUntil work is kept to be awaited. */
function syncEvent(tag = 'owe-outbox') {
  const work: Promise<unknown>[] = []
  return { event: { tag, waitUntil: (p: Promise<unknown>) => void work.push(p) }, work }
}

test('a page’s token is used for the owner’s own entries only', async () => {
  expect(await ownerTokenFor(db, 7, [async () => TOKEN_7])).toBe(TOKEN_7)
  expect(await ownerTokenFor(db, 7, [async () => TOKEN_8])).toBeUndefined()
  // User 8's entries: not with 7's token, and not with 8's either while 8 does not own the device.
  expect(await ownerTokenFor(db, 8, [async () => TOKEN_7, async () => TOKEN_8])).toBeUndefined()
  expect(await ownerTokenFor(db, 7, [async () => undefined, async () => TOKEN_7])).toBe(TOKEN_7)
  expect(await ownerTokenFor(db, 7, [() => Promise.reject(new Error('no cookies')), async () => TOKEN_7])).toBe(TOKEN_7)
})

test('the session cookie is read through cookieStore where there is one', async () => {
  expect(await cookieTokenFrom({})()).toBeUndefined()
  const cookieStore = { get: async (name: string) => (name === 'userToken' ? { name, value: 'a%2Bb' } : null) } as unknown as CookieStore
  expect(await cookieTokenFrom({ cookieStore })()).toBe('a+b')
})

test('a page’s command drains with its token; another user’s entries wait', async () => {
  await answer(7)
  await answer(8)
  const sync = createOutboxSync(deps())
  const work: Promise<unknown>[] = []
  expect(isDrainCommand({ type: 'DRAIN_OUTBOX', token: TOKEN_7 })).toBe(true)
  sync.onCommand({ type: 'DRAIN_OUTBOX', token: TOKEN_7 }, (p) => void work.push(p))
  await Promise.all(work)
  expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN_7}`])
  expect(await db.count('outbox')).toBe(1)
})

test('without a page the cookie is used, and only when it is the owner’s', async () => {
  await answer(7)
  const sync = createOutboxSync(deps())
  cookie = TOKEN_8
  expect(await sync.drain()).toMatchObject({ sent: 0, waiting: 1 })
  cookie = TOKEN_7
  expect(await sync.drain()).toMatchObject({ sent: 1, waiting: 0 })
  expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN_7}`])
})

test('a sync event fails while entries back off (the browser tries again later), and a timer is set', async () => {
  await answer(7)
  cookie = TOKEN_7
  status = 503
  const sync = createOutboxSync(deps())
  const first = syncEvent()
  sync.onSync(first.event)
  await expect(Promise.all(first.work)).rejects.toThrow('wait to be sent')
  expect(timers.map((t) => t.ms)).toEqual([1000])

  // The timer fires once the entry is due; the server is back.
  status = 200
  clock += 1000
  timers[0].work()
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(sent).toHaveLength(2)
  expect(sent[0].key).toBe(sent[1].key)
  expect(await db.count('outbox')).toBe(0)

  const second = syncEvent()
  sync.onSync(second.event)
  await expect(Promise.all(second.work)).resolves.toBeDefined()
})

test('after a sign-out the token a page left is not used, though the owner record has not gone yet', async () => {
  const sync = createOutboxSync(deps())
  // Online, the page asked for a drain: nothing to send, but the worker now holds 7's token.
  await sync.drain(TOKEN_7)
  // Offline, 7 answers and signs out: the page's notice comes first, the owner record leaves later.
  await answer(7)
  expect(isSignedOutNotice({ type: 'SIGNED_OUT' })).toBe(true)
  expect(isSignedOutNotice({ type: 'DRAIN_OUTBOX' })).toBe(false)
  sync.onSignedOut()
  const { event, work } = syncEvent()
  sync.onSync(event)
  await Promise.all(work)
  expect(sent).toEqual([])
  expect(await db.count('outbox')).toBe(1)
  // 7 signs in again: their new command's token sends it.
  await sync.drain(TOKEN_7)
  expect(sent.map((s) => s.authorization)).toEqual([`Bearer ${TOKEN_7}`])
})

test('a sync event succeeds when entries only wait for their user to sign in (retrying would not help)', async () => {
  await answer(7)
  const sync = createOutboxSync(deps())
  const { event, work } = syncEvent()
  sync.onSync(event)
  await expect(Promise.all(work)).resolves.toBeDefined()
  expect(sent).toEqual([])
  expect(timers).toEqual([])
})

test('other sync tags are not the outbox’s', async () => {
  const { event, work } = syncEvent('something-else')
  createOutboxSync(deps()).onSync(event)
  expect(work).toEqual([])
})

test('the page that asked hears when entries are due again', async () => {
  await answer(7)
  status = 429
  const notices: OutboxRetryNotice[] = []
  const work: Promise<unknown>[] = []
  createOutboxSync(deps()).onCommand(
    { type: 'DRAIN_OUTBOX', token: TOKEN_7 },
    (p) => void work.push(p),
    (n) => notices.push(n),
  )
  await Promise.all(work)
  expect(notices).toEqual([{ type: 'OUTBOX_RETRY', retryAt: T0 + 1000 }])
})
