import { useEffect, useRef } from 'react'
import type { AnswerDelivery, BatchDelivery, FailedEntry } from '@/offline/outbox'
import { useQueueRead } from '@/lib/queue-read'
import { quizKeys } from './queries'

/**
 * The page's side of the quiz answer outbox (src/offline/outbox.ts, a queue of the device's one delivery engine).
 * An answer is "saved" once it is in IndexedDB; then it is asked to be sent (src/lib/queues.ts: by the worker, or
 * this page when none controls it). The offline modules load on first use, keeping them out of the first paint's
 * code.
 */

export type { AnswerDelivery, BatchDelivery, FailedEntry }

async function openOutbox() {
  const [{ offlineDb }, outbox] = await Promise.all([import('@/offline/schema'), import('@/offline/outbox')])
  return { db: await offlineDb(), outbox }
}

const warn = (error: unknown) => console.warn('Sending quiz answers failed', error)

/** Resolves once the answer is stored on this device (the screen may say "saved"), then asks for a send. */
export async function saveAnswer(input: { userId: number; batchId: number; questionId: number; answerOptionId: number }): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.enqueueAnswer(db, input, Date.now())
  requestDrain()
}

/** Queues the close of the attempt ("submit") after the answers already queued; resolves once stored. */
export async function submitAttempt(input: { userId: number; batchId: number }): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.enqueueClose(db, input, Date.now())
  requestDrain()
}

/** Puts refused entries back in the queue (all of the user's, or those named) and asks for a send. */
export async function retryFailed(userId: number, keys?: string[]): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.retryFailed(db, userId, keys)
  requestDrain()
}

export async function discardFailed(userId: number, key: string): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.discardFailed(db, userId, key)
}

/** Asks for what the outbox holds to be sent now (by the worker, or this page when none controls it). */
export function requestDrain(): void {
  import('@/lib/queues').then(({ requestSend }) => requestSend('outbox')).catch(warn)
}

// ------------------------------------------------------------------------------------------- reading

/**
 * Where a batch's answers and close are on this device. Opening it with entries still waiting asks for a
 * send once (they may have waited for this user to sign in again).
 */
export function useBatchDelivery(userId: number | undefined, batchId: number): BatchDelivery | undefined {
  const key = `${userId}:${batchId}`
  const { data: delivery } = useQueueRead(['outbox'], userId, quizKeys.delivery(userId ?? 0, batchId), async (user) => {
    const { db, outbox } = await openOutbox()
    return outbox.readBatchDelivery(db, user, batchId)
  })
  const waiting = (delivery?.pending ?? 0) > 0
  const nudged = useRef<string>(undefined)
  useEffect(() => {
    if (!waiting || nudged.current === key) return
    nudged.current = key
    requestDrain()
  }, [waiting, key])
  return delivery
}

const NONE: FailedEntry[] = []

/** The user's "could not send" list, oldest first. */
export function useFailedEntries(userId: number | undefined): FailedEntry[] {
  const { data: failed } = useQueueRead(['outbox'], userId, quizKeys.failed(userId ?? 0), async (user) => {
    const { db, outbox } = await openOutbox()
    return outbox.readFailed(db, user)
  })
  return failed ?? NONE
}
