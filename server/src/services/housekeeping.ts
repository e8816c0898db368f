import { and, isNotNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { emailTokens, jobRuns, sessions } from '../db/schema'
import { claimRun, hourOf } from './job-runs'
import { deleteExpiredWindows } from '../http/rate-limit'
import { deleteOldMail } from './mail-queue'
import { deleteOldReceipts } from '../http/receipts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

/** Longer than any rate limit's window (the longest is an hour): a window this old counts for nothing. */
export const RATE_LIMIT_RETENTION_MS = DAY_MS
/** Mail (sent, kept or failed) is deleted after this: it holds links that were once secrets. */
export const MAIL_RETENTION_MS = 30 * DAY_MS
/**
 * An emailed link is kept this long after it expires, so that following an old one still says "expired"
 * or "already used" rather than "not valid".
 */
export const LINK_RETENTION_MS = 30 * DAY_MS

export type Housekeeping = { rateLimits: number; sessions: number; emailTokens: number; mail: number; receipts: number }

/**
 * Deletes what no longer counts for anything, once an hour: rate-limit windows long over, sessions that
 * expired or were ended (their push tokens go with them), emailed links a month past their life, old
 * mail, and requests' receipts past RECEIPT_DAYS. Null when another instance (or an earlier run) already did this hour.
 */
export async function keepHouse(db: Db, now: Date): Promise<Housekeeping | null> {
  if (!(await claimRun(db, 'housekeeping', hourOf(now), now))) return null
  const rateLimits = await deleteExpiredWindows(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS))
  const endedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, now))))
    .returning({ id: sessions.id })
  const tokens = await db
    .delete(emailTokens)
    .where(lt(emailTokens.expiresAt, new Date(now.getTime() - LINK_RETENTION_MS)))
    .returning({ id: emailTokens.id })
  const mail = await deleteOldMail(db, new Date(now.getTime() - MAIL_RETENTION_MS))
  const receipts = await deleteOldReceipts(db, now)
  // Claims older than a week are kept no longer either.
  await db.delete(jobRuns).where(lt(jobRuns.ranAt, new Date(now.getTime() - 7 * DAY_MS)))
  return { rateLimits, sessions: endedSessions.length, emailTokens: tokens.length, mail, receipts }
}
