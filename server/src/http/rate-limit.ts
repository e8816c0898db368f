import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '../db/client'
import { rateLimits } from '../db/schema'
import { clientKey } from './client-key'
import { HttpError } from './errors'

export type Limit = { name: string; max: number; windowMs: number }

export type Window = { hits: number; windowStart: Date }

/** The 429 every limit answers with, the in-process read allowance's too: the wait in words and in Retry-After. */
export function tooManyRequests(seconds: number): HttpError {
  return new HttpError(429, 'too_many_requests', `Too many attempts. Please wait ${formatWait(seconds)} and try again.`, undefined, {
    'Retry-After': String(seconds),
  })
}

function tooMany(limit: Limit, window: Window, now: Date): HttpError {
  const resetsAt = window.windowStart.getTime() + limit.windowMs
  return tooManyRequests(Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)))
}

/**
 * Counts one hit (or `hits` at once: a batch of events) against a fixed window kept in the database (so
 * every server instance shares it) and returns the window after the hit.
 */
export async function recordHit(db: Db | Tx, limit: Limit, key: string, now: Date, hits = 1): Promise<Window> {
  const expired = new Date(now.getTime() - limit.windowMs).toISOString()
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${key}`, windowStart: now, hits })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${expired} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
  return row
}

/**
 * Counts one attempt for `key` and refuses it with 429 once the window's allowance is spent. The count is
 * taken before the work it guards (a password checked, a mail sent), in one atomic statement, so a burst
 * of parallel requests cannot all read "under the limit" first. Returns the window counted in, for
 * `giveBack`.
 */
export async function takeHit(db: Db | Tx, limit: Limit, key: string, now: Date): Promise<Window> {
  const window = await recordHit(db, limit, key, now)
  refuseOver(limit, window, now)
  return window
}

/**
 * Refuses with 429 when a window counted by `recordHit` is past the limit's allowance: for a hit counted
 * before its request shows whether the limit applies to it (a sign-in from a known browser).
 */
export function refuseOver(limit: Limit, window: Window, now: Date): void {
  if (window.hits > limit.max) throw tooMany(limit, window, now)
}

/**
 * Counts `wanted` hits at once and answers how many of them the window still had room for (0 to `wanted`):
 * for work that is cut short rather than refused, like a batch of events past a day's allowance.
 */
export async function takeRoom(db: Db | Tx, limit: Limit, key: string, now: Date, wanted: number): Promise<number> {
  if (wanted <= 0) return 0
  const window = await recordHit(db, limit, key, now, wanted)
  const before = window.hits - wanted
  return Math.max(0, Math.min(wanted, limit.max - before))
}

/**
 * Returns an attempt counted by `takeHit` (a sign-in that succeeded is not held against the people who share
 * its address). Only within the same window: a window that has since started again owes nothing back.
 */
export async function giveBack(db: Db, limit: Limit, key: string, window: Window): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`${rateLimits.hits} - 1` })
    .where(and(eq(rateLimits.key, `${limit.name}:${key}`), eq(rateLimits.windowStart, window.windowStart), gt(rateLimits.hits, 0)))
}

/** Counts the request against the client's allowance and refuses it with 429 once spent. */
export async function rateLimit(db: Db, limit: Limit, request: FastifyRequest, now: Date): Promise<void> {
  await takeHit(db, limit, clientKey(request), now)
}

/**
 * Housekeeping: windows that ended before `olderThan` (the longest limit's window ago) count for nothing;
 * their rows go. Returns how many.
 */
export async function deleteExpiredWindows(db: Db, olderThan: Date): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.windowStart, olderThan)).returning({ key: rateLimits.key })
  return removed.length
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
