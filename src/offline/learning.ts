import type { ApiErrorBody } from '../core/http/contract'
import { API } from '../core/http/api-paths'
import {
  ACTIVE_KINDS,
  LEARNING_BATCH_SIZE,
  LEARNING_CLOCK_AHEAD,
  LEARNING_FUTURE_SKEW_MS,
  type LearningBatch,
  type LearningBatchResult,
  type LearningEntry,
  type LearningLogPage,
  type LocalDay,
} from '../core/learning/contract'
import { localDayOf } from '../core/learning/days'
import type { Proverb } from '../core/proverbs/contract'
import { withLock } from './lock'
import { LEARNING_CHANNEL, type LearningChanged } from './learning-messages'
import type { LearningRecord, LearningSyncState, OfflineDb, StoredLearningCard } from './schema'
import { saveProverbs, tokenDigest } from './store'

/**
 * A reader's learning log on this device (src/core/learning/contract.ts, docs/decisions/019-learning.md),
 * shared by the page and the worker. Everything the reader does that learning counts is kept here at once,
 * online or not, under its own id; a round of `syncLearning` sends what the server lacks, oldest first, and
 * pulls what reached it from other devices. The deck's due times are kept beside the log (`learningCards`),
 * rewritten whenever it changes, so the badges count cards with no scheduler; the scheduler (ts-fsrs) is
 * loaded only when a pull or a refusal changed the deck (`loadReplay`), or by the Learn pages.
 *
 * The rules are the quiz outbox's (src/offline/outbox.ts): only ever the entries' own user's token; 401
 * waits for another token of that user; 408/429/5xx/network back off (1 s doubling, at most a minute,
 * Retry-After honoured); one round at a time across the page and the worker (the Web Lock `owe-learning`).
 * Sign-out keeps a user's unsent entries (src/offline/store.ts removeUserData); nobody else reads them.
 * An entry the server calls early (a device clock more than LEARNING_FUTURE_SKEW_MS fast) is kept with every
 * later one; entries dated before it still go at once, and it is tried alone each round, a timer set for when
 * the server's clock will have caught up. The Learn pages tell the reader meanwhile (`readClockState`).
 */

export const LEARNING_LOCK = 'owe-learning'
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 60_000
const RETRY_AFTER_MAX_MS = 3_600_000
/** A request still unanswered after this is treated as lost; its entries are sent again (the server keeps each id once). */
const SEND_TIMEOUT_MS = 30_000
/** Proverbs of the deck fetched at once when they are missing on the device. */
const PROVERB_FETCHES = 4

export const learningBackoffMs = (tries: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, tries - 1), RETRY_MAX_MS)

/** Every key that starts with these parts (an array sorts after any number or string). */
const startingWith = (...parts: (number | string)[]) => IDBKeyRange.bound(parts, [...parts, []])

// ------------------------------------------------------------------------------------------ announcing

/** Tells every page (the BroadcastChannel) and this page (a window event: a channel does not hear itself) that a reader's log changed. */
export function announceLearning(userId: number): void {
  const message: LearningChanged = { type: 'learning-changed', userId }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(LEARNING_CHANNEL)
    channel.postMessage(message)
    channel.close()
  }
  const page = (globalThis as { window?: EventTarget }).window
  if (page && typeof CustomEvent !== 'undefined') page.dispatchEvent(new CustomEvent(LEARNING_CHANNEL, { detail: message }))
}

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
  const state = await db.get('learningSync', userId)
  return { aheadMs: state?.clockAheadMs ?? null, waiting: !!state?.earlyAt }
}

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

export type LearningSyncDeps = {
  db: OfflineDb
  fetch: (input: string, init: RequestInit) => Promise<Response>
  now: () => number
  /** Whose log: only their entries go, with their own token. */
  userId: number
  token: string
  /** Where the API lives; empty for the same origin. */
  apiBase?: string
  /** The connection just came back (`online`, a Background Sync event): try now even while backing off. */
  retryNow?: boolean
  /** The scheduler's replay, loaded only when the deck changed (ts-fsrs stays off the page until then). */
  loadReplay: () => Promise<Replay<CardSource>>
}

export type LearningSyncSummary = {
  /** Entries the server now has (new to it or not). */
  sent: number
  /** Entries it will never take: they left the device. */
  refused: number
  /** Entries from the server that this device did not have. */
  pulled: number
  /** This user's entries still unsent. */
  waiting: number
  /** Entries wait for the server's clock: when they are tried again (a timer, not a back-off); null when none do. */
  clockRetryAt: number | null
  /** When the log is tried again after a failure; null when nothing backs off. */
  retryAt: number | null
  /** The token was refused (401): the log waits for another of this user's tokens. */
  unauthorised: boolean
}

type Failure = { kind: 'unauthorised' } | { kind: 'retry'; afterMs?: number }

function retryAfterMs(response: Response, now: number): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS)
}

/**
 * Entries dated ahead of the server's clock wait (see the top): `aheadMs`, how far this device's clock is ahead
 * of the server's when that is more than the server allows, else null (the clock was fast when they were made,
 * and has been set right since); `waiting`, whether any entry waits.
 */
export type LearningClockState = { aheadMs: number | null; waiting: boolean }

/** An early entry is not tried again sooner than this (a proxy that rewrites the Date header cannot make a loop). */
const EARLY_RETRY_MIN_MS = 30_000

/** The server's clock as its answer gives it (the Date header, to the second); null without one. */
function serverTimeOf(response: Response): number | null {
  const time = Date.parse(response.headers.get('Date') ?? '')
  return Number.isNaN(time) ? null : time
}

/**
 * How long until the server takes an early entry: until its clock is within LEARNING_FUTURE_SKEW_MS of the
 * entry's time, and a second more for the Date header's rounding; at least EARLY_RETRY_MIN_MS, at most an hour
 * (rounds come with what the reader does too). A minute when the server's time is unknown.
 */
function earlyWaitMs({ record, serverNow }: NonNullable<Round['early']>): number {
  if (serverNow === null) return RETRY_MAX_MS
  const wait = Date.parse(record.at) - LEARNING_FUTURE_SKEW_MS - serverNow + RETRY_BASE_MS
  return Math.min(Math.max(EARLY_RETRY_MIN_MS, wait), RETRY_AFTER_MAX_MS)
}

/**
 * How far this device's clock is ahead of the server's, to the minute, when it is more than the server allows;
 * null when it is not (or the server's time is unknown).
 */
function clockAheadOf(deps: LearningSyncDeps, { serverNow }: NonNullable<Round['early']>): number | null {
  if (serverNow === null) return null
  const ahead = deps.now() - serverNow
  return ahead > LEARNING_FUTURE_SKEW_MS ? Math.round(ahead / 60_000) * 60_000 : null
}

/** The answer, or the failure that stops the round (a 400 is the caller's to judge). */
async function call(deps: LearningSyncDeps, path: string, body?: LearningBatch): Promise<Response | Failure> {
  let response: Response
  try {
    response = await deps.fetch(`${deps.apiBase ?? ''}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${deps.token}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body && JSON.stringify(body),
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    })
  } catch {
    return { kind: 'retry' }
  }
  if (response.ok || response.status === 400) return response
  if (response.status === 401) return { kind: 'unauthorised' }
  // Anything else may pass (a server being deployed, a proxy, a rate limit): nothing is dropped for it.
  return { kind: 'retry', afterMs: retryAfterMs(response, deps.now()) }
}

/**
 * The `data` of a 2xx answer when it has the shape asked for; undefined for anything else (a captive portal's
 * page, a proxy's): the round then backs off rather than fail the same way at once, again and again.
 */
async function dataOf<T>(response: Response, shaped: (data: T) => boolean): Promise<T | undefined> {
  const body = (await response.json().catch(() => undefined)) as { data?: T } | undefined
  return body?.data !== undefined && body.data !== null && shaped(body.data) ? body.data : undefined
}

/** When a round should run again, if the last one asked: after a failure (a back-off) or for early entries (a timer). */
export function nextRoundAt(summary: Pick<LearningSyncSummary, 'retryAt' | 'clockRetryAt'>): number | null {
  const times = [summary.retryAt, summary.clockRetryAt].filter((time): time is number => time !== null)
  return times.length === 0 ? null : Math.min(...times)
}

const changesDeck = (entry: Pick<LearningEntry, 'kind'>) => entry.kind === 'add' || entry.kind === 'remove' || entry.kind === 'review'

/** What a round has seen so far. */
type Round = {
  summary: LearningSyncSummary
  /** Some batch was taken in this round: the server works, so an entry it calls malformed alone is. */
  accepted: boolean
  /** Entries the server answered 400 to one at a time. */
  malformed: { record: LearningRecord; message: string }[]
  /** Malformed entries kept (nothing else was taken to prove the server works): the round ends backing off. */
  heldBack: boolean
  /**
   * The first entry the server called early (dated past its clock: this device's clock is fast), with the
   * server's time then. It and every later entry stay for a later round; nothing is wrong with them.
   */
  early: { record: LearningRecord; serverNow: number | null } | null
  deckChanged: boolean
  logChanged: boolean
}

/** The entries leave the device (the server will never take them), said in the console for whoever looks. */
async function drop(deps: LearningSyncDeps, round: Round, refused: { record: LearningRecord; message: string }[]): Promise<void> {
  if (refused.length === 0) return
  const tx = deps.db.transaction('learning', 'readwrite')
  await Promise.all([...refused.map(({ record }) => tx.store.delete(record.id)), tx.done])
  round.summary.refused += refused.length
  round.logChanged = true
  if (refused.some(({ record }) => changesDeck(record))) round.deckChanged = true
  console.warn(
    'Learning entries the server refused, removed from this device:',
    refused.map(({ record, message }) => `${record.kind} ${record.id}: ${message}`),
  )
}

/**
 * Sends one batch. A 400 means the server found something in it malformed and stored none of it: the
 * batch is split in two and each half sent, down to the entry at fault, so one bad entry never costs the
 * others (the server keeps each id once, so a half sent twice does no harm).
 */
async function sendBatch(deps: LearningSyncDeps, round: Round, records: LearningRecord[]): Promise<Failure | undefined> {
  // Entries go oldest first: after an early one, the rest are early too.
  if (round.early) return undefined
  const answer = await call(deps, API.learningLog, { entries: records.map(entryOf) })
  if (!(answer instanceof Response)) return answer
  if (answer.status === 400) {
    if (records.length === 1) {
      const error = (await answer.json().catch(() => null)) as ApiErrorBody | null
      if (error?.error?.code === LEARNING_CLOCK_AHEAD) {
        round.early = { record: records[0], serverNow: serverTimeOf(answer) }
        // The server judged the entry (it validated it first): it works, so an entry it calls malformed is.
        round.accepted = true
      } else round.malformed.push({ record: records[0], message: error?.error?.message ?? 'The server answered 400.' })
      return undefined
    }
    const half = Math.ceil(records.length / 2)
    return (await sendBatch(deps, round, records.slice(0, half))) ?? sendBatch(deps, round, records.slice(half))
  }
  const data = await dataOf<LearningBatchResult>(answer, (result) => Array.isArray(result.refused))
  if (!data) return { kind: 'retry' }
  round.accepted = true
  const refusedIds = new Map(data.refused.map((r) => [r.id, r.message]))
  const tx = deps.db.transaction('learning', 'readwrite')
  const taken = records.filter((record) => !refusedIds.has(record.id))
  await Promise.all([
    ...taken.map(async (record) => {
      // Pulled meanwhile? Then it already says so (and holds its seq).
      const current = await tx.store.get(record.id)
      if (current && current.sent === 0) await tx.store.put({ ...current, sent: 1 })
    }),
    tx.done,
  ])
  round.summary.sent += taken.length
  await drop(
    deps,
    round,
    records.filter((record) => refusedIds.has(record.id)).map((record) => ({ record, message: refusedIds.get(record.id)! })),
  )
  return undefined
}

/**
 * Sends the user's unsent entries, oldest first, a batch at a time; stops at the first failure. Entries from
 * `earlyAt` on (the server called that one early last time) go after the others: the first of them alone, and
 * the rest only if the server takes it, so waiting entries cost one request a round.
 */
async function sendUnsent(deps: LearningSyncDeps, round: Round, earlyAt: string | null): Promise<Failure | undefined> {
  const unsent = await deps.db.getAllFromIndex('learning', 'unsent', startingWith(deps.userId, 0))
  const split = earlyAt === null ? unsent.length : unsent.findIndex((record) => record.at >= earlyAt)
  const before = split === -1 ? unsent : unsent.slice(0, split)
  const after = split === -1 ? [] : unsent.slice(split)
  const batches = [...inBatches(before), ...after.slice(0, 1).map((record) => [record]), ...inBatches(after.slice(1))]
  for (const batch of batches) {
    const failure = await sendBatch(deps, round, batch)
    if (failure) return failure
  }
  if (round.malformed.length === 0) return undefined
  // Malformed alone, while the server took other entries: it never will take these. Refused with
  // everything else, the fault may be the server's (a version that refuses every batch): they stay, and
  // the round backs off once it has pulled.
  if (round.accepted) await drop(deps, round, round.malformed)
  else round.heldBack = true
  return undefined
}

function inBatches(records: LearningRecord[]): LearningRecord[][] {
  const batches: LearningRecord[][] = []
  for (let i = 0; i < records.length; i += LEARNING_BATCH_SIZE) batches.push(records.slice(i, i + LEARNING_BATCH_SIZE))
  return batches
}

/** Pulls what reached the server after the cursor, page by page, keeping the cursor with each page. */
async function pull(deps: LearningSyncDeps, round: Round, state: LearningSyncState): Promise<Failure | undefined> {
  for (;;) {
    const answer = await call(deps, `${API.learningLog}?after=${state.cursor}`)
    if (!(answer instanceof Response)) return answer
    const page = answer.ok
      ? await dataOf<LearningLogPage>(answer, (p) => Array.isArray(p.entries) && typeof p.cursor === 'number')
      : undefined
    if (!page) return { kind: 'retry' }
    const tx = deps.db.transaction(['learning', 'learningSync'], 'readwrite')
    const log = tx.objectStore('learning')
    const before = state.cursor
    state.cursor = Math.max(state.cursor, page.cursor)
    await Promise.all([
      ...page.entries.map(async ({ seq, ...entry }) => {
        const held = await log.get(entry.id)
        await log.put({ ...(entry as LearningEntry), userId: deps.userId, sent: 1, seq })
        if (held) return
        round.summary.pulled++
        round.logChanged = true
        if (changesDeck(entry)) round.deckChanged = true
      }),
      tx.objectStore('learningSync').put({ ...state }),
      tx.done,
    ])
    // A server that says "more" without moving on would keep this loop going.
    if (!page.more || state.cursor <= before) return undefined
  }
}

const countUnsent = (db: OfflineDb, userId: number) => db.countFromIndex('learning', 'unsent', startingWith(userId, 0))

/**
 * One round for one reader, under the learning lock: send their unsent entries, pull what is new on the
 * server until it has no more, then replay the log when the deck changed and rewrite the cards. A first
 * pull (cursor 0: a new device, or after a sign-out) always replays.
 */
export function syncLearning(deps: LearningSyncDeps): Promise<LearningSyncSummary> {
  return withLock(LEARNING_LOCK, () => syncHeld(deps))
}

async function syncHeld(deps: LearningSyncDeps): Promise<LearningSyncSummary> {
  const { db, userId } = deps
  const round: Round = {
    summary: { sent: 0, refused: 0, pulled: 0, waiting: 0, retryAt: null, clockRetryAt: null, unauthorised: false },
    accepted: false,
    malformed: [],
    heldBack: false,
    early: null,
    deckChanged: false,
    logChanged: false,
  }
  const { summary } = round
  const state: LearningSyncState = (await db.get('learningSync', userId)) ?? {
    userId,
    cursor: 0,
    tries: 0,
    nextAttemptAt: 0,
    rejectedToken: null,
  }
  const digest = await tokenDigest(deps.token)
  const clockBefore = { earlyAt: state.earlyAt ?? null, clockAheadMs: state.clockAheadMs ?? null }
  if (state.rejectedToken === digest) {
    summary.unauthorised = true
  } else if (!deps.retryNow && state.nextAttemptAt > deps.now()) {
    summary.retryAt = state.nextAttemptAt
  } else {
    const firstPull = state.cursor === 0
    const sendFailure = await sendUnsent(deps, round, clockBefore.earlyAt)
    const failure: Failure | undefined = sendFailure ?? (await pull(deps, round, state)) ?? (round.heldBack ? { kind: 'retry' } : undefined)
    // Waiting for the server's clock is not a failure: nothing backs off for it. What sending learns of it is
    // kept: an early entry again, or none (everything before it went and it was taken, or left for another
    // reason); sending cut short learns nothing, and what was known stays.
    const clock = round.early
      ? { earlyAt: round.early.record.at, clockAheadMs: clockAheadOf(deps, round.early) }
      : sendFailure
        ? clockBefore
        : { earlyAt: null, clockAheadMs: null }
    if (round.early) summary.clockRetryAt = deps.now() + earlyWaitMs(round.early)
    if (!failure) {
      await db.put('learningSync', { ...state, ...clock, tries: 0, nextAttemptAt: 0, rejectedToken: null })
      if (firstPull) round.deckChanged = true
    } else if (failure.kind === 'unauthorised') {
      await db.put('learningSync', { ...state, ...clock, rejectedToken: digest })
      summary.unauthorised = true
    } else {
      const tries = state.tries + 1
      summary.retryAt = deps.now() + (failure.afterMs ?? learningBackoffMs(tries))
      await db.put('learningSync', { ...state, ...clock, tries, nextAttemptAt: summary.retryAt })
    }
    // The Learn pages say so while entries wait for the server's clock.
    if (clock.earlyAt !== clockBefore.earlyAt || clock.clockAheadMs !== clockBefore.clockAheadMs) round.logChanged = true
    if (round.deckChanged) await replayLog(db, userId, await deps.loadReplay())
    if (round.logChanged) announceLearning(userId)
  }
  summary.waiting = await countUnsent(db, userId)
  return summary
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
