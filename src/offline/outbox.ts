import { API } from '../core/http/api-paths'
import type { QuizAnswerItem } from '../core/quiz/contract'
import { announceQueue, newRecord, oneByOne, scope, userRecords } from './queue'
import { CLOSE_QUESTION_ID, type AnswerDelivery, type OfflineDb, type QueueRecord } from './schema'

/**
 * The quiz answer outbox, a queue of the one delivery engine (src/offline/queue.ts): every answer, and the close of
 * an attempt ("submit"), is written here before the screen calls it saved, then sent in the order made, one request
 * each under its own Idempotency-Key. Beside it, `quizAnswers` holds each question's latest choice made here and
 * where it is, changed in the same transaction as the entry carrying it. What the server refuses stays in the
 * "could not send" list with its message until the reader sends it again or lets it go.
 */

export type { AnswerDelivery } from './schema'

/** What an outbox entry carries. */
export type OutboxPayload = { batchId: number; kind: 'answer' | 'close'; questionId: number | null; answerOptionId: number | null }
type OutboxRecord = QueueRecord & { payload: OutboxPayload }

/** An entry the server refused: shown in "could not send". */
export type FailedEntry = OutboxPayload & {
  key: string
  /** The server's message, shown as is. */
  error: string
  at: string
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

const recordKey = (userId: number, { batchId, questionId }: OutboxPayload): [number, number, number] => [
  userId,
  batchId,
  questionId ?? CLOSE_QUESTION_ID,
]

/** The quiz outbox's policy: one request an entry; an entry's outcome changes the choice it carried, in the same transaction. */
export const outboxQueue = oneByOne<OutboxPayload>(
  'outbox',
  (payload) => {
    if (payload.kind === 'close') return { method: 'POST', path: API.quizUpdateAttempt(payload.batchId) }
    const item: QuizAnswerItem = {
      batchId: payload.batchId,
      answerOptionId: payload.answerOptionId!,
      ethnicFactQuestionId: payload.questionId!,
    }
    return { method: 'POST', path: API.quizSubmitSingle, body: item }
  },
  {
    also: ['quizAnswers'],
    async settle(tx, record, outcome) {
      const answers = tx.objectStore('quizAnswers')
      const key = recordKey(record.userId, record.payload as OutboxPayload)
      const choice = await answers.get(key)
      // Only the choice this entry carried: a later choice for the question keeps its own state.
      if (choice?.key !== record.key) return
      await answers.put(
        outcome.sent ? { ...choice, delivery: 'delivered', error: null } : { ...choice, delivery: 'failed', error: outcome.message },
      )
    },
  },
)

// --------------------------------------------------------------------------------------------- writing

export type AnswerInput = { userId: number; batchId: number; questionId: number; answerOptionId: number }

/** The user's outbox entries of one batch, pending and refused, in the order made. */
async function batchRecords(db: OfflineDb, userId: number, batchId: number): Promise<OutboxRecord[]> {
  return ((await userRecords(db, 'outbox', userId)) as OutboxRecord[]).filter((record) => record.payload.batchId === batchId)
}

/**
 * Queues a chosen answer and records it as the question's latest choice, in one transaction; resolves once both
 * are stored (only then may the screen say "saved"). Returns the entry's key. A refused entry for the same
 * question is dropped: this choice replaces it.
 */
export async function enqueueAnswer(db: OfflineDb, input: AnswerInput, now: number): Promise<string> {
  const { userId, batchId, questionId, answerOptionId } = input
  const entry = newRecord<OutboxPayload>(
    'outbox',
    userId,
    { batchId, kind: 'answer', questionId, answerOptionId },
    undefined,
    new Date(now),
  )
  const tx = db.transaction(['queue', 'quizAnswers'], 'readwrite')
  const queue = tx.objectStore('queue')
  const superseded = ((await queue.index('scope').getAll(scope('outbox', userId, 'failed'))) as OutboxRecord[]).filter(
    (e) => e.payload.batchId === batchId && e.payload.kind === 'answer' && e.payload.questionId === questionId,
  )
  await Promise.all([
    ...superseded.map((e) => queue.delete(e.seq!)),
    queue.add(entry),
    tx
      .objectStore('quizAnswers')
      .put({ userId, batchId, questionId, answerOptionId, key: entry.key, delivery: 'saved', error: null, updatedAt: now }),
    tx.done,
  ])
  announceQueue('outbox', userId)
  return entry.key
}

/**
 * Queues the close of an attempt ("submit"), after every answer queued before it. A close already waiting to be
 * sent is not queued twice; a refused one is replaced. Returns the entry's key.
 */
export async function enqueueClose(db: OfflineDb, input: { userId: number; batchId: number }, now: number): Promise<string> {
  const { userId, batchId } = input
  const closes = (await batchRecords(db, userId, batchId)).filter((e) => e.payload.kind === 'close')
  const waiting = closes.find((e) => e.state === 'pending')
  if (waiting) return waiting.key
  const entry = newRecord<OutboxPayload>(
    'outbox',
    userId,
    { batchId, kind: 'close', questionId: null, answerOptionId: null },
    undefined,
    new Date(now),
  )
  const tx = db.transaction(['queue', 'quizAnswers'], 'readwrite')
  await Promise.all([
    ...closes.map((e) => tx.objectStore('queue').delete(e.seq!)),
    tx.objectStore('queue').add(entry),
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
  announceQueue('outbox', userId)
  return entry.key
}

/**
 * Refused entries go back to the queue (all of the user's, or those named), in their first place. One superseded
 * by a later choice for its question is dropped instead: sending it would undo that choice.
 */
export async function retryFailed(db: OfflineDb, userId: number, keys?: readonly string[]): Promise<number> {
  const tx = db.transaction(['queue', 'quizAnswers'], 'readwrite')
  const queue = tx.objectStore('queue')
  const answers = tx.objectStore('quizAnswers')
  const chosen = ((await queue.index('scope').getAll(scope('outbox', userId, 'failed'))) as OutboxRecord[]).filter(
    (e) => !keys || keys.includes(e.key),
  )
  let requeued = 0
  for (const entry of chosen) {
    const choice = await answers.get(recordKey(userId, entry.payload))
    if (choice?.key !== entry.key) {
      await queue.delete(entry.seq!)
      continue
    }
    await queue.put({ ...entry, state: 'pending', error: null })
    await answers.put({ ...choice, delivery: 'saved', error: null })
    requeued++
  }
  await tx.done
  if (chosen.length > 0) announceQueue('outbox', userId)
  return requeued
}

/** The user gives up on a refused entry: it leaves the list, and the choice it carried is forgotten. */
export async function discardFailed(db: OfflineDb, userId: number, key: string): Promise<boolean> {
  const tx = db.transaction(['queue', 'quizAnswers'], 'readwrite')
  const entry = (await tx.objectStore('queue').index('key').get(['outbox', key])) as OutboxRecord | undefined
  if (!entry || entry.userId !== userId || entry.state !== 'failed') {
    await tx.done
    return false
  }
  const answers = tx.objectStore('quizAnswers')
  const choice = await answers.get(recordKey(userId, entry.payload))
  await Promise.all([
    tx.objectStore('queue').delete(entry.seq!),
    ...(choice?.key === entry.key ? [answers.delete(recordKey(userId, entry.payload))] : []),
    tx.done,
  ])
  announceQueue('outbox', userId)
  return true
}

// --------------------------------------------------------------------------------------------- reading

const failedOf = (entry: OutboxRecord): FailedEntry => ({ ...entry.payload, key: entry.key, error: entry.error ?? '', at: entry.at })

/** Where a batch's answers and close are on this device, for its user. */
export async function readBatchDelivery(db: OfflineDb, userId: number, batchId: number): Promise<BatchDelivery> {
  const [entries, records] = await Promise.all([
    batchRecords(db, userId, batchId),
    db.getAllFromIndex('quizAnswers', 'batch', [userId, batchId]),
  ])
  const answers: BatchDelivery['answers'] = {}
  let close: (typeof records)[number] | undefined
  for (const record of records) {
    if (record.questionId === CLOSE_QUESTION_ID) close = record
    else if (record.answerOptionId !== null)
      answers[record.questionId] = { answerOptionId: record.answerOptionId, delivery: record.delivery, error: record.error }
  }
  const pending = entries.filter((e) => e.state === 'pending').length
  const failed = entries.filter((e) => e.state === 'failed').map(failedOf)
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
  return ((await db.getAllFromIndex('queue', 'scope', scope('outbox', userId, 'failed'))) as OutboxRecord[]).map(failedOf)
}
