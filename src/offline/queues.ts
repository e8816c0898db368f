import { analyticsQueue } from './analytics'
import { formsQueue } from './forms'
import { learningQueue, type CardSource, type Replay } from './learning'
import { marksQueue } from './marks'
import type { QueueName } from './messages'
import { outboxQueue } from './outbox'
import { readFailed, type AnyPolicy } from './queue'
import type { OfflineDb, QueueRecord } from './schema'

/**
 * Every queue of the device's one delivery engine (src/offline/queue.ts), for the runtime that sends them: the
 * worker, or a page no worker controls. `loadReplay` hands in the learning log's scheduler.
 */
export function queuePolicies(loadReplay: () => Promise<Replay<CardSource>>): Record<QueueName, AnyPolicy> {
  return { outbox: outboxQueue, learning: learningQueue(loadReplay), analytics: analyticsQueue, marks: marksQueue, forms: formsQueue }
}

/** The queues that hold a reader's own doings (analytics names no one). */
export const READER_QUEUES = ['outbox', 'learning', 'marks', 'forms'] as const satisfies QueueName[]
export type ReaderQueue = (typeof READER_QUEUES)[number]

/** How many of a reader's entries wait to be sent, per queue (a visitor's forms are user 0's). */
export async function readWaiting(db: OfflineDb, userId: number): Promise<Record<ReaderQueue, number>> {
  const policies = queuePolicies(() => Promise.reject(new Error('Counting replays nothing')))
  const counts = await Promise.all(READER_QUEUES.map((name) => policies[name].source.count(db, userId)))
  return Object.fromEntries(READER_QUEUES.map((name, i) => [name, counts[i]])) as Record<ReaderQueue, number>
}

/** What the server refused of a reader's, in every queue that keeps refusals, oldest first. */
export async function readAllFailed(db: OfflineDb, userId: number): Promise<QueueRecord[]> {
  const lists = await Promise.all((['outbox', 'marks', 'forms'] as const).map((name) => readFailed(db, name, userId)))
  return lists.flat().sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
}
