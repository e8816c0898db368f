import { and, asc, eq, lt } from 'drizzle-orm'
import { payments } from '../../db/schema'
import { ProviderError, type ProviderResult } from '../../services/payments/types'
import { claimRun, hourOf } from '../../services/job-runs'
import { CHECKOUT_EXPIRED_REASON } from './rules'
import type { PaymentService } from './service'

/** At most this many a run: the rest wait for the next hour. */
const BATCH = 200

/**
 * Checkouts started more than `olderThanMs` ago and never finished (the reader closed the tab, the
 * provider's page timed out) are marked abandoned, once an hour however many servers run. Each is first
 * asked about at its provider: one that was paid after all is settled as paid, not abandoned, and one the
 * provider cannot be asked about now waits for a later run. A stopping server stops between payments.
 * Returns how many were given up.
 */
export async function abandonStaleCheckouts(
  service: PaymentService,
  now: Date,
  olderThanMs: number,
  isStopping: () => boolean = () => false,
): Promise<number> {
  const { db, log } = service.deps
  if (!(await claimRun(db, 'abandon-checkouts', hourOf(now), now))) return 0
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, 'pending'), eq(payments.purpose, 'subscribe'), lt(payments.createdAt, new Date(now.getTime() - olderThanMs))),
    )
    .orderBy(asc(payments.createdAt))
    .limit(BATCH)
  let abandoned = 0
  for (const found of stale) {
    if (isStopping()) break
    const provider = service.providerOf(found.provider)
    let payment = found
    if (provider) {
      let result: ProviderResult
      try {
        result = await provider.verify({ reference: found.reference, providerRef: found.providerRef })
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        // It may have been paid: a checkout is given up only on the provider's word, at a later run.
        log.warn({ err: error, reference: found.reference }, 'the provider could not be asked about an old checkout; asking again later')
        continue
      }
      payment = await service.settle(found, result, now)
      if (payment.status !== 'pending') continue
    }
    try {
      await provider?.cancel({ reference: payment.reference, providerRef: payment.providerRef })
    } catch (error) {
      log.warn({ err: error, reference: payment.reference }, 'the provider could not close an expired checkout')
    }
    const settled = await service.settle(payment, { status: 'abandoned', reason: CHECKOUT_EXPIRED_REASON }, now)
    if (settled.status === 'abandoned') abandoned++
  }
  return abandoned
}
