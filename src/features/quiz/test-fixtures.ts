import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { QuizBatchSummary } from '@/core/quiz/contract'
import { enqueueAnswer, enqueueClose, outboxQueue, type OutboxPayload } from '@/offline/outbox'
import { runQueue } from '@/offline/queue'
import { sendsSettled } from '@/lib/test-queues'
import { offlineDb, type OfflineDb } from '@/offline/schema'

/** A batch as the week's list gives it: "Quiz {id}", weekly, not started, unless changed. */
export const batchSummary = (batchId: number, changes: Partial<QuizBatchSummary> = {}): QuizBatchSummary => ({
  batchId,
  name: `Quiz ${batchId}`,
  questionPropertId: 1,
  source: 'WEEKLY',
  weekStart: '2026-11-16',
  createdAt: '2026-11-16T08:00:00Z',
  size: 10,
  answered: 0,
  attempts: 0,
  closedAt: null,
  result: null,
  ...changes,
})

// The device's real outbox, for the route tests: they import 'fake-indexeddb/auto', so it is stored in memory.

/** The outbox, emptied (answers queued and choices recorded). */
export async function emptyOutbox(): Promise<OfflineDb> {
  const db = await offlineDb()
  await db.clear('queue')
  await db.clear('queueState')
  await db.clear('quizAnswers')
  return db
}

/**
 * For a file of route tests: each test starts with an empty outbox and ends unmounted, unstubbed and
 * online. The function returned gives the running test's outbox.
 */
export function emptyOutboxEachTest(): () => OfflineDb {
  let db: OfflineDb
  beforeEach(async () => {
    db = await emptyOutbox()
  })
  afterEach(async () => {
    cleanup()
    // A send the page asked for ends in its own test, not under the next one's fetch.
    await sendsSettled()
    vi.unstubAllGlobals()
    online()
  })
  return () => db
}

/** What the outbox holds (pending or refused), in the order it will send it. */
export const outboxEntries = async (db: OfflineDb) =>
  (await db.getAll('queue'))
    .filter((record) => record.queue === 'outbox')
    .map(({ payload, state }) => ({ ...(payload as OutboxPayload), state }))

/** Ada's (user 7) answer to a question of a batch, stored on the device as the player stores it. */
export const storeAnswer = (db: OfflineDb, batchId: number, questionId: number, answerOptionId: number) =>
  enqueueAnswer(db, { userId: 7, batchId, questionId, answerOptionId }, Date.now())

/** Ada's close of a batch ("submit"), queued after her answers. */
export const storeClose = (db: OfflineDb, batchId: number) => enqueueClose(db, { userId: 7, batchId }, Date.now())

/** One send the outbox makes: the path, and for an answer the question it answers. */
export type OutboxSend = { path: string; questionId?: number }

/**
 * Sends what the outbox holds, the server answering each send with `answer` (a 2xx: delivered; a 4xx:
 * refused with its message; a 5xx: kept to try again).
 */
export async function sendOutbox(db: OfflineDb, answer: (send: OutboxSend) => Response): Promise<void> {
  await runQueue(outboxQueue, {
    db,
    fetch: async (url, init) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as { ethnicFactQuestionId?: number }) : undefined
      return answer({ path: url, questionId: body?.ethnicFactQuestionId })
    },
    now: Date.now,
    tokenFor: async () => 'token-7',
    retryNow: true,
  })
}

/** The server's refusal, as the outbox hears it. */
export const refusal = (message: string, status = 409) =>
  new Response(JSON.stringify({ error: { code: 'conflict', message } }), { status, headers: { 'Content-Type': 'application/json' } })

/** The browser offline (navigator.onLine false): the page keeps what the outbox holds. `online()` undoes it. */
export function offline(): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
}
export function online(): void {
  Reflect.deleteProperty(navigator, 'onLine')
}
