import { API } from '../core/http/api-paths'
import { announceQueue, newRecord, oneByOne } from './queue'
import type { OfflineDb } from './schema'

/**
 * Favourites and likes, a queue of the one delivery engine (src/offline/queue.ts): a heart or a like is written
 * here at once, online or not, and sent as PUT (on) or DELETE (off) under its own Idempotency-Key, so the server
 * applies it once however often it arrives. A reader's later choice for the same proverb replaces an earlier one
 * still waiting: the last state chosen is the one the server ends with. Until the server has it, the page shows
 * the reader's marks with what waits here laid over them (`readMarkChanges`).
 */

export type MarkKind = 'favourites' | 'likes'
export type MarkChange = { kind: MarkKind; proverbId: number; on: boolean }

const sameMark = (a: MarkChange, b: MarkChange) => a.kind === b.kind && a.proverbId === b.proverbId

/** Keeps a reader's choice to send, replacing one for the same proverb that waits or was refused; resolves once stored. */
export async function enqueueMark(db: OfflineDb, userId: number, change: MarkChange): Promise<void> {
  const tx = db.transaction('queue', 'readwrite')
  const mine = IDBKeyRange.bound(['marks', userId], ['marks', userId, []])
  const older = (await tx.store.index('scope').getAll(mine)).filter((record) => sameMark(record.payload as MarkChange, change))
  await Promise.all([...older.map((record) => tx.store.delete(record.seq!)), tx.store.add(newRecord('marks', userId, change)), tx.done])
  announceQueue('marks', userId)
}

/** The reader's choices still waiting to be sent, in the order made. */
export async function readMarkChanges(db: OfflineDb, userId: number): Promise<MarkChange[]> {
  return (await marksQueue.source.pending(db, userId)).map((record) => record.payload)
}

/** The policy: one request a choice, its refusal kept with its message for the reader. */
export const marksQueue = oneByOne<MarkChange>('marks', ({ kind, proverbId, on }) => ({
  method: on ? 'PUT' : 'DELETE',
  path: kind === 'favourites' ? API.favourite(proverbId) : API.like(proverbId),
}))
