import { and, asc, eq, lt } from 'drizzle-orm'
import { payments } from '../../db/schema'
import { claimRun, hourOf } from '../../services/housekeeping'
import { CHECKOUT_EXPIRED_REASON } from './rules'
import type { PaymentService } from './service'

/** At most this many a run: the rest wait for the next hour. */
const BATCH = 200

/**
 * Checkouts started more than `olderThanMs` ago and never finished (the reader closed the tab, the
 * provider's page timed out) are marked abandoned, once an hour however many servers run. Each is first
 * asked about at its provider: one that was paid after all is settled as paid, not abandoned. Returns how
 * many were given up.
 */
export async function abandonStaleCheckouts(service: PaymentService, now: Date, olderThanMs: number): Promise<number> {
  const { db, log } = service.deps
  if (!(await claimRun(db, 'abandon-checkouts', hourOf(now), now))) return 0
  const stale = await db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'pending'), eq(payments.purpose, 'subscribe'), lt(payments.createdAt, new Date(now.getTime() - olderThanMs))))
    .orderBy(asc(payments.createdAt))
    .limit(BATCH)
  let abandoned = 0
  for (const found of stale) {
    const payment = await service.refresh(found, now)
    if (payment.status !== 'pending') continue
    try {
      await service.providerOf(payment.provider)?.cancel({ reference: payment.reference, providerRef: payment.providerRef })
    } catch (error) {
      log.warn({ err: error, reference: payment.reference }, 'the provider could not close an expired checkout')
    }
    const settled = await service.settle(payment, { status: 'abandoned', reason: CHECKOUT_EXPIRED_REASON }, now)
    if (settled.status === 'abandoned') abandoned++
  }
  return abandoned
}
