import { EVENT_BATCH_SIZE, type AnalyticsEvent, type EventBatch } from '../core/analytics/contract'
import { API } from '../core/http/api-paths'
import { newRecord, storedQueue, type QueuePolicy } from './queue'
import type { OfflineDb, QueueRecord } from './schema'

/**
 * The device's analytics events (src/core/analytics/contract.ts), a queue of the one delivery engine
 * (src/offline/queue.ts): events wait here, each under its own id, until the collector has them, and are sent
 * oldest first in batches of EVENT_BATCH_SIZE, with no token and no cookie (they name no one, so sign-out keeps
 * them). Made offline, they keep the time they happened (`at`); one dated ahead of the server's clock waits for it.
 *
 * Analytics must never hold the app up or fill the device: the queue keeps at most ANALYTICS_QUEUE_MAX events
 * (the oldest go first), what the collector refuses is dropped rather than sent again, and what it could not take
 * now (offline, busy, failing) waits with a growing pause (5 s, doubling, at most 15 minutes).
 */

/** At most this many events wait on the device (about 300 KB); past it the oldest are dropped. */
export const ANALYTICS_QUEUE_MAX = 1000

type EventRecord = QueueRecord & { payload: AnalyticsEvent }

/** What the queue keeps: the app's own events, so only what a store needs is checked (an id to key by, a time to order by). */
const isQueueable = (value: unknown): value is AnalyticsEvent =>
  typeof (value as Partial<AnalyticsEvent> | null)?.id === 'string' && typeof (value as Partial<AnalyticsEvent>).at === 'string'

/**
 * Stores events (one already held under its id is kept once) and, past ANALYTICS_QUEUE_MAX, drops the oldest.
 * Returns how many were dropped.
 */
export async function enqueueEvents(db: OfflineDb, events: readonly unknown[]): Promise<number> {
  const queueable = events.filter(isQueueable)
  if (queueable.length === 0) return 0
  const tx = db.transaction('queue', 'readwrite')
  const byKey = tx.store.index('key')
  for (const event of queueable) {
    if ((await byKey.getKey(['analytics', event.id])) === undefined)
      await tx.store.add(newRecord('analytics', 0, event, event.id, new Date(event.at)))
  }
  const waiting = IDBKeyRange.bound(['analytics'], ['analytics', []])
  const over = (await byKey.count(waiting)) - ANALYTICS_QUEUE_MAX
  let dropped = 0
  if (over > 0) {
    const oldest = (await tx.store.index('scope').getAll(IDBKeyRange.bound(['analytics'], ['analytics', []])))
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
      .slice(0, over)
    for (const record of oldest) await tx.store.delete(record.seq!)
    dropped = oldest.length
  }
  await tx.done
  return dropped
}

/** Analytics' policy: batches of EVENT_BATCH_SIZE to the collector, 5 s doubling to 15 minutes, refusals dropped. */
export const analyticsQueue: QueuePolicy<EventRecord> = {
  name: 'analytics',
  backoff: { baseMs: 5000, maxMs: 15 * 60_000 },
  batchSize: EVENT_BATCH_SIZE,
  idempotent: false,
  clientErrors: 'refuse',
  source: storedQueue('analytics', { onRefused: 'drop' }) as QueuePolicy<EventRecord>['source'],
  request: (records) => ({
    method: 'POST',
    path: API.events,
    body: { events: records.map((record) => record.payload) } satisfies EventBatch,
  }),
  keep: enqueueEvents,
}
