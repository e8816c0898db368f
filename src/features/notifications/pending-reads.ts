import { onlineManager } from '@tanstack/react-query'
import type { AppNotification } from '@/core/notifications/contract'
import { ApiError } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { fetchNotification } from './api'

/**
 * Messages read on this device that the server has not heard of yet. The server marks a message read
 * when it is fetched (GET API.notification(id)); opened offline, that GET cannot go, so the id waits here,
 * per user, in local storage (it survives a reload and, like the quiz outbox, a sign-out: it is sent with
 * that user's own token at their next session). Fetched lists are merged with it so a poll that comes
 * before the send cannot make the message look unread again.
 */

export type PendingRead = { id: number; readAt: string }

const storageKey = (userId: number) => `owe-notification-reads:${userId}`

export function pendingReads(userId: number): PendingRead[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]')
    return Array.isArray(stored)
      ? stored.filter((entry): entry is PendingRead => typeof entry?.id === 'number' && typeof entry?.readAt === 'string')
      : []
  } catch {
    return []
  }
}

function write(userId: number, reads: PendingRead[]): void {
  if (reads.length === 0) localStorage.removeItem(storageKey(userId))
  else localStorage.setItem(storageKey(userId), JSON.stringify(reads))
}

export function addPendingRead(userId: number, id: number, readAt: string): void {
  const reads = pendingReads(userId)
  if (!reads.some((read) => read.id === id)) write(userId, [...reads, { id, readAt }])
}

export function removePendingRead(userId: number, id: number): void {
  const reads = pendingReads(userId)
  if (reads.some((read) => read.id === id))
    write(
      userId,
      reads.filter((read) => read.id !== id),
    )
}

/**
 * Worth trying again later: no network, the server failing or busy, or no valid session right now.
 * Anything else (404: the message is gone; 403: not the caller's) will not change by asking again.
 */
export function isRetriable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 408 || error.status === 429
}

// One request per message at a time: opening a message and a flush share it.
const inFlight = new Map<string, Promise<AppNotification>>()

/**
 * Tells the server that the message was read (its GET marks it read). Success and a final refusal clear
 * the pending mark; a retriable failure keeps it for the next try. Never aborted by a leaving page: the
 * mark must reach the server.
 */
export function sendRead(userId: number, id: number): Promise<AppNotification> {
  const key = `${userId}:${id}`
  const running = inFlight.get(key)
  if (running) return running
  const work = fetchNotification(id)
    .then((notification) => {
      removePendingRead(userId, id)
      return notification
    })
    .catch((error: unknown) => {
      if (!isRetriable(error)) removePendingRead(userId, id)
      throw error
    })
    .finally(() => inFlight.delete(key))
  inFlight.set(key, work)
  return work
}

/**
 * Sends every pending read of this user, all at once; resolves when each has succeeded or failed. Only
 * for the signed-in user (each read goes with its own user's token) and only online.
 */
export async function flushPendingReads(userId: number): Promise<void> {
  if (!onlineManager.isOnline() || getSession()?.user.id !== userId) return
  await Promise.allSettled(pendingReads(userId).map((read) => sendRead(userId, read.id)))
}
