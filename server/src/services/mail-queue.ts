import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { mailOutbox } from '../db/schema'

/** The mail queue's rows (ADR 011): what the worker claims, and what admins see and retry. */

export type QueuedMail = typeof mailOutbox.$inferSelect
export type MailStatus = QueuedMail['status']

/**
 * Claims up to `limit` mails that are due: waiting ones whose time has come, and ones a worker claimed
 * but never finished (its lease ran out: it died while sending). SKIP LOCKED lets several servers claim
 * at once without taking the same mail; the lease keeps a claimed mail from being claimed again meanwhile.
 */
export async function claimDueMail(db: Db, now: Date, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const at = now.toISOString()
  const result = await db.execute<{ id: number }>(sql`
    update ${mailOutbox}
    set status = 'sending', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    where id in (
      select id from ${mailOutbox}
      where (status = 'pending' and next_attempt_at <= ${at}::timestamptz) or (status = 'sending' and locked_until <= ${at}::timestamptz)
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning id`)
  const ids = result.rows.map((row) => Number(row.id))
  if (ids.length === 0) return []
  return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id)
}

/** Only while the mail is still this claim's: a worker whose lease ran out does not overwrite another's outcome. */
const claimed = (mail: QueuedMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, mail.attempts))

export async function markMailSent(db: Db, mail: QueuedMail, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null }).where(claimed(mail))
}

export async function retryMailLater(db: Db, mail: QueuedMail, at: Date, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'pending', nextAttemptAt: at, lockedUntil: null, lastError: error }).where(claimed(mail))
}

export async function markMailFailed(db: Db, mail: QueuedMail, error: string): Promise<void> {
  await db.update(mailOutbox).set({ status: 'failed', lockedUntil: null, lastError: error }).where(claimed(mail))
}

/** Claimed but not tried (the worker is stopping): back in the queue as they were. */
export async function releaseMail(db: Db, mails: QueuedMail[]): Promise<void> {
  for (const mail of mails) {
    await db
      .update(mailOutbox)
      .set({ status: 'pending', attempts: mail.attempts - 1, lockedUntil: null })
      .where(claimed(mail))
  }
}

/** How much mail waits to be sent (pending or being sent) and how much failed for good. */
export async function mailQueueDepth(db: Db): Promise<{ waiting: number; failed: number }> {
  const rows = await db
    .select({ status: mailOutbox.status, total: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.status)
  const total = (status: MailStatus) => rows.find((row) => row.status === status)?.total ?? 0
  return { waiting: total('pending') + total('sending'), failed: total('failed') }
}

/** What admins see of a mail: never its text or link (a reset link in it would open the account). */
export type MailSummary = Pick<
  QueuedMail,
  'id' | 'to' | 'subject' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'nextAttemptAt' | 'sentAt'
>

const SUMMARY = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
}

export async function listMail(
  db: Db,
  statuses: MailStatus[],
  page: number,
  size: number,
): Promise<{ items: MailSummary[]; total: number }> {
  const where = inArray(mailOutbox.status, statuses)
  const [{ total }] = await db.select({ total: count() }).from(mailOutbox).where(where)
  const items = await db
    .select(SUMMARY)
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items, total }
}

/** A failed mail back in the queue, due now, with its attempts counted afresh; undefined when it had not failed. */
export async function retryFailedMail(db: Db | Tx, id: number, now: Date): Promise<MailSummary | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning(SUMMARY)
  return row
}

/** Housekeeping: mail done with (sent, kept or failed) older than `before` goes; it holds links that were once secrets. */
export async function deleteOldMail(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ['sent', 'kept', 'failed']), lt(mailOutbox.createdAt, before)))
    .returning({ id: mailOutbox.id })
  return removed.length
}
