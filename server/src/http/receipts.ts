import { and, eq, lt } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { IDEMPOTENCY_HEADER } from '@core/http/contract'
import type { Db, Tx } from '../db/client'
import { uniqueViolation } from '../db/errors'
import { requestReceipts } from '../db/schema'
import { badRequest, HttpError } from './errors'
import { hasControlCharacters } from './params'

/**
 * Requests a device may send more than once (src/offline/queue.ts: a resend after an answer was lost), applied
 * once: each carries its own Idempotency-Key, and the first answer is kept with it (`request_receipts`), so the
 * same key again gets that answer back and changes nothing — whatever happened since (a favourite taken back, a
 * second suggestion). The work and its receipt are one transaction: either both are kept or neither.
 */

/** Receipts are kept this long: a device holds what it could not send for weeks at most. */
export const RECEIPT_DAYS = 90

/** The client's id for a request: 1–100 visible ASCII characters (a UUID in practice); undefined when not sent. */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()]
  if (raw === undefined) return undefined
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(raw) || hasControlCharacters(raw)) {
    throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be 1 to 100 visible characters, sent once.`)
  }
  return raw
}

export const keyReused = () =>
  new HttpError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Send a new key.')

/** Who sent a request, for its receipt: a signed-in user, or a visitor. */
export const receiptScope = (userId: number | null) => (userId === null ? 'visitor' : `user:${userId}`)

type Answer<T> = { status: number; data: T }

async function receiptOf(db: Db | Tx, scope: string, key: string) {
  const [receipt] = await db
    .select()
    .from(requestReceipts)
    .where(and(eq(requestReceipts.scope, scope), eq(requestReceipts.key, key)))
  return receipt
}

/**
 * Answers the request once per key: `work` runs (in a transaction, after `before`, e.g. a rate limit a replay must
 * not spend) and its answer is kept with the key; the same key on the same `what` again gets the kept answer. Sets
 * the reply's status; returns the body to send. Without a key the work simply runs.
 */
export async function answerOnce<T>(
  { db, now }: { db: Db; now: () => Date },
  request: FastifyRequest,
  reply: FastifyReply,
  { scope, what, before }: { scope: string; what: string; before?: () => Promise<void> },
  work: (tx: Tx) => Promise<Answer<T>>,
): Promise<{ data: T }> {
  const key = idempotencyKey(request)
  const send = ({ status, data }: Answer<T>) => {
    reply.code(status)
    return { data }
  }
  const replay = async (tx: Db | Tx) => {
    const seen = key === undefined ? undefined : await receiptOf(tx, scope, key)
    if (seen && seen.request !== what) throw keyReused()
    return seen && send({ status: seen.status, data: seen.body as T })
  }
  const earlier = await replay(db)
  if (earlier) return earlier
  await before?.()
  const attempt = () =>
    db.transaction(async (tx) => {
      const answer = await work(tx)
      if (key !== undefined)
        await tx.insert(requestReceipts).values({ scope, key, request: what, status: answer.status, body: answer.data, receivedAt: now() })
      return send(answer)
    })
  try {
    return await attempt()
  } catch (error) {
    // The same key sent twice at once: the other one was kept first, and this one answers as its replay.
    if (key !== undefined && uniqueViolation(error)?.constraint.includes('request_receipts')) {
      const kept = await replay(db)
      if (kept) return kept
    }
    throw error
  }
}

/** Housekeeping: receipts older than RECEIPT_DAYS go. Returns how many. */
export async function deleteOldReceipts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - RECEIPT_DAYS * 86_400_000)
  const removed = await db.delete(requestReceipts).where(lt(requestReceipts.receivedAt, before)).returning({ key: requestReceipts.key })
  return removed.length
}
