import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { HttpError } from './errors'

export type Limit = { name: string; max: number; windowMs: number }

/**
 * Counts a request against a fixed window kept in the database (so every server instance shares it)
 * and refuses it with 429 and Retry-After once the window's allowance is spent.
 */
export async function rateLimit(db: Db, limit: Limit, request: FastifyRequest, now: Date): Promise<void> {
  const key = `${limit.name}:${request.ip}`
  const windowStart = new Date(now.getTime() - limit.windowMs)
  const result = await db.execute<{ hits: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, window_start, hits) values (${key}, ${now.toISOString()}, 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${windowStart.toISOString()} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStart.toISOString()} then excluded.window_start else rate_limits.window_start end
    returning hits, window_start`)
  const row = (result as unknown as { rows: { hits: number; window_start: Date | string }[] }).rows[0]
  if (row.hits > limit.max) {
    const resetsAt = new Date(row.window_start).getTime() + limit.windowMs
    const seconds = Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000))
    throw new HttpError(429, 'too_many_requests', `Too many attempts. Please wait ${formatWait(seconds)} and try again.`, undefined, {
      'Retry-After': String(seconds),
    })
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
