import { IDBFactory } from 'fake-indexeddb'
import { openDB } from 'idb'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest'
import { API } from '../core/http/api-paths'
import { LEARNING_BATCH_SIZE, LEARNING_CLOCK_AHEAD, type LearningEntry } from '../core/learning/contract'
import { localDayOf } from '../core/learning/days'
import { replayDeck } from '../core/learning/schedule'
import {
  dateEntry,
  keepDeckProverbs,
  keepProverbs,
  readActiveDays,
  readClockState,
  readCounts,
  readInDeck,
  readLog,
  recordEntry,
  replayLog,
  learningQueue,
  type LearningAction,
} from './learning'
import { QUEUE_CHANNEL, type QueueChanged } from './messages'
import { readQueueState, runQueue } from './queue'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb } from './schema'
import { removeOtherUsersData, removeUserData, saveProverbs } from './store'
import { freshDb, iwaLesin, onye, zomo } from './test-fixtures'
import { learningServer, type LearningServer } from './test-learning-server'

// Toronto: five hours behind UTC in winter, so an evening there is the next day in UTC.
beforeAll(() => {
  vi.stubEnv('TZ', 'America/Toronto')
})
afterAll(() => {
  vi.unstubAllEnvs()
})

/** 23 November 2026, 21:00 in Toronto (02:00 UTC on the 24th). */
const T0 = Date.UTC(2026, 10, 24, 2)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

let db: OfflineDb
let clock: number
let server: LearningServer
let heard: QueueChanged[]
let channel: BroadcastChannel

beforeEach(async () => {
  db = await freshDb()
  clock = T0
  server = learningServer({ tokens: { 'token-7': 7, 'token-7-new': 7, 'token-8': 8 } })
  heard = []
  channel = new BroadcastChannel(QUEUE_CHANNEL)
  channel.onmessage = (event: MessageEvent<QueueChanged>) => heard.push(event.data)
})

afterEach(() => {
  channel.close()
  db.close()
  vi.restoreAllMocks()
})

const record = (action: LearningAction, userId = 7, on = db, at = clock) => recordEntry(on, userId, dateEntry(action, new Date(at)))
const replay = async () => replayDeck
type Round = { userId: number; token: string; retryNow?: boolean; on: OfflineDb }
/** One round of the learning log's queue for a reader, with that reader's token (src/offline/queue.ts), on this device or another. */
const sync = ({ userId = 7, token = 'token-7', retryNow, on = db }: Partial<Round> = {}) =>
  runQueue(learningQueue(replay), {
    db: on,
    fetch: server.fetch,
    now: () => clock,
    tokenFor: async (user) => (user === userId ? token : undefined),
    reader: userId,
    retryNow,
  })
const posts = () => server.calls.filter((c) => c.method === 'POST')
const gets = () => server.calls.filter((c) => c.method === 'GET').map((c) => c.path)
const unsent = async (userId = 7) => (await db.getAllFromIndex('learning', 'userId', userId)).filter((r) => r.sent === 0).length
/** Lets messages on the BroadcastChannel arrive. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

// ------------------------------------------------------------------------------------------- recording

test('a device on the version before learning keeps what it holds and gains the log', async () => {
  globalThis.indexedDB = new IDBFactory()
  const before = await openDB(OFFLINE_DB_NAME, 3, {
    upgrade: (old) => void old.createObjectStore('analytics', { keyPath: 'id' }).createIndex('at', 'at'),
  })
  await before.put('analytics', { id: 'e1', at: 'x' })
  before.close()
  const after = await openOfflineDb()
  expect((await after.getFromIndex('queue', 'key', ['analytics', 'e1']))?.payload).toEqual({ id: 'e1', at: 'x' })
  await recordEntry(after, 7, dateEntry({ kind: 'add', proverbId: 1 }, new Date(T0)))
  expect(await readCounts(after, 7, T0)).toEqual({ deck: 1, due: 1, nextDue: null })
  after.close()
})

test('an entry carries the local day and offset the device had at that moment, not the UTC day', () => {
  const entry = dateEntry({ kind: 'read', proverbId: 5 }, new Date(T0))
  expect(entry).toMatchObject({ kind: 'read', proverbId: 5, at: '2026-11-24T02:00:00.000Z', day: '2026-11-23', offset: -300 })
  expect(entry.id).toMatch(/^[0-9a-f-]{36}$/)
  // In summer Toronto is four hours behind: the offset is the one of that moment.
  expect(dateEntry({ kind: 'quiz', batchId: 3 }, new Date(Date.UTC(2026, 6, 1, 3)))).toMatchObject({ day: '2026-06-30', offset: -240 })
  expect(localDayOf(new Date(T0))).toEqual({ day: '2026-11-23', offset: -300 })
})

test('a proverb read is kept once a local day; another proverb, or the next day, is kept too', async () => {
  expect(await record({ kind: 'read', proverbId: 5 })).toBe(true)
  expect(await record({ kind: 'read', proverbId: 5 }, 7, db, T0 + 2 * HOUR)).toBe(false) // 23:00 in Toronto, same day
  expect(await record({ kind: 'read', proverbId: 6 })).toBe(true)
  expect(await record({ kind: 'read', proverbId: 5 }, 7, db, T0 + 4 * HOUR)).toBe(true) // 01:00 on the 24th there
  expect(await record({ kind: 'read', proverbId: 5 }, 8)).toBe(true) // another reader
  const log = await readLog(db, 7)
  expect(log.map((e) => e.day).sort()).toEqual(['2026-11-23', '2026-11-23', '2026-11-24'])
  expect(await readActiveDays(db, 7)).toEqual(['2026-11-23', '2026-11-24'])
  expect(heard.filter((m) => m.userId === 7)).toHaveLength(3)
})

test('the deck is counted from the card store: added cards are due at once, removed ones leave, a re-add keeps the schedule', async () => {
  expect(await record({ kind: 'add', proverbId: 1 })).toBe(true)
  expect(await record({ kind: 'add', proverbId: 2 }, 7, db, T0 + HOUR)).toBe(true)
  expect(await record({ kind: 'add', proverbId: 1 })).toBe(false) // already in the deck
  expect(await readCounts(db, 7, T0)).toEqual({ deck: 2, due: 1, nextDue: T0 + HOUR })
  expect(await readCounts(db, 7, T0 + HOUR)).toEqual({ deck: 2, due: 2, nextDue: null })

  // A review sets the due time the scheduler gave.
  await recordEntry(db, 7, dateEntry({ kind: 'review', proverbId: 1, grade: 3 }, new Date(T0 + HOUR)), new Date(T0 + 3 * DAY).toISOString())
  expect(await readCounts(db, 7, T0 + HOUR)).toEqual({ deck: 2, due: 1, nextDue: T0 + 3 * DAY })

  expect(await record({ kind: 'remove', proverbId: 1 })).toBe(true)
  expect(await record({ kind: 'remove', proverbId: 1 })).toBe(false)
  expect(await readInDeck(db, 7, 1)).toBe(false)
  expect(await readCounts(db, 7, T0 + HOUR)).toEqual({ deck: 1, due: 1, nextDue: null })
  expect(await record({ kind: 'add', proverbId: 1 })).toBe(true)
  expect(await readInDeck(db, 7, 1)).toBe(true)
  expect(await readCounts(db, 7, T0 + HOUR)).toEqual({ deck: 2, due: 1, nextDue: T0 + 3 * DAY })
  // The log holds what happened; a quiz changes no card.
  expect(await record({ kind: 'quiz', batchId: 41 })).toBe(true)
  expect((await readLog(db, 7)).map((e) => e.kind).sort()).toEqual(['add', 'add', 'add', 'quiz', 'remove', 'review'])
  expect(await readCounts(db, 8, T0 + HOUR)).toEqual({ deck: 0, due: 0, nextDue: null })
})

test('the replay rewrites the cards from the whole log, and says so only when they changed', async () => {
  await record({ kind: 'add', proverbId: 1 })
  await record({ kind: 'review', proverbId: 1, grade: 4 }, 7, db, T0 + MINUTE) // no due given: a wrong card
  await tick()
  const first = await replayLog(db, 7, replayDeck)
  expect(first.changed).toBe(true)
  expect(first.entries).toHaveLength(2)
  const due = Date.parse(first.cards.get(1)!.due)
  expect(due).toBeGreaterThan(T0 + DAY)
  expect(await readCounts(db, 7, T0 + MINUTE)).toEqual({ deck: 1, due: 0, nextDue: due })
  await tick()
  heard = []
  expect((await replayLog(db, 7, replayDeck)).changed).toBe(false)
  await tick()
  expect(heard).toEqual([])
})

// --------------------------------------------------------------------------------------------- sending

test('unsent entries go oldest first in batches, with their reader’s token, as the contract has them', async () => {
  const count = 2 * LEARNING_BATCH_SIZE + 50
  for (let i = count; i > 0; i--) await record({ kind: 'quiz', batchId: i }, 7, db, T0 - i * MINUTE)
  await record({ kind: 'quiz', batchId: 999 }, 8)
  const summary = await sync()
  // Reader 8's entry waits for a token of theirs.
  expect(summary).toEqual({ sent: count, refused: 0, pulled: 0, waiting: 1, retryAt: null, wakeAt: null, unauthorised: false })
  expect(posts().map((c) => c.ids.length)).toEqual([LEARNING_BATCH_SIZE, LEARNING_BATCH_SIZE, 50])
  expect(posts().every((c) => c.token === 'token-7')).toBe(true)
  const order = server.log(7).map((e) => e.at)
  expect(order).toEqual([...order].sort())
  expect(Object.keys(server.log(7)[0]).sort()).toEqual(['at', 'batchId', 'day', 'id', 'kind', 'offset', 'seq'])
  // Reader 8's entry is not 7's to send.
  expect(server.log(8)).toEqual([])
  expect(await unsent(8)).toBe(1)
  // Then the log is pulled back: 7's own entries, now with their seq.
  expect(gets()).toEqual([`${API.learningLog}?after=0`])
  const stored = await db.getAllFromIndex('learning', 'userId', 7)
  expect(stored.every((r) => r.sent === 1 && typeof r.seq === 'number')).toBe(true)
})

test('entries the server refuses leave the device; the rest of the batch is sent, and the deck is replayed', async () => {
  server = learningServer({ tokens: { 'token-7': 7 }, unpublished: [9] })
  await record({ kind: 'add', proverbId: 1 })
  await record({ kind: 'add', proverbId: 9 })
  await record({ kind: 'read', proverbId: 9 })
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(await sync()).toMatchObject({ sent: 1, refused: 2, waiting: 0, retryAt: null })
  expect(warn).toHaveBeenCalledTimes(1)
  expect(String(warn.mock.calls[0][1])).toContain('No such proverb.')
  expect((await readLog(db, 7)).map((e) => e.kind)).toEqual(['add'])
  expect(await readInDeck(db, 7, 9)).toBe(false)
  expect(await readCounts(db, 7, clock)).toMatchObject({ deck: 1 })
})

test('a batch the server calls malformed is split until the entry at fault: the others are kept and sent', async () => {
  const bad = dateEntry({ kind: 'read', proverbId: 3 }, new Date(T0 - 3 * MINUTE))
  server = learningServer({ tokens: { 'token-7': 7 }, malformed: [bad.id] })
  for (let i = 1; i <= 6; i++) await record({ kind: 'read', proverbId: 10 + i }, 7, db, T0 - i * MINUTE)
  await recordEntry(db, 7, bad)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(await sync()).toMatchObject({ sent: 6, refused: 1, waiting: 0, retryAt: null })
  expect(server.log(7)).toHaveLength(6)
  expect((await readLog(db, 7)).map((e) => e.id)).not.toContain(bad.id)
  expect(warn).toHaveBeenCalledTimes(1)
})

test('a device clock 12 minutes fast: entries the server calls early stay, the rest go, and they follow once its clock catches up', async () => {
  let ahead = 12 * MINUTE
  server = learningServer({ tokens: { 'token-7': 7 }, now: () => clock - ahead })
  await record({ kind: 'add', proverbId: 1 }, 7, db, T0 - 20 * MINUTE)
  const review = dateEntry({ kind: 'review', proverbId: 1, grade: 3 }, new Date(T0 - 3 * MINUTE))
  await recordEntry(db, 7, review)
  await record({ kind: 'read', proverbId: 2 }, 7, db, T0)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  // The server's clock is T0 - 12 min: the review (T0 - 3 min) is past it by more than five minutes, so is the read.
  // Not a failure: nothing backs off. A timer for when the review is five minutes ahead of the server's clock (and
  // a second for the Date header's rounding).
  expect(await sync()).toMatchObject({ sent: 1, refused: 0, waiting: 2, retryAt: null, wakeAt: T0 + 4 * MINUTE + 1000 })
  expect(server.log(7).map((e) => e.kind)).toEqual(['add'])
  expect(await readLog(db, 7)).toHaveLength(3)
  expect(warn).not.toHaveBeenCalled()
  expect(await readClockState(db, 7)).toEqual({ aheadMs: 12 * MINUTE, waiting: true })
  expect(await readQueueState(db, 'learning', 7)).toMatchObject({ tries: 0, nextAttemptAt: 0 })
  await tick()
  expect(heard).toContainEqual({ type: 'queue-changed', queue: 'learning', userId: 7 })
  // The batch is halved down to the first early entry; the read after it is never sent alone (it is later, so early too).
  expect(posts().map((c) => c.ids.length)).toEqual([3, 2, 1, 1])
  expect(posts().at(-1)!.ids).toEqual([review.id])

  // The reader sets the clock right and reads another proverb: dated before the waiting ones, it goes at once, and
  // the first waiting entry is tried alone (one request), not the batch.
  clock -= ahead
  ahead = 0
  const read = dateEntry({ kind: 'read', proverbId: 3 }, new Date(clock))
  await recordEntry(db, 7, read)
  server.calls.length = 0
  expect(await sync()).toMatchObject({ sent: 1, waiting: 2, retryAt: null, wakeAt: clock + 4 * MINUTE + 1000 })
  expect(posts().map((c) => c.ids)).toEqual([[read.id], [review.id]])
  // The clock is right now: the Learn pages say entries wait, not that the clock is fast.
  expect(await readClockState(db, 7)).toEqual({ aheadMs: null, waiting: true })

  clock += 4 * MINUTE + 1000
  expect(await sync()).toMatchObject({ sent: 1, waiting: 1, wakeAt: clock + 3 * MINUTE })
  clock += 3 * MINUTE
  expect(await sync()).toMatchObject({ sent: 1, waiting: 0, retryAt: null, wakeAt: null })
  expect(server.log(7).map((e) => e.kind)).toEqual(['add', 'read', 'review', 'read'])
  expect(await readClockState(db, 7)).toEqual({ aheadMs: null, waiting: false })
  expect(warn).not.toHaveBeenCalled()
})

test('what is known of the clock stays while sending is cut short, and goes once the waiting entry is settled, even if the pull then fails', async () => {
  server = learningServer({ tokens: { 'token-7': 7 }, unpublished: [9], now: () => clock - 12 * MINUTE })
  await record({ kind: 'read', proverbId: 9 })
  expect(await sync()).toMatchObject({ waiting: 1, wakeAt: T0 + 7 * MINUTE + 1000 })
  expect(await readClockState(db, 7)).toEqual({ aheadMs: 12 * MINUTE, waiting: true })
  // The connection goes: nothing is learnt, and what was known stays.
  server.fail(() => 'network')
  expect(await sync({ retryNow: true })).toMatchObject({ waiting: 1, retryAt: T0 + 1000 })
  expect(await readClockState(db, 7)).toEqual({ aheadMs: 12 * MINUTE, waiting: true })
  // Later the server's clock has caught up and it judges the read: its proverb is not published, so it leaves the
  // device. Nothing waits for the clock any more, though the pull after it fails.
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  server.fail((_path, method) => (method === 'GET' ? 'network' : undefined))
  clock += 8 * MINUTE
  expect(await sync({ retryNow: true })).toMatchObject({ refused: 1, waiting: 0, wakeAt: null, retryAt: clock + 2000 })
  expect(warn).toHaveBeenCalledTimes(1)
  expect(await readClockState(db, 7)).toEqual({ aheadMs: null, waiting: false })
})

test('an entry the server calls malformed is dropped when the only other it judged was early: the server works', async () => {
  const bad = dateEntry({ kind: 'read', proverbId: 3 }, new Date(T0 - 20 * MINUTE))
  server = learningServer({ tokens: { 'token-7': 7 }, malformed: [bad.id], now: () => clock - 12 * MINUTE })
  await recordEntry(db, 7, bad)
  await record({ kind: 'read', proverbId: 4 })
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  // Not held back with a back-off (as when every batch is malformed): the early read waits for the clock alone.
  expect(await sync()).toMatchObject({ sent: 0, refused: 1, waiting: 1, retryAt: null })
  expect(warn).toHaveBeenCalledTimes(1)
  expect((await readLog(db, 7)).map((e) => e.id)).not.toContain(bad.id)
})

test('an early entry with no server time given (no Date header) stays too, tried again in a minute', async () => {
  await record({ kind: 'read', proverbId: 1 })
  const early = Response.json({ error: { code: LEARNING_CLOCK_AHEAD, message: 'Early' } }, { status: 400 })
  server.fail((_path, method) => (method === 'POST' ? early.clone() : undefined))
  expect(await sync()).toMatchObject({ sent: 0, refused: 0, waiting: 1, retryAt: null, wakeAt: T0 + MINUTE })
  expect(await readLog(db, 7)).toHaveLength(1)
  expect(await readClockState(db, 7)).toEqual({ aheadMs: null, waiting: true })
})

test('when the server calls every batch malformed nothing is dropped: it backs off, and still pulls', async () => {
  for (let i = 1; i <= 3; i++) await record({ kind: 'read', proverbId: i })
  server.fail((_path, method) => (method === 'POST' ? Response.json({ error: { code: 'x', message: 'Bad' } }, { status: 400 }) : undefined))
  expect(await sync()).toMatchObject({ sent: 0, refused: 0, waiting: 3, retryAt: T0 + 1000 })
  expect(gets()).toEqual([`${API.learningLog}?after=0`])
  expect(await readLog(db, 7)).toHaveLength(3)
})

test('a failed send keeps the entries and backs off (1 s doubling, Retry-After honoured); the connection coming back tries at once', async () => {
  await record({ kind: 'read', proverbId: 1 })
  server.fail(() => 'network')
  expect(await sync()).toMatchObject({ sent: 0, waiting: 1, retryAt: T0 + 1000 })
  // Not before its time.
  expect(await sync()).toMatchObject({ retryAt: T0 + 1000 })
  expect(posts()).toHaveLength(1)
  clock += 1000
  server.fail(() => Response.json({ error: { code: 'x', message: 'Down' } }, { status: 503 }))
  expect(await sync()).toMatchObject({ retryAt: clock + 2000 })
  server.fail(() => new Response(null, { status: 429, headers: { 'Retry-After': '30' } }))
  expect(await sync({ retryNow: true })).toMatchObject({ retryAt: clock + 30_000 })
  expect(posts()).toHaveLength(3)
  expect(await unsent()).toBe(1)
  // Back online: sent at once, and the back-off is over.
  server.fail(undefined)
  expect(await sync({ retryNow: true })).toMatchObject({ sent: 1, waiting: 0, retryAt: null })
  const state = await readQueueState(db, 'learning', 7)
  expect(state).toMatchObject({ tries: 0, nextAttemptAt: 0 })
})

test('an answer that is not the server’s (a captive portal’s page) keeps the entries and backs off', async () => {
  await record({ kind: 'read', proverbId: 1 })
  server.fail(() => new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'Content-Type': 'text/html' } }))
  expect(await sync()).toMatchObject({ sent: 0, waiting: 1, retryAt: T0 + 1000 })
  server.fail((_path, method) => (method === 'GET' ? Response.json({ data: null }) : undefined))
  expect(await sync({ retryNow: true })).toMatchObject({ sent: 1, waiting: 0, retryAt: clock + 2000 })
})

test('a token the server refuses is not tried again; another token of the same reader is', async () => {
  server = learningServer({ tokens: { 'token-7-new': 7 } })
  await record({ kind: 'read', proverbId: 1 })
  expect(await sync()).toMatchObject({ unauthorised: true, waiting: 1, retryAt: null })
  expect(await sync({ retryNow: true })).toMatchObject({ unauthorised: true })
  expect(server.calls).toHaveLength(1)
  expect(await sync({ token: 'token-7-new' })).toMatchObject({ sent: 1, unauthorised: false, waiting: 0 })
})

// --------------------------------------------------------------------------------------------- pulling

test('the log is pulled page by page after the cursor, which is kept for the next round', async () => {
  server = learningServer({ tokens: { 'token-7': 7 }, pageSize: 2 })
  // Another device sent five entries.
  const other = await otherDevice()
  for (let i = 1; i <= 5; i++) await record({ kind: 'read', proverbId: i }, 7, other, T0 - i * DAY)
  await sync({ on: other })
  server.calls.length = 0

  expect(await sync()).toMatchObject({ pulled: 5 })
  expect(gets()).toEqual([`${API.learningLog}?after=0`, `${API.learningLog}?after=2`, `${API.learningLog}?after=4`])
  expect(await readQueueState(db, 'learning', 7)).toMatchObject({ cursor: 5 })
  expect(await readActiveDays(db, 7)).toHaveLength(5)
  expect(heard.filter((m) => m.userId === 7).length).toBeGreaterThan(0)

  server.calls.length = 0
  expect(await sync()).toMatchObject({ pulled: 0 })
  expect(gets()).toEqual([`${API.learningLog}?after=5`])
  other.close()
})

test('two devices exchanging through the server reach the same cards and due times, whatever order things arrive', async () => {
  const phone = db
  const laptop = await otherDevice()
  // The phone, offline on the bus: adds two proverbs and reviews them over a few days.
  await record({ kind: 'add', proverbId: 1 }, 7, phone, T0)
  await record({ kind: 'add', proverbId: 2 }, 7, phone, T0 + MINUTE)
  await record({ kind: 'review', proverbId: 1, grade: 3 }, 7, phone, T0 + 2 * MINUTE)
  await record({ kind: 'review', proverbId: 1, grade: 3 }, 7, phone, T0 + 2 * DAY)
  // The laptop, online: adds the second and a third, reviews the second before the phone's last review, removes the third.
  await record({ kind: 'add', proverbId: 2 }, 7, laptop, T0 + 30 * MINUTE)
  await record({ kind: 'add', proverbId: 3 }, 7, laptop, T0 + HOUR)
  await record({ kind: 'review', proverbId: 2, grade: 1 }, 7, laptop, T0 + DAY)
  await record({ kind: 'review', proverbId: 2, grade: 4 }, 7, laptop, T0 + DAY + 10 * MINUTE)
  await record({ kind: 'remove', proverbId: 3 }, 7, laptop, T0 + 3 * DAY)

  await sync({ on: laptop })
  await sync({ on: phone })
  await sync({ on: laptop })

  const cardsOf = (on: OfflineDb) => on.getAll('learningCards')
  const truth = replayDeck(server.log(7))
  const expected = [...truth.values()]
    .map((c) => ({ userId: 7, proverbId: c.proverbId, inDeck: c.inDeck ? 1 : 0, due: Date.parse(c.due) }))
    .sort((a, b) => a.proverbId - b.proverbId)
  expect(await cardsOf(phone)).toEqual(expected)
  expect(await cardsOf(laptop)).toEqual(expected)
  expect(expected.map((c) => c.inDeck)).toEqual([1, 1, 0])
  expect(server.log(7)).toHaveLength(9)
  expect((await readLog(phone, 7)).length).toBe(9)
  expect((await readLog(laptop, 7)).length).toBe(9)
  const now = T0 + 3 * DAY
  expect(await readCounts(phone, 7, now)).toEqual(await readCounts(laptop, 7, now))
  laptop.close()
})

/** A second device: its own IndexedDB. */
async function otherDevice(): Promise<OfflineDb> {
  const mine = globalThis.indexedDB
  globalThis.indexedDB = new IDBFactory()
  const other = await openOfflineDb()
  globalThis.indexedDB = mine
  return other
}

// ------------------------------------------------------------------------------------- signing out

test('sign-out keeps a reader’s unsent entries and nothing else; another reader never sees or sends them', async () => {
  await record({ kind: 'add', proverbId: 1 })
  await sync()
  await record({ kind: 'read', proverbId: 2 })
  await record({ kind: 'add', proverbId: 3 })
  await removeUserData(db, 7)
  const kept = await db.getAllFromIndex('learning', 'userId', 7)
  expect(kept.map((r) => [r.kind, r.sent])).toEqual(
    expect.arrayContaining([
      ['read', 0],
      ['add', 0],
    ]),
  )
  expect(kept).toHaveLength(2)
  expect(await db.getAll('learningCards')).toEqual([])
  expect(await db.get('queueState', ['learning', 7])).toBeUndefined()

  // Reader 8 signs in on this device: 7's unsent entries stay, unseen and unsent by 8.
  await removeOtherUsersData(db, 8)
  expect(await db.countFromIndex('learning', 'userId', 7)).toBe(2)
  expect(await readLog(db, 8)).toEqual([])
  expect(await readActiveDays(db, 8)).toEqual([])
  expect(await readCounts(db, 8, clock)).toEqual({ deck: 0, due: 0, nextDue: null })
  server.calls.length = 0
  await sync({ userId: 8, token: 'token-8' })
  expect(posts()).toEqual([])
  expect(server.log(8)).toEqual([])

  // 7 comes back: their entries go, and the first pull rebuilds their deck from the whole log.
  await removeOtherUsersData(db, 7)
  expect(await sync()).toMatchObject({ sent: 2, waiting: 0 })
  expect(
    server
      .log(7)
      .map((e) => e.kind)
      .sort(),
  ).toEqual(['add', 'add', 'read'])
  expect(await readCounts(db, 7, clock)).toMatchObject({ deck: 2 })
})

test('another reader’s leftovers (a sign-out that never finished) go when a new reader claims the device, but for what is unsent', async () => {
  await record({ kind: 'add', proverbId: 1 })
  await sync()
  await record({ kind: 'read', proverbId: 2 })
  await removeOtherUsersData(db, 8)
  expect((await db.getAllFromIndex('learning', 'userId', 7)).map((r) => r.kind)).toEqual(['read'])
  expect(await db.getAll('learningCards')).toEqual([])
  expect(await db.get('queueState', ['learning', 7])).toBeUndefined()
})

// ---------------------------------------------------------------------------------- proverbs, offline

test('the deck’s proverbs are kept on the device: those missing are fetched, a proverb gone is skipped', async () => {
  await saveProverbs(db, [iwaLesin], clock)
  const fetched: string[] = []
  const fetcher = async (url: string) => {
    fetched.push(url)
    const proverb = [onye, zomo].find((p) => url.endsWith(`/${p.id}`))
    return proverb ? Response.json({ data: proverb }) : Response.json({ error: { code: 'x', message: 'Not found' } }, { status: 404 })
  }
  for (const id of [iwaLesin.id, onye.id, zomo.id, 404]) await record({ kind: 'add', proverbId: id })
  await tick()
  heard = []
  expect(await keepDeckProverbs({ db, fetch: fetcher, now: () => clock }, 7)).toBe(2)
  expect(fetched.sort()).toEqual([API.proverbPublic(404), API.proverbPublic(onye.id), API.proverbPublic(zomo.id)].sort())
  expect((await db.get('proverbs', onye.id))?.browsed).toBe(true)
  await tick()
  expect(heard).toEqual([{ type: 'queue-changed', queue: 'learning', userId: 7 }])
  // Offline: nothing is stored, nothing breaks.
  expect(await keepProverbs({ db, fetch: () => Promise.reject(new TypeError('offline')), now: () => clock }, [505])).toBe(0)
})

test('a pull that brings cards from another device changes the deck here too', async () => {
  const other = await otherDevice()
  await record({ kind: 'add', proverbId: 1 }, 7, other)
  await sync({ on: other })
  await sync()
  expect(await readInDeck(db, 7, 1)).toBe(true)
  expect(await readCounts(db, 7, clock)).toEqual({ deck: 1, due: 1, nextDue: null })
  other.close()
})

test('entries sent while a pull brings them back are kept once', async () => {
  const entry: LearningEntry = dateEntry({ kind: 'read', proverbId: 1 }, new Date(T0))
  await recordEntry(db, 7, entry)
  await sync()
  await sync()
  expect(await db.count('learning')).toBe(1)
  expect(server.log(7)).toHaveLength(1)
})
