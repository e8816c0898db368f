import type { ProverbMarks } from '@/core/proverbs/contract'
import { DELIVERY_TEXTS } from '@/core/shared/delivery'
import { notify } from '@/components/toasts'
import { fetchMarks } from './api'
import type { MarkChange } from '@/offline/marks'

/**
 * The reader's hearts and likes on this device (src/offline/marks.ts, a queue of the one delivery engine): a choice
 * is kept here first, then sent; until the server has it, it is laid over the marks the server gave. Loaded on
 * first use, apart from the first page's script.
 */

async function openMarks() {
  const [{ offlineDb }, marks] = await Promise.all([import('@/offline/schema'), import('@/offline/marks')])
  return { db: await offlineDb(), marks }
}

/**
 * Keeps the reader's choice on the device (resolved once stored; offline, the reader is told it will be sent), then
 * asks for it to be sent. A failure to keep it rejects with what to tell the reader.
 */
export async function keepMark(userId: number, change: MarkChange): Promise<void> {
  try {
    const { db, marks } = await openMarks()
    await marks.enqueueMark(db, userId, change)
  } catch (error) {
    throw new Error(DELIVERY_TEXTS.couldNotSave(error instanceof Error ? error.message : String(error)))
  }
  if (navigator.onLine === false) void notify(DELIVERY_TEXTS.saved, { toastId: 'marks-waiting' })
  const { requestSend } = await import('@/lib/queues')
  requestSend('marks')
}

/** The reader's marks: the server's, with their choices still waiting on this device laid over them. */
export async function readMarks(userId: number, signal?: AbortSignal): Promise<ProverbMarks> {
  const marks = await fetchMarks(signal)
  return typeof indexedDB === 'undefined' ? marks : withWaitingMarks(userId, marks)
}

/** The marks the server gave, with the reader's choices still waiting on this device laid over them in order. */
export async function withWaitingMarks(userId: number, server: ProverbMarks): Promise<ProverbMarks> {
  const { db, marks } = await openMarks()
  const waiting = await marks.readMarkChanges(db, userId)
  if (waiting.length === 0) return server
  const result = { favourites: new Set(server.favourites), likes: new Set(server.likes) }
  for (const { kind, proverbId, on } of waiting) {
    if (on) result[kind].add(proverbId)
    else result[kind].delete(proverbId)
  }
  return { favourites: [...result.favourites], likes: [...result.likes] }
}
