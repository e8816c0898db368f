import type { QueueName } from '@/offline/messages'
import type { ReaderQueue } from '@/offline/queues'
import type { QueueRecord } from '@/offline/schema'
import { shorten } from '@/core/shared/format'
import { privateKey } from '@/lib/query-keys'

/**
 * What the reader did on this device that waits to reach the server, for the offline page: how many of each kind
 * wait (src/offline/queues.ts), and what the server refused, to send again or let go. Read from the device only,
 * loaded on first use.
 */

export const waitingKeys = {
  counts: (userId: number) => privateKey(userId, 'queues', 'waiting'),
  refused: (userId: number) => privateKey(userId, 'queues', 'refused'),
}

/** The queues whose refusals the reader sees; the queues they wait in. */
export const REFUSING_QUEUES: QueueName[] = ['outbox', 'marks', 'forms']
export const WAITING_QUEUES: QueueName[] = ['outbox', 'learning', 'marks', 'forms']

async function open() {
  const [{ offlineDb }, queues] = await Promise.all([import('@/offline/schema'), import('@/offline/queues')])
  return { db: await offlineDb(), queues }
}

export async function readWaitingHere(userId: number): Promise<Record<ReaderQueue, number>> {
  const { db, queues } = await open()
  return queues.readWaiting(db, userId)
}

/** A refused entry and what the reader would call it. */
export type Refused = { record: QueueRecord; what: string }

/** What the server refused, oldest first, each named as the reader knows it (a proverb by its words, when on the device). */
export async function readRefusedHere(userId: number): Promise<Refused[]> {
  const { db, queues } = await open()
  const records = await queues.readAllFailed(db, userId)
  return Promise.all(
    records.map(async (record) => {
      const payload = record.payload as Record<string, unknown>
      if (record.queue === 'outbox')
        return { record, what: payload.kind === 'close' ? `Submitting quiz ${payload.batchId}` : `An answer in quiz ${payload.batchId}` }
      if (record.queue === 'marks') {
        const proverb = (await db.get('proverbs', payload.proverbId as number))?.proverb.proverb
        const action = payload.kind === 'favourites' ? (payload.on ? 'Favourite' : 'Unfavourite') : payload.on ? 'Like' : 'Unlike'
        return { record, what: proverb ? `${action}: ${shorten(proverb)}` : `${action} a proverb` }
      }
      return { record, what: `${payload.kind === 'correction' ? 'Correction' : 'Suggestion'}: ${shorten(String(payload.title))}` }
    }),
  )
}

/** Sends a refused entry again (a quiz answer as the quiz does: a later choice for its question wins). */
export async function sendAgain(record: QueueRecord): Promise<void> {
  const [{ offlineDb }, queue, outbox] = await Promise.all([
    import('@/offline/schema'),
    import('@/offline/queue'),
    import('@/offline/outbox'),
  ])
  const db = await offlineDb()
  if (record.queue === 'outbox') await outbox.retryFailed(db, record.userId, [record.key])
  else await queue.retryFailed(db, record.queue, record.userId, [record.key])
  const { requestSend } = await import('@/lib/queues')
  requestSend(record.queue, { retryNow: true })
}

/** Lets a refused entry go (a quiz answer's choice is forgotten with it). */
export async function letGo(record: QueueRecord): Promise<void> {
  const [{ offlineDb }, queue, outbox] = await Promise.all([
    import('@/offline/schema'),
    import('@/offline/queue'),
    import('@/offline/outbox'),
  ])
  const db = await offlineDb()
  if (record.queue === 'outbox') await outbox.discardFailed(db, record.userId, record.key)
  else await queue.discardFailed(db, record.queue, record.userId, record.key)
}
