import { afterEach, beforeEach, expect, test } from 'vitest'
import { API } from '../src/core/http/api-paths'
import { dateEntry, readCounts, recordEntry } from '../src/offline/learning'
import type { LearningRetryNotice } from '../src/offline/learning-messages'
import type { OfflineDb } from '../src/offline/schema'
import { setOwner, tokenDigest } from '../src/offline/store'
import { freshDb, onye } from '../src/offline/test-fixtures'
import { learningServer, type LearningServer } from '../src/offline/test-learning-server'
import { createLearningSync, isSyncLearningCommand, type LearningSync, type LearningSyncDeps } from './learning-sync'

const T0 = Date.UTC(2026, 10, 23, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'

let db: OfflineDb
let clock: number
let server: LearningServer
let cookie: string | undefined
let timers: { work: () => void; ms: number }[]
let registered: string[]

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  server = learningServer({ tokens: { [TOKEN_7]: 7, [TOKEN_8]: 8 } })
  cookie = undefined
  timers = []
  registered = []
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN_7) })
})

afterEach(() => {
  db.close()
})

/** The server, and a proverb the deck needs. */
const fetcher: LearningSyncDeps['fetch'] = (url, init) =>
  url === API.proverbPublic(onye.id) ? Promise.resolve(Response.json({ data: onye })) : server.fetch(url, init)

const deps = (): LearningSyncDeps => ({
  db: async () => db,
  fetch: fetcher,
  now: () => clock,
  cookieToken: async () => cookie,
  setTimer: (work, ms) => timers.push({ work, ms }),
  clearTimer: () => undefined,
  registerSync: async (tag) => void registered.push(tag),
})

const record = (userId: number, proverbId = onye.id, kind: 'add' | 'read' = 'add') =>
  recordEntry(db, userId, dateEntry({ kind, proverbId }, new Date(clock)))
const posted = () => server.calls.filter((c) => c.method === 'POST')

function syncEvent(tag = 'owe-learning') {
  const work: Promise<unknown>[] = []
  return { event: { tag, waitUntil: (p: Promise<unknown>) => void work.push(p) }, work }
}

/** A page's command to the worker, with the page's token: what the worker told the page back. */
async function command(sync: LearningSync): Promise<LearningRetryNotice[]> {
  const notices: LearningRetryNotice[] = []
  const work: Promise<unknown>[] = []
  sync.onCommand(
    { type: 'SYNC_LEARNING', token: TOKEN_7 },
    (p) => void work.push(p),
    (n) => notices.push(n),
  )
  await Promise.all(work)
  return notices
}

test('a page’s command sends the owner’s log with the page’s token, pulls, and keeps the deck’s proverbs', async () => {
  await record(7)
  await record(8, 5, 'read')
  expect(isSyncLearningCommand({ type: 'SYNC_LEARNING', token: TOKEN_7 })).toBe(true)
  expect(isSyncLearningCommand({ type: 'DRAIN_OUTBOX' })).toBe(false)
  const work: Promise<unknown>[] = []
  createLearningSync(deps()).onCommand({ type: 'SYNC_LEARNING', token: TOKEN_7 }, (p) => void work.push(p))
  await Promise.all(work)
  expect(posted().map((c) => c.token)).toEqual([TOKEN_7])
  expect(server.log(7)).toHaveLength(1)
  // Reader 8's entry waits for 8, whatever token the worker holds.
  expect(server.log(8)).toEqual([])
  expect(server.calls.some((c) => c.method === 'GET' && c.path === `${API.learningLog}?after=0`)).toBe(true)
  expect((await db.get('proverbs', onye.id))?.proverb).toEqual(onye)
})

test('without a page the cookie is used, and only when it is the owner’s', async () => {
  await record(7)
  const sync = createLearningSync(deps())
  cookie = TOKEN_8
  expect(await sync.drain()).toEqual({ skipped: 'no-token' })
  cookie = TOKEN_7
  expect(await sync.drain()).toMatchObject({ sent: 1, waiting: 0 })
  expect(server.calls.every((c) => c.token === TOKEN_7)).toBe(true)
})

test('with nobody owning the device nothing is sent', async () => {
  await record(7)
  await db.delete('meta', 'owner')
  expect(await createLearningSync(deps()).drain(TOKEN_7)).toEqual({ skipped: 'no-owner' })
  expect(server.calls).toEqual([])
})

test('a sync event fails while the log backs off, a timer tries again, and the page hears when', async () => {
  await record(7)
  cookie = TOKEN_7
  server.fail(() => 'network')
  const sync = createLearningSync(deps())
  const first = syncEvent()
  sync.onSync(first.event)
  await expect(Promise.all(first.work)).rejects.toThrow('waits to be sent')
  expect(timers.map((t) => t.ms)).toEqual([1000])

  expect(await command(sync)).toEqual([{ type: 'LEARNING_RETRY', inMs: 1000, retryAt: T0 + 1000 }])
  expect(registered).toEqual(['owe-learning'])

  // The timer fires once the round is due; the server is back.
  server.fail(undefined)
  clock += 1000
  timers.at(-1)!.work()
  await new Promise((resolve) => setTimeout(resolve, 30))
  expect(server.log(7)).toHaveLength(1)
  expect(await readCounts(db, 7, clock)).toMatchObject({ deck: 1 })
  const second = syncEvent()
  sync.onSync(second.event)
  await expect(Promise.all(second.work)).resolves.toBeDefined()
})

test('entries waiting for the server’s clock are no failure: the sync event passes, the deck’s proverbs are kept, a timer tries them when due', async () => {
  // This device's clock is 12 minutes fast: an add made now is 12 minutes ahead of the server's clock.
  server = learningServer({ tokens: { [TOKEN_7]: 7 }, now: () => clock - 12 * 60_000 })
  await record(7)
  cookie = TOKEN_7
  const sync = createLearningSync(deps())
  const first = syncEvent()
  sync.onSync(first.event)
  await Promise.all(first.work)
  // Due when the server's clock is five minutes from the add's time (and a second for the Date header's rounding).
  expect(timers.map((t) => t.ms)).toEqual([7 * 60_000 + 1000])
  expect(server.log(7)).toEqual([])
  // A pull brought nothing, and the add is not on the server yet: its proverb is kept on the device all the same.
  expect((await db.get('proverbs', onye.id))?.proverb).toEqual(onye)

  // The page hears when; no Background Sync is asked for (the connection is not the matter).
  expect(await command(sync)).toEqual([{ type: 'LEARNING_RETRY', inMs: 7 * 60_000 + 1000, retryAt: T0 + 7 * 60_000 + 1000 }])
  expect(registered).toEqual([])

  clock += 7 * 60_000 + 1000
  timers.at(-1)!.work()
  await expect.poll(() => server.log(7).length).toBe(1)
})

test('after a sign-out the token a page left is not used, though the owner record has not gone yet', async () => {
  const sync = createLearningSync(deps())
  await sync.drain(TOKEN_7)
  await record(7)
  sync.onSignedOut()
  const { event, work } = syncEvent()
  sync.onSync(event)
  await Promise.all(work)
  expect(posted()).toEqual([])
  await sync.drain(TOKEN_7)
  expect(posted().map((c) => c.token)).toEqual([TOKEN_7])
})

test('other sync tags are not the learning log’s', () => {
  const { event, work } = syncEvent('owe-outbox')
  createLearningSync(deps()).onSync(event)
  expect(work).toEqual([])
})
