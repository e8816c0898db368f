import { eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { HttpError } from './errors'

export type Limit = { name: string; max: number; windowMs: number }

type Window = { hits: number; windowStart: Date }

function tooMany(limit: Limit, window: Window, now: Date): HttpError {
  const resetsAt = window.windowStart.getTime() + limit.windowMs
  const seconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000))
  return new HttpError(429, 'too_many_requests', `Too many attempts. Please wait ${formatWait(seconds)} and try again.`, undefined, {
    'Retry-After': String(seconds),
  })
}

/**
 * Counts one hit against a fixed window kept in the database (so every server instance shares it) and
 * returns the window after the hit.
 */
export async function recordHit(db: Db, limit: Limit, key: string, now: Date): Promise<Window> {
  const expired = new Date(now.getTime() - limit.windowMs).toISOString()
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${key}`, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then excluded.window_start else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart })
  return row
}

/** Refuses with 429 once the key has spent its allowance in the current window; counts nothing. */
export async function checkLimit(db: Db, limit: Limit, key: string, now: Date): Promise<void> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, `${limit.name}:${key}`))
  if (row && row.windowStart.getTime() > now.getTime() - limit.windowMs && row.hits >= limit.max) throw tooMany(limit, row, now)
}

/** Counts the request against the client's allowance and refuses it with 429 once spent. */
export async function rateLimit(db: Db, limit: Limit, request: FastifyRequest, now: Date): Promise<void> {
  const window = await recordHit(db, limit, request.ip, now)
  if (window.hits > limit.max) throw tooMany(limit, window, now)
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
