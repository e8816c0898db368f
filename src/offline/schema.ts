import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb'
import type { LearningEntry } from '../core/learning/contract'
import type { Category, EthnicGroup, Proverb } from '../core/proverbs/contract'
import { markedForm } from '../core/proverbs/search'
import type { QueueName } from './messages'

/**
 * The device's copy of the corpus, shared by the page and the service worker: one versioned IndexedDB
 * schema. Public records (groups, categories, proverbs, daily lists) are normalised so that every list
 * and search can be answered from them offline; what belongs to a signed-in user (their private answers
 * and offline packs) is keyed by their id and removed when they sign out. What waits to reach the server —
 * quiz answers, analytics events, favourites and likes, suggestions and corrections — is in the one queue store
 * (src/offline/queue.ts), keyed by user (0 for nobody's) and kept at sign-out: it is sent when that user signs in
 * again. A reader's learning log (src/offline/learning.ts) is keyed by user: at sign-out what the server has goes,
 * and what it has not yet stays for that user's next sign-in.
 *
 * Bump OFFLINE_DB_VERSION with every change here and add a step to `upgrade`; never edit a step that
 * has shipped, except to stop making a store that a later step folds away (a new device skips both).
 */
export const OFFLINE_DB_NAME = 'owe-offline'
export const OFFLINE_DB_VERSION = 7

/** The Cache Storage cache holding scroll images (cache-first in the worker; packs fill it too). */
export const SCROLL_IMAGE_CACHE = 'owe-scroll-images'
/** The worker's cache of Chart.js's chunk, once a page has drawn a chart online (sw/routes.ts). */
export const CHART_CACHE = 'owe-charts'

export { OFFLINE_HEADER } from './messages'

/** A proverb as stored: the contract's shape plus where it came from. */
export type StoredProverb = {
  id: number
  slug: string
  proverb: Proverb
  savedAt: number
  /** Seen while browsing (kept when a pack that also holds it is removed). */
  browsed: boolean
  /** The offline packs holding it: `${userId}:${groupId}`. */
  packs: string[]
}

/** The few fields search and filtering need, kept apart so a search reads small records only. */
export type SearchEntry = {
  id: number
  ethnicId: number
  ethnicSlug: string
  categoryIds: number[]
  categorySlugs: string[]
  toneKey: string
  englishKey: string
  /** The proverb in marked form (markedForm): a query typed with tone marks puts exact matches first (version 7). */
  markedKey: string
}

/**
 * Every search entry at one `searchVersion`, packed into a few columns (src/offline/search-index.ts): a worker that
 * starts afresh reads this one record instead of every entry. Entries are in id order; a people or a category is a
 * position in `peoples` / `categories` (id and slug as the entries had them); the keys are joined with '\n', which
 * folded text never holds.
 */
export type SearchSnapshot = {
  version: number
  count: number
  ids: Float64Array
  toneKeys: string
  englishKeys: string
  markedKeys: string
  people: Uint32Array
  peoples: { id: number; slug: string }[]
  /** The entry i's categories are `entryCategories[categoryStart[i] … categoryStart[i + 1]]`. */
  categoryStart: Uint32Array
  entryCategories: Uint32Array
  categories: { id: number; slug: string }[]
}

export type StoredGroup = { id: number; group: EthnicGroup; position: number; savedAt: number }
export type StoredCategory = { id: number; category: Category; position: number; savedAt: number }
/** An ordered pick of proverbs: today's (`today:{date}`) or trending (`trending:{date}:{limit}`). */
export type StoredList = { key: string; kind: 'today' | 'trending'; ids: number[]; savedAt: number }
/** A signed-in answer kept verbatim for its owner. */
export type StoredPrivate = { userId: number; url: string; body: unknown; savedAt: number }

export type PackStatus = 'downloading' | 'ready' | 'failed'
export type PackRecord = {
  userId: number
  groupId: number
  groupSlug: string
  groupName: string
  language: string
  status: PackStatus
  /** Proverbs stored so far, and how many the group has. */
  done: number
  total: number
  /** What the pack takes on this device: its proverbs' JSON and its scroll image. */
  bytes: number
  /** When the last complete download finished; null before the first. */
  updatedAt: number | null
  error: string | null
  /**
   * Why it is here: it came with the reader's plan (kept without being asked, docs/decisions/021-keep-by-default.md)
   * or the reader kept it. Absent on packs kept before there was a reason to tell.
   */
  origin?: PackOrigin
  /** The pack's version (pack-sizes) when its last complete download finished. */
  version?: string | null
  /** Each page as the server gave it, for a refresh to send back (an unchanged page answers 304 and is kept). */
  pages?: PackPage[]
}

export type PackOrigin = 'plan' | 'reader'
/** One page of a pack: the server's validator of it, its proverbs' ids and the bytes it took. */
export type PackPage = { etag: string | null; ids: number[]; bytes: number }

/** Where one chosen answer is: written on this device, received by the server, or refused by it. */
export type AnswerDelivery = 'saved' | 'delivered' | 'failed'

/**
 * One thing waiting to reach the server, in a queue (src/offline/queue.ts), in the order made (`seq`): a quiz answer
 * or close, an analytics event, a favourite or a like, a suggestion or a correction. `key` is its Idempotency-Key
 * (an analytics event's id), so a request whose answer was lost can be sent again safely; what it carries
 * (`payload`) is the queue's own.
 */
export type QueueRecord = {
  /** Given by IndexedDB on insert; absent only on a new entry. */
  seq?: number
  queue: QueueName
  key: string
  /** Whose it is: only ever sent with their token. 0 for nobody's (analytics, a visitor's suggestion), sent with none. */
  userId: number
  /** When it was made, by this device's clock (ISO 8601). */
  at: string
  payload: unknown
  /** 'pending': to send; 'failed': refused by the server, kept with its message (`error`) for the reader to see. */
  state: 'pending' | 'failed'
  error: string | null
}

/**
 * A queue's sending state for one user (0: nobody's entries): the back-off of failed rounds, the token the server
 * refused, the entries waiting for the server's clock, and a pulling queue's cursor (the learning log's).
 */
export type QueueState = {
  queue: QueueName
  userId: number
  tries: number
  /** Not tried before this time (back-off); 0 for at once. */
  nextAttemptAt: number
  /** The digest of the token the server answered 401 to: the entries wait for another token of this user. */
  rejectedToken: string | null
  /**
   * The time (`at`) of the first entry the server called early (dated past its clock: CLOCK_AHEAD): it and later
   * ones wait; null while none do.
   */
  earlyAt: string | null
  /** How far this device's clock was ahead of the server's then, when more than the server allows; else null. */
  clockAheadMs: number | null
  /** What a pulling queue holds of the server's side (the learning log: the last `seq` pulled); 0 before the first pull. */
  cursor: number
}

/** The question id of a batch's close in `quizAnswers` (question ids start at 1). */
export const CLOSE_QUESTION_ID = 0

/**
 * The latest choice made on this device for a question (or, at CLOSE_QUESTION_ID, the batch's close),
 * with where it is: `key` is the outbox entry carrying it, so an older entry's receipt does not mark a
 * newer choice delivered.
 */
export type QuizAnswerRecord = {
  userId: number
  batchId: number
  questionId: number
  /** The option chosen; null for the close. */
  answerOptionId: number | null
  key: string
  delivery: AnswerDelivery
  error: string | null
  updatedAt: number
}

/**
 * One entry of a reader's learning log (src/core/learning/contract.ts) as the device holds it: whose it is,
 * whether the server has it (`sent`: 0 not yet, 1 yes; a number, as IndexedDB cannot index booleans) and its
 * `seq` once pulled from the server (null before).
 */
export type LearningRecord = LearningEntry & { userId: number; sent: 0 | 1; seq: number | null }

/**
 * A card of a reader's deck as the badges count it, rewritten whenever the log changes: in the deck or not
 * (1 | 0) and when it is next due (ms since the epoch). Counting needs no scheduler.
 */
export type StoredLearningCard = { userId: number; proverbId: number; inDeck: 0 | 1; due: number }

/** Who the device's signed-in data belongs to: the worker stores private answers only for this token. */
export type Owner = { userId: number; tokenDigest: string }

export interface OfflineSchema extends DBSchema {
  groups: { key: number; value: StoredGroup }
  categories: { key: number; value: StoredCategory }
  proverbs: { key: number; value: StoredProverb; indexes: { slug: string; packs: string } }
  search: { key: number; value: SearchEntry }
  /** 'snapshot': the search entries packed as of one searchVersion. */
  searchIndex: { key: string; value: SearchSnapshot }
  lists: { key: string; value: StoredList; indexes: { kind: string } }
  private: { key: [number, string]; value: StoredPrivate; indexes: { userId: number } }
  packs: { key: [number, number]; value: PackRecord; indexes: { userId: number } }
  quizAnswers: { key: [number, number, number]; value: QuizAnswerRecord; indexes: { batch: [number, number] } }
  /** A reader's learning log, by entry id: `unsent` orders what waits oldest first, `days` finds active days and today's reads. */
  learning: {
    key: string
    value: LearningRecord
    indexes: { userId: number; unsent: [number, number, string]; days: [number, string, string] }
  }
  /** Each reader's cards, by [userId, proverbId]; `due` counts the deck and what is due: [userId, inDeck, due]. */
  learningCards: { key: [number, number]; value: StoredLearningCard; indexes: { due: [number, number, number] } }
  /**
   * Every queue's entries by `seq` (the order made): `key` finds one by its key, `scope` a user's pending or failed
   * entries of a queue in order ([queue, userId, state]).
   */
  queue: { key: number; value: QueueRecord; indexes: { key: [QueueName, string]; scope: [QueueName, number, string] } }
  queueState: { key: [QueueName, number]; value: QueueState }
  /** 'owner': the Owner; 'searchVersion': bumped by every change to the search store. */
  meta: { key: string; value: Owner | number }
}

export type OfflineDb = IDBPDatabase<OfflineSchema>

export function openOfflineDb(): Promise<OfflineDb> {
  return openDB<OfflineSchema>(OFFLINE_DB_NAME, OFFLINE_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, transaction) {
      if (oldVersion < 1) {
        db.createObjectStore('groups', { keyPath: 'id' })
        db.createObjectStore('categories', { keyPath: 'id' })
        const proverbs = db.createObjectStore('proverbs', { keyPath: 'id' })
        proverbs.createIndex('slug', 'slug', { unique: true })
        proverbs.createIndex('packs', 'packs', { multiEntry: true })
        db.createObjectStore('search', { keyPath: 'id' })
        db.createObjectStore('lists', { keyPath: 'key' }).createIndex('kind', 'kind')
        db.createObjectStore('private', { keyPath: ['userId', 'url'] }).createIndex('userId', 'userId')
        db.createObjectStore('packs', { keyPath: ['userId', 'groupId'] }).createIndex('userId', 'userId')
        db.createObjectStore('meta')
      }
      if (oldVersion < 2) {
        db.createObjectStore('quizAnswers', { keyPath: ['userId', 'batchId', 'questionId'] }).createIndex('batch', ['userId', 'batchId'])
      }
      if (oldVersion < 4) {
        const learning = db.createObjectStore('learning', { keyPath: 'id' })
        learning.createIndex('userId', 'userId')
        learning.createIndex('unsent', ['userId', 'sent', 'at'])
        learning.createIndex('days', ['userId', 'kind', 'day'])
        db.createObjectStore('learningCards', { keyPath: ['userId', 'proverbId'] }).createIndex('due', ['userId', 'inDeck', 'due'])
      }
      if (oldVersion < 5) {
        const queue = db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true })
        queue.createIndex('key', ['queue', 'key'], { unique: true })
        queue.createIndex('scope', ['queue', 'userId', 'state'])
        db.createObjectStore('queueState', { keyPath: ['queue', 'userId'] })
        // The open resolves once this is done: the upgrade's transaction lives while its requests do.
        if (oldVersion >= 2)
          void moveIntoQueues(db as unknown as IDBPDatabase, transaction as unknown as IDBPTransaction<unknown, string[], 'versionchange'>)
      }
      // Version 6: the search entries' snapshot, made at the first search.
      if (oldVersion < 6) db.createObjectStore('searchIndex')
      // Version 7: each search entry gains its proverb's marked form, and the snapshot is made again with them.
      if (oldVersion >= 1 && oldVersion < 7 && db.objectStoreNames.contains('search') && db.objectStoreNames.contains('proverbs'))
        void addMarkedKeys(
          transaction as unknown as IDBPTransaction<OfflineSchema, ('search' | 'proverbs' | 'searchIndex')[], 'versionchange'>,
        )
    },
    // A newer version opened in another tab: let it upgrade; this connection reopens on next use.
    blocking(_current, _blocked, event) {
      shared = undefined
      ;(event.target as IDBDatabase).close()
    },
  })
}

/** Version 7: every search entry gets the marked form of its stored proverb; the old snapshot goes (it lacks them). */
async function addMarkedKeys(
  tx: IDBPTransaction<OfflineSchema, ('search' | 'proverbs' | 'searchIndex')[], 'versionchange'>,
): Promise<void> {
  await tx.objectStore('searchIndex').clear()
  const proverbs = tx.objectStore('proverbs')
  for (let cursor = await tx.objectStore('search').openCursor(); cursor; cursor = await cursor.continue()) {
    const stored = await proverbs.get(cursor.value.id)
    await cursor.update({ ...cursor.value, markedKey: stored ? markedForm(stored.proverb.proverb) : '' })
  }
}

/**
 * Version 5 put the three queues a device had — the quiz outbox (version 2), the analytics queue (3) and the learning
 * log's sending state (4) — into the one queue store: what waited keeps waiting, in its order, and the old stores go.
 * (A back-off or a refused token starts afresh: the next round tries once and learns it again.)
 */
async function moveIntoQueues(db: IDBPDatabase, tx: IDBPTransaction<unknown, string[], 'versionchange'>): Promise<void> {
  const queue = tx.objectStore('queue')
  const old = (name: string) => (db.objectStoreNames.contains(name) ? tx.objectStore(name).getAll() : Promise.resolve([]))
  const [outbox, analytics, learningSync] = await Promise.all([old('outbox'), old('analytics'), old('learningSync')])
  for (const entry of outbox as { key: string; userId: number; createdAt: number; state: 'pending' | 'failed'; error: string | null }[]) {
    const { batchId, kind, questionId, answerOptionId } = entry as unknown as Record<string, unknown>
    await queue.add({
      queue: 'outbox',
      key: entry.key,
      userId: entry.userId,
      at: new Date(entry.createdAt).toISOString(),
      payload: { batchId, kind, questionId, answerOptionId },
      state: entry.state,
      error: entry.error,
    } satisfies QueueRecord)
  }
  const events = (analytics as { id: string; at: string }[]).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  for (const event of events)
    await queue.add({
      queue: 'analytics',
      key: event.id,
      userId: 0,
      at: event.at,
      payload: event,
      state: 'pending',
      error: null,
    } satisfies QueueRecord)
  for (const state of learningSync as (Omit<QueueState, 'queue' | 'earlyAt' | 'clockAheadMs'> & Partial<QueueState>)[]) {
    await tx.objectStore('queueState').put({
      ...state,
      queue: 'learning',
      earlyAt: state.earlyAt ?? null,
      clockAheadMs: state.clockAheadMs ?? null,
    } satisfies QueueState)
  }
  for (const name of ['outbox', 'analytics', 'learningSync']) if (db.objectStoreNames.contains(name)) db.deleteObjectStore(name)
}

let shared: Promise<OfflineDb> | undefined

/** One connection per runtime, reopened if the browser closed it. */
export function offlineDb(): Promise<OfflineDb> {
  shared ??= openOfflineDb().then((db) => {
    db.addEventListener('close', () => (shared = undefined))
    return db
  })
  shared.catch(() => (shared = undefined))
  return shared
}

export const packKey = (userId: number, groupId: number) => `${userId}:${groupId}`
