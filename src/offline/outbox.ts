import { API } from '../core/http/api-paths'
import type { ApiErrorBody } from '../core/http/contract'
import type { QuizAnswerItem } from '../core/quiz/contract'
import { IDEMPOTENCY_HEADER } from '../core/quiz/quiz'
import { withLock } from './lock'
import { OUTBOX_CHANNEL, OUTBOX_LOCK, type OutboxChanged } from './messages'
import { CLOSE_QUESTION_ID, type AnswerDelivery, type OfflineDb, type OutboxEntry } from './schema'
import { tokenDigest } from './store'

/**
 * The quiz answer outbox: every answer (and the close of an attempt) is written here before the screen
 * calls it saved, then sent in the order made, exactly once as the server sees it — each entry carries
 * its own Idempotency-Key, so a request whose answer was lost is simply sent again.
 *
 * The page and the worker both drain it, under one Web Lock, so no entry is ever in flight twice. An
 * entry is only ever sent with the token of the user who made it (`tokenFor`). Sign-out keeps a user's
 * entries: they go when that user signs in again.
 */

export type { AnswerDelivery } from './schema'

/** An entry the server refused (a 4xx other than 401/408/429): shown in "could not send". */
export type FailedEntry = {
  key: string
  kind: 'answer' | 'close'
  batchId: number
  questionId: number | null
  answerOptionId: number | null
  /** The server's message, shown as is. */
  error: string
  createdAt: number
}

export type BatchDelivery = {
  /** By question id: the latest choice made on this device and where it is. */
  answers: Record<number, { answerOptionId: number; delivery: AnswerDelivery; error: string | null }>
  /** Entries of this batch still to send (answers and the close). */
  pending: number
  failed: FailedEntry[]
  /** The close ("submit") is queued or sent. */
  closeQueued: boolean
  closeDelivered: boolean
  /** Nothing of this batch is waiting: the server has every answer and the close. */
  synced: boolean
}

export type DrainDeps = {
  db: OfflineDb
  fetch: (input: string, init: RequestInit) => Promise<Response>
  now: () => number
  /** The session token of this user, if this runtime has it; their entries wait without one. */
  tokenFor: (userId: number) => Promise<string | undefined>
  /** Where the API lives; empty for the same origin. */
  apiBase?: string
  /**
   * The connection just came back (`online`, a Background Sync event): entries backing off are sent now
   * rather than when their back-off ends — it was counting failures of a network that was not there.
   */
  retryNow?: boolean
}

export type DrainSummary = {
  sent: number
  /** Refused by the server in this round (now in "could not send"). */
  failed: number
  /** Still pending: backing off, behind an entry that is, or waiting for their user's token. */
  waiting: number
  /** The earliest time a backing-off entry may be sent; null when none is backing off. */
  retryAt: number | null
}

/** Back-off after a retryable failure: 1 s, doubling, at most a minute (or what Retry-After asks). */
export const RETRY_BASE_MS = 1000
export const RETRY_MAX_MS = 60_000
/** A Retry-After longer than this is not believed. */
export const RETRY_AFTER_MAX_MS = 3_600_000
/** A request still unanswered after this is treated as lost (and sent again later with the same key). */
export const SEND_TIMEOUT_MS = 30_000

export const backoffMs = (tries: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, tries - 1), RETRY_MAX_MS)

// ------------------------------------------------------------------------------------------ announcing

/**
 * Tells every page (the BroadcastChannel) and this page (a window event; the channel object that posts
 * does not hear itself) that a batch's entries changed.
 */
export function announceOutbox(message: OutboxChanged): void {
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(OUTBOX_CHANNEL)
    channel.postMessage(message)
    channel.close()
  }
  const page = (globalThis as { window?: EventTarget }).window
  if (page && typeof CustomEvent !== 'undefined') page.dispatchEvent(new CustomEvent(OUTBOX_CHANNEL, { detail: message }))
}

const changed = (userId: number, batchId: number) => announceOutbox({ type: 'outbox-changed', userId, batchId })

// --------------------------------------------------------------------------------------------- writing

export type AnswerInput = { userId: number; batchId: number; questionId: number; answerOptionId: number }

const newEntry = (
  fields: Pick<OutboxEntry, 'userId' | 'batchId' | 'kind' | 'questionId' | 'answerOptionId'>,
  now: number,
): OutboxEntry => ({
  ...fields,
  key: crypto.randomUUID(),
  state: 'pending',
  tries: 0,
  nextAttemptAt: 0,
  createdAt: now,
  error: null,
  rejectedToken: null,
})

/**
 * Queues a chosen answer and records it as the question's latest choice, in one transaction; resolves
 * once both are stored (only then may the screen say "saved"). Returns the entry's key. A refused entry
 * for the same question is dropped: this choice replaces it.
 */
export async function enqueueAnswer(db: OfflineDb, input: AnswerInput, now: number): Promise<string> {
  const { userId, batchId, questionId, answerOptionId } = input
  const entry = newEntry({ userId, batchId, kind: 'answer', questionId, answerOptionId }, now)
  const tx = db.transaction(['outbox', 'quizAnswers'], 'readwrite')
  const outbox = tx.objectStore('outbox')
  const superseded = (await outbox.index('batch').getAll([userId, batchId])).filter(
    (e) => e.kind === 'answer' && e.questionId === questionId && e.state === 'failed',
  )
  await Promise.all([
    ...superseded.map((e) => outbox.delete(e.seq!)),
    outbox.add(entry),
    tx
      .objectStore('quizAnswers')
      .put({ userId, batchId, questionId, answerOptionId, key: entry.key, delivery: 'saved', error: null, updatedAt: now }),
    tx.done,
  ])
  changed(userId, batchId)
  return entry.key
}

/**
 * Queues the close of an attempt ("submit"), after every answer queued before it. A close already
 * waiting to be sent is not queued twice; a refused one is replaced. Returns the entry's key.
 */
export async function enqueueClose(db: OfflineDb, input: { userId: number; batchId: number }, now: number): Promise<string> {
  const { userId, batchId } = input
  const tx = db.transaction(['outbox', 'quizAnswers'], 'readwrite')
  const outbox = tx.objectStore('outbox')
  const closes = (await outbox.index('batch').getAll([userId, batchId])).filter((e) => e.kind === 'close')
  const waiting = closes.find((e) => e.state === 'pending')
  if (waiting) {
    await tx.done
    return waiting.key
  }
  const entry = newEntry({ userId, batchId, kind: 'close', questionId: null, answerOptionId: null }, now)
  await Promise.all([
    ...closes.map((e) => outbox.delete(e.seq!)),
    outbox.add(entry),
    tx.objectStore('quizAnswers').put({
      userId,
      batchId,
      questionId: CLOSE_QUESTION_ID,
      answerOptionId: null,
      key: entry.key,
      delivery: 'saved',
      error: null,
      updatedAt: now,
    }),
    tx.done,
  ])
  changed(userId, batchId)
  return entry.key
}

const recordKey = (entry: OutboxEntry): [number, number, number] => [entry.userId, entry.batchId, entry.questionId ?? CLOSE_QUESTION_ID]

/**
 * Refused entries go back to the queue (all of the user's, or those named), in their first place. One
 * superseded by a later choice for its question is dropped instead: sending it would undo that choice.
 */
export async function retryFailed(db: OfflineDb, userId: number, keys?: readonly string[]): Promise<number> {
  const tx = db.transaction(['outbox', 'quizAnswers'], 'readwrite')
  const outbox = tx.objectStore('outbox')
  const answers = tx.objectStore('quizAnswers')
  const chosen = (await outbox.index('userId').getAll(userId)).filter((e) => e.state === 'failed' && (!keys || keys.includes(e.key)))
  let requeued = 0
  for (const entry of chosen) {
    const record = await answers.get(recordKey(entry))
    if (record?.key !== entry.key) {
      await outbox.delete(entry.seq!)
      continue
    }
    await outbox.put({ ...entry, state: 'pending', tries: 0, nextAttemptAt: 0, error: null, rejectedToken: null })
    await answers.put({ ...record, delivery: 'saved', error: null })
    requeued++
  }
  await tx.done
  for (const batchId of new Set(chosen.map((e) => e.batchId))) changed(userId, batchId)
  return requeued
}

/** The user gives up on a refused entry: it leaves the list, and the choice it carried is forgotten. */
export async function discardFailed(db: OfflineDb, userId: number, key: string): Promise<boolean> {
  const tx = db.transaction(['outbox', 'quizAnswers'], 'readwrite')
  const entry = (await tx.objectStore('outbox').index('userId').getAll(userId)).find((e) => e.key === key && e.state === 'failed')
  if (!entry) {
    await tx.done
    return false
  }
  const answers = tx.objectStore('quizAnswers')
  const record = await answers.get(recordKey(entry))
  await Promise.all([
    tx.objectStore('outbox').delete(entry.seq!),
    ...(record?.key === entry.key ? [answers.delete(recordKey(entry))] : []),
    tx.done,
  ])
  changed(userId, entry.batchId)
  return true
}

// --------------------------------------------------------------------------------------------- reading

const failedOf = (entry: OutboxEntry): FailedEntry => ({
  key: entry.key,
  kind: entry.kind,
  batchId: entry.batchId,
  questionId: entry.questionId,
  answerOptionId: entry.answerOptionId,
  error: entry.error ?? '',
  createdAt: entry.createdAt,
})

/** Where a batch's answers and close are on this device, for its user. */
export async function readBatchDelivery(db: OfflineDb, userId: number, batchId: number): Promise<BatchDelivery> {
  const tx = db.transaction(['outbox', 'quizAnswers'])
  const [entries, records] = await Promise.all([
    tx.objectStore('outbox').index('batch').getAll([userId, batchId]),
    tx.objectStore('quizAnswers').index('batch').getAll([userId, batchId]),
  ])
  const answers: BatchDelivery['answers'] = {}
  let close: (typeof records)[number] | undefined
  for (const record of records) {
    if (record.questionId === CLOSE_QUESTION_ID) close = record
    else if (record.answerOptionId !== null)
      answers[record.questionId] = { answerOptionId: record.answerOptionId, delivery: record.delivery, error: record.error }
  }
  const pending = entries.filter((e) => e.state === 'pending').length
  const failed = entries
    .filter((e) => e.state === 'failed')
    .sort((a, b) => a.seq! - b.seq!)
    .map(failedOf)
  return {
    answers,
    pending,
    failed,
    closeQueued: close !== undefined,
    closeDelivered: close?.delivery === 'delivered',
    synced: pending === 0 && failed.length === 0,
  }
}

/** The user's "could not send" list, oldest first. */
export async function readFailed(db: OfflineDb, userId: number): Promise<FailedEntry[]> {
  const entries = await db.getAllFromIndex('outbox', 'userId', userId)
  return entries
    .filter((e) => e.state === 'failed')
    .sort((a, b) => a.seq! - b.seq!)
    .map(failedOf)
}

// -------------------------------------------------------------------------------------------- the lock

/**
 * Runs `work` holding the outbox lock: one drain at a time in this runtime and across the page and the
 * worker.
 */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  return withLock(OUTBOX_LOCK, work)
}

// ------------------------------------------------------------------------------------------- the drain

type Outcome =
  { kind: 'sent' } | { kind: 'unauthorised' } | { kind: 'retry'; afterMs: number | undefined } | { kind: 'refused'; message: string }

function retryAfterMs(response: Response, now: number): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS)
}

function requestOf(entry: OutboxEntry): { path: string; body?: string } {
  if (entry.kind === 'close') return { path: API.quizUpdateAttempt(entry.batchId) }
  const item: QuizAnswerItem = { batchId: entry.batchId, answerOptionId: entry.answerOptionId!, ethnicFactQuestionId: entry.questionId! }
  return { path: API.quizSubmitSingle, body: JSON.stringify(item) }
}

async function send(entry: OutboxEntry, token: string, deps: DrainDeps): Promise<Outcome> {
  const { path, body } = requestOf(entry)
  let response: Response
  try {
    response = await deps.fetch(`${deps.apiBase ?? ''}${path}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
        [IDEMPOTENCY_HEADER]: entry.key,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body,
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    })
  } catch {
    // Offline, or no answer in time: the server may have it or not; the same key makes a resend safe.
    return { kind: 'retry', afterMs: undefined }
  }
  const { status } = response
  if (response.ok) return { kind: 'sent' }
  if (status === 401) return { kind: 'unauthorised' }
  if (status < 400 || status >= 500 || status === 408 || status === 429)
    return { kind: 'retry', afterMs: retryAfterMs(response, deps.now()) }
  const error = (await response.json().catch(() => null)) as ApiErrorBody | null
  return { kind: 'refused', message: error?.error?.message || `The server answered ${status}.` }
}

/** Applies what the server said to the entry and the choice it carries, in one transaction. */
async function settle(db: OfflineDb, entry: OutboxEntry, outcome: Outcome, change: Partial<OutboxEntry>): Promise<void> {
  const tx = db.transaction(['outbox', 'quizAnswers'], 'readwrite')
  const outbox = tx.objectStore('outbox')
  const answers = tx.objectStore('quizAnswers')
  const current = await outbox.get(entry.seq!)
  if (current) {
    if (outcome.kind === 'sent') await outbox.delete(entry.seq!)
    else await outbox.put({ ...current, ...change })
  }
  if (outcome.kind === 'sent' || outcome.kind === 'refused') {
    const record = await answers.get(recordKey(entry))
    // Only the choice this entry carried: a later choice for the question keeps its own state.
    if (record?.key === entry.key) {
      await answers.put(
        outcome.kind === 'sent'
          ? { ...record, delivery: 'delivered', error: null }
          : { ...record, delivery: 'failed', error: outcome.message },
      )
    }
  }
  await tx.done
}

/**
 * Sends the pending entries in the order made, under the outbox lock. Per user: an entry that must wait
 * (backing off, no token, its token refused) holds that user's later entries back, so the last answer
 * to a question is the last the server hears and the close follows the answers. Entries queued while
 * it runs are sent in the same drain.
 */
export function drainOutbox(deps: DrainDeps): Promise<DrainSummary> {
  return withOutboxLock(() => drainHeld(deps))
}

async function drainHeld(deps: DrainDeps): Promise<DrainSummary> {
  const { db } = deps
  const summary: DrainSummary = { sent: 0, failed: 0, waiting: 0, retryAt: null }
  const held = new Set<number>()
  const tokens = new Map<number, { token: string; digest: string } | undefined>()
  const wait = (entry: OutboxEntry, retryAt?: number) => {
    held.add(entry.userId)
    summary.waiting++
    if (retryAt !== undefined) summary.retryAt = summary.retryAt === null ? retryAt : Math.min(summary.retryAt, retryAt)
  }

  let after = 0
  for (;;) {
    const entries = await db.getAll('outbox', IDBKeyRange.lowerBound(after, true))
    if (entries.length === 0) break
    after = entries[entries.length - 1].seq!
    for (const entry of entries) {
      if (entry.state !== 'pending') continue
      if (held.has(entry.userId)) {
        summary.waiting++
        continue
      }
      if (!deps.retryNow && entry.nextAttemptAt > deps.now()) {
        wait(entry, entry.nextAttemptAt)
        continue
      }
      if (!tokens.has(entry.userId)) {
        const token = await deps.tokenFor(entry.userId)
        tokens.set(entry.userId, token ? { token, digest: await tokenDigest(token) } : undefined)
      }
      const auth = tokens.get(entry.userId)
      // No token of this user's here, or only the one the server already refused: wait for a sign-in.
      if (!auth || entry.rejectedToken === auth.digest) {
        wait(entry)
        continue
      }
      const outcome = await send(entry, auth.token, deps)
      if (outcome.kind === 'sent') {
        await settle(db, entry, outcome, {})
        summary.sent++
      } else if (outcome.kind === 'unauthorised') {
        await settle(db, entry, outcome, { rejectedToken: auth.digest })
        wait(entry)
      } else if (outcome.kind === 'retry') {
        const tries = entry.tries + 1
        const nextAttemptAt = deps.now() + (outcome.afterMs ?? backoffMs(tries))
        await settle(db, entry, outcome, { tries, nextAttemptAt })
        wait(entry, nextAttemptAt)
      } else {
        await settle(db, entry, outcome, { state: 'failed', error: outcome.message })
        summary.failed++
      }
      changed(entry.userId, entry.batchId)
    }
  }
  return summary
}
