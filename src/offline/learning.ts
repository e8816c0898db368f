import { API } from '../core/http/api-paths'
import {
  ACTIVE_KINDS,
  LEARNING_BATCH_SIZE,
  type LearningBatch,
  type LearningBatchResult,
  type LearningEntry,
  type LearningLogPage,
  type LocalDay,
} from '../core/learning/contract'
import { localDayOf } from '../core/learning/days'
import type { Proverb } from '../core/proverbs/contract'
import { announceQueue, readQueueState, type Failure, type QueuePolicy, type RoundContext } from './queue'
import type { LearningRecord, OfflineDb, StoredLearningCard } from './schema'
import { saveProverbs } from './store'

/**
 * A reader's learning log on this device (src/core/learning/contract.ts, docs/decisions/019-learning.md),
 * shared by the page and the worker. Everything the reader does that learning counts is kept here at once,
 * online or not, under its own id. The log is a queue of the one delivery engine (src/offline/queue.ts) with its
 * own store: a round sends what the server lacks, oldest first, in batches (what the server has stays in the log,
 * marked sent), then pulls what reached the server from the reader's other devices. The deck's due times are kept
 * beside the log (`learningCards`), rewritten whenever it changes, so the badges count cards with no scheduler;
 * the scheduler (ts-fsrs) is loaded only when a pull or a refusal changed the deck (`loadReplay`), or by the Learn
 * pages. Sign-out keeps a reader's unsent entries (src/offline/store.ts removeUserData); nobody else reads them.
 * While entries wait for the server's clock (this device's is fast), the Learn pages say so (`readClockState`).
 */

/** Proverbs of the deck fetched at once when they are missing on the device. */
const PROVERB_FETCHES = 4

/** Every key that starts with these parts (an array sorts after any number or string). */
const startingWith = (...parts: (number | string)[]) => IDBKeyRange.bound(parts, [...parts, []])

/** Tells every page and the worker that a reader's log changed. */
export const announceLearning = (userId: number) => announceQueue('learning', userId)

// ---------------------------------------------------------------------------------------------- writing

type Undated<T> = T extends unknown ? Omit<T, 'id' | 'at' | 'day' | 'offset'> : never
/** What a reader did, before the device dates it. */
export type LearningAction = Undated<LearningEntry>

/** The entry for what was done at `moment`: its own id, its time, and the device's local day and offset then. */
export function dateEntry(action: LearningAction, moment: Date): LearningEntry {
  const { day, offset } = localDayOf(moment)
  return { ...action, id: crypto.randomUUID(), at: moment.toISOString(), day, offset } as LearningEntry
}

/** The entry as the contract has it, without what the device keeps beside it. */
export function entryOf(record: LearningRecord): LearningEntry {
  return Object.fromEntries(Object.entries(record).filter(([field]) => !DEVICE_FIELDS.has(field))) as LearningEntry
}
const DEVICE_FIELDS = new Set<string>(['userId', 'sent', 'seq'] satisfies (keyof LearningRecord)[])

/**
 * Keeps an entry made on this device (not yet sent) and updates the reader's card in the same transaction:
 * `add` puts it in the deck (new and due at once, or back with its schedule), `remove` takes it out, and
 * `review` sets the due time `nextDue` the scheduler gave it (the Learn page grades with ts-fsrs). Returns
 * false, keeping nothing, for a second read of a proverb on one local day, an add of a card already in the
 * deck, or a removal of one that is not.
 */
export async function recordEntry(db: OfflineDb, userId: number, entry: LearningEntry, nextDue?: string): Promise<boolean> {
  const tx = db.transaction(['learning', 'learningCards'], 'readwrite')
  const log = tx.objectStore('learning')
  const cards = tx.objectStore('learningCards')
  let keep = true
  if (entry.kind === 'read') {
    const readToday = await log.index('days').getAll([userId, 'read', entry.day])
    keep = !readToday.some((other) => other.kind === 'read' && other.proverbId === entry.proverbId)
  } else if (entry.kind !== 'quiz') {
    const card = await cards.get([userId, entry.proverbId])
    let next: StoredLearningCard | undefined
    if (entry.kind === 'add') {
      keep = card?.inDeck !== 1
      next = card ? { ...card, inDeck: 1 } : { userId, proverbId: entry.proverbId, inDeck: 1, due: Date.parse(entry.at) }
    } else if (entry.kind === 'remove') {
      keep = card?.inDeck === 1
      next = card && { ...card, inDeck: 0 }
    } else {
      next = { userId, proverbId: entry.proverbId, inDeck: 1, due: Date.parse(nextDue ?? entry.at) }
    }
    if (keep && next) await cards.put(next)
  }
  if (keep) await log.add({ ...entry, userId, sent: 0, seq: null })
  await tx.done
  if (keep) announceLearning(userId)
  return keep
}

// ---------------------------------------------------------------------------------------------- reading

export type LearningCounts = {
  deck: number
  due: number
  /** When the next card not yet due becomes due (ms since the epoch); null with none. */
  nextDue: number | null
}

/** Cards in the deck, how many are due at `now`, and when the next one falls due: counted from the card store, no scheduler. */
export async function readCounts(db: OfflineDb, userId: number, now: number): Promise<LearningCounts> {
  const index = db.transaction('learningCards').store.index('due')
  const [deck, due, next] = await Promise.all([
    index.count(startingWith(userId, 1)),
    index.count(IDBKeyRange.bound([userId, 1, -Infinity], [userId, 1, now])),
    index.openKeyCursor(IDBKeyRange.bound([userId, 1, now], [userId, 1, Infinity], true)),
  ])
  return { deck, due, nextDue: next ? next.key[2] : null }
}

export async function readInDeck(db: OfflineDb, userId: number, proverbId: number): Promise<boolean> {
  return (await db.get('learningCards', [userId, proverbId]))?.inDeck === 1
}

/** The reader's active days on this device, sent or not, each once, in order (distinct index keys only). */
export async function readActiveDays(db: OfflineDb, userId: number): Promise<LocalDay[]> {
  const index = db.transaction('learning').store.index('days')
  const days = new Set<LocalDay>()
  for (const kind of ACTIVE_KINDS) {
    let cursor = await index.openKeyCursor(startingWith(userId, kind), 'nextunique')
    while (cursor) {
      days.add(cursor.key[2])
      cursor = await cursor.continue()
    }
  }
  return [...days].sort()
}

/** What the Learn pages say of the device's clock: see LearningClockState. */
export async function readClockState(db: OfflineDb, userId: number): Promise<LearningClockState> {
  const state = await readQueueState(db, 'learning', userId)
  return { aheadMs: state.clockAheadMs, waiting: state.earlyAt !== null }
}

/**
 * What the Learn pages say of sending: how many of the reader's entries wait to be sent, and whether the last round
 * could not reach the server (it backs off until the next).
 */
export async function readUnsent(db: OfflineDb, userId: number): Promise<{ count: number; failing: boolean }> {
  const [count, state] = await Promise.all([countUnsent(db, userId), readQueueState(db, 'learning', userId)])
  return { count, failing: state.tries > 0 }
}

/**
 * Entries dated ahead of the server's clock wait (src/offline/queue.ts): `aheadMs`, how far this device's clock is
 * ahead of the server's when that is more than the server allows, else null (the clock was fast when they were
 * made, and has been set right since); `waiting`, whether any entry waits.
 */
export type LearningClockState = { aheadMs: number | null; waiting: boolean }

/** The reader's whole log on this device, sent or not (in no particular order). */
export async function readLog(db: OfflineDb, userId: number): Promise<LearningEntry[]> {
  return (await db.getAllFromIndex('learning', 'userId', userId)).map(entryOf)
}

/** How many entries the reader's log holds on this device (it only grows, but for entries the server refused). */
export function countLog(db: OfflineDb, userId: number): Promise<number> {
  return db.countFromIndex('learning', 'userId', userId)
}

/** The stored proverbs of these ids, by id (those the device lacks are left out). */
export async function readProverbs(db: OfflineDb, ids: Iterable<number>): Promise<Map<number, Proverb>> {
  const tx = db.transaction('proverbs')
  const records = await Promise.all([...ids].map((id) => tx.store.get(id)))
  return new Map(records.flatMap((record) => (record ? [[record.id, record.proverb] as const] : [])))
}

// ------------------------------------------------------------------------------------------ the replay

/** What the scheduler says of a card (src/core/learning/schedule.ts DeckCard has these fields). */
export type CardSource = { proverbId: number; inDeck: boolean; due: string }
/** The scheduler's replay of a log (`replayDeck`), handed in so that this module never loads ts-fsrs itself. */
export type Replay<C extends CardSource> = (entries: LearningEntry[]) => Map<number, C>

const sameCards = (a: StoredLearningCard[], b: StoredLearningCard[]) => {
  const key = (cards: StoredLearningCard[]) =>
    cards
      .map((c) => `${c.proverbId}:${c.inDeck}:${c.due}`)
      .sort()
      .join()
  return a.length === b.length && key(a) === key(b)
}

/**
 * Replays the reader's whole log and rewrites their cards from it, in one transaction (an entry recorded
 * meanwhile waits for it, so no card is lost). Returns the log and the replayed cards; announces a change.
 */
export async function replayLog<C extends CardSource>(
  db: OfflineDb,
  userId: number,
  replay: Replay<C>,
): Promise<{ entries: LearningEntry[]; cards: Map<number, C>; changed: boolean }> {
  const tx = db.transaction(['learning', 'learningCards'], 'readwrite')
  const entries = (await tx.objectStore('learning').index('userId').getAll(userId)).map(entryOf)
  // Synchronous between two requests: the transaction stays open.
  const cards = replay(entries)
  const store = tx.objectStore('learningCards')
  const before = await store.getAll(startingWith(userId))
  const after: StoredLearningCard[] = [...cards.values()].map((card) => ({
    userId,
    proverbId: card.proverbId,
    inDeck: card.inDeck ? 1 : 0,
    due: Date.parse(card.due),
  }))
  const changed = !sameCards(before, after)
  if (changed) {
    await store.delete(startingWith(userId))
    await Promise.all(after.map((card) => store.put(card)))
  }
  await tx.done
  if (changed) announceLearning(userId)
  return { entries, cards, changed }
}

// ------------------------------------------------------------------------------------ sending and pulling

const changesDeck = (entry: Pick<LearningEntry, 'kind'>) => entry.kind === 'add' || entry.kind === 'remove' || entry.kind === 'review'

/**
 * The `data` of a 2xx answer when it has the shape asked for; undefined for anything else (a captive portal's
 * page, a proxy's): the round then backs off rather than fail the same way at once, again and again.
 */
async function dataOf<T>(response: Response, shaped: (data: T) => boolean): Promise<T | undefined> {
  const body = (await response.json().catch(() => undefined)) as { data?: T } | undefined
  return body?.data !== undefined && body.data !== null && shaped(body.data) ? body.data : undefined
}

const countUnsent = (db: OfflineDb, userId: number) => db.countFromIndex('learning', 'unsent', startingWith(userId, 0))

/**
 * The learning log's policy: batches of LEARNING_BATCH_SIZE, 1 s doubling to a minute; the server's refusals leave
 * the device (with a word in the console), and a 4xx other than a refusal waits (the log must reach the server).
 * After sending, the reader's round pulls `?after=<cursor>` page by page until `more` is false, the cursor kept with
 * each page; when the deck changed (a pull, a refusal, a first pull) the log is replayed and the cards rewritten;
 * then the deck's proverbs the device lacks are fetched, so cards added elsewhere read offline. `loadReplay` hands
 * in the scheduler (loaded on demand in a page).
 */
export function learningQueue(loadReplay: () => Promise<Replay<CardSource>>): QueuePolicy<LearningRecord> {
  /** Readers whose deck a refusal or a pull changed in this round (rounds of a queue never overlap). */
  const deckChanged = new Set<number>()
  return {
    name: 'learning',
    backoff: { baseMs: 1000, maxMs: 60_000 },
    batchSize: LEARNING_BATCH_SIZE,
    idempotent: false,
    clientErrors: 'retry',
    source: {
      async users(db) {
        const users: number[] = []
        let cursor = await db.transaction('learning').store.index('unsent').openKeyCursor()
        while (cursor) {
          const [userId, sent] = cursor.key
          if (sent === 0) users.push(userId)
          cursor = await cursor.continue((sent === 0 ? [userId, 1] : [userId + 1]) as unknown as [number, number, string])
        }
        return users
      },
      pending: (db, userId) => db.getAllFromIndex('learning', 'unsent', startingWith(userId, 0)),
      count: countUnsent,
      key: (record) => record.id,
      at: (record) => record.at,
      async taken(db, _userId, records) {
        const tx = db.transaction('learning', 'readwrite')
        await Promise.all([
          ...records.map(async (record) => {
            // Pulled meanwhile? Then it already says so (and holds its seq).
            const current = await tx.store.get(record.id)
            if (current && current.sent === 0) await tx.store.put({ ...current, sent: 1 })
          }),
          tx.done,
        ])
      },
      async refused(db, userId, refusals) {
        const tx = db.transaction('learning', 'readwrite')
        await Promise.all([...refusals.map(({ entry }) => tx.store.delete(entry.id)), tx.done])
        if (refusals.some(({ entry }) => changesDeck(entry))) deckChanged.add(userId)
        // Said in the console for whoever looks: the entries left the device.
        console.warn(
          'Learning entries the server refused, removed from this device:',
          refusals.map(({ entry, message }) => `${entry.kind} ${entry.id}: ${message}`),
        )
      },
      drops: true,
    },
    request: (records) => ({ method: 'POST', path: API.learningLog, body: { entries: records.map(entryOf) } satisfies LearningBatch }),
    async refusedIn(response) {
      const data = await dataOf<LearningBatchResult>(response, (result) => Array.isArray(result.refused))
      return data && new Map(data.refused.map((refusal) => [refusal.id, refusal.message]))
    },
    pull: (context) => pull(context, deckChanged),
    async after({ db, userId, failed, fetch, now, apiBase }) {
      if (deckChanged.delete(userId)) await replayLog(db, userId, await loadReplay())
      // Cards another device added (or this one, offline) are read offline too (entries waiting for the server's
      // clock do not stop that: only a failed round does).
      if (!failed) await keepDeckProverbs({ db, fetch, now, apiBase }, userId)
    },
  }
}

/** Pulls what reached the server after the cursor, page by page, keeping the cursor with each page. */
async function pull(context: RoundContext, deckChanged: Set<number>): Promise<Failure | undefined> {
  const { db, userId, state, summary } = context
  // A first pull (a new device, or after a sign-out) always replays: the cards are made from the whole log.
  if (state.cursor === 0) deckChanged.add(userId)
  for (;;) {
    const answer = await context.call(`${API.learningLog}?after=${state.cursor}`)
    if (!(answer instanceof Response)) return answer
    const page = answer.ok
      ? await dataOf<LearningLogPage>(answer, (p) => Array.isArray(p.entries) && typeof p.cursor === 'number')
      : undefined
    if (!page) return { kind: 'retry' }
    const tx = db.transaction(['learning', 'queueState'], 'readwrite')
    const log = tx.objectStore('learning')
    const before = state.cursor
    state.cursor = Math.max(state.cursor, page.cursor)
    await Promise.all([
      ...page.entries.map(async ({ seq, ...entry }) => {
        const held = await log.get(entry.id)
        await log.put({ ...(entry as LearningEntry), userId, sent: 1, seq })
        if (held) return
        summary.pulled++
        context.changed()
        if (changesDeck(entry)) deckChanged.add(userId)
      }),
      tx.objectStore('queueState').put({ ...state }),
      tx.done,
    ])
    // A server that says "more" without moving on would keep this loop going.
    if (!page.more || state.cursor <= before) return undefined
  }
}

// ------------------------------------------------------------------------------ the deck's proverbs, offline

export type ProverbDeps = {
  db: OfflineDb
  fetch: (input: string, init: RequestInit) => Promise<Response>
  now: () => number
  apiBase?: string
}

/**
 * Makes sure these proverbs are in the device's proverb store (src/offline/store.ts), fetching those it
 * lacks, a few at a time; a proverb the server no longer has is skipped, and a network failure stops
 * (the next round tries again). Returns how many were stored.
 */
export async function keepProverbs(deps: ProverbDeps, ids: Iterable<number>): Promise<number> {
  const wanted = [...new Set(ids)]
  const held = await Promise.all(wanted.map((id) => deps.db.getKey('proverbs', id)))
  const missing = wanted.filter((_, i) => held[i] === undefined)
  let stored = 0
  for (let i = 0; i < missing.length; i += PROVERB_FETCHES) {
    const answers = await Promise.all(
      missing.slice(i, i + PROVERB_FETCHES).map(async (id) => {
        try {
          const response = await deps.fetch(`${deps.apiBase ?? ''}${API.proverbPublic(id)}`, { headers: { Accept: 'application/json' } })
          return response.ok ? ((await response.json()) as { data: Proverb }).data : null
        } catch {
          return undefined
        }
      }),
    )
    const proverbs = answers.filter((p): p is Proverb => !!p)
    await saveProverbs(deps.db, proverbs, deps.now())
    stored += proverbs.length
    if (answers.includes(undefined)) break
  }
  return stored
}

/** Makes sure every card of the reader's deck has its proverb on the device (after a pull brought cards from another device). */
export async function keepDeckProverbs(deps: ProverbDeps, userId: number): Promise<number> {
  const cards = await deps.db.getAllFromIndex('learningCards', 'due', startingWith(userId, 1))
  const stored = await keepProverbs(
    deps,
    cards.map((card) => card.proverbId),
  )
  if (stored > 0) announceLearning(userId)
  return stored
}
