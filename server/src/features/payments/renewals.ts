import { and, eq, gt, lt, lte, sql } from 'drizzle-orm'
import { currencyFor, priceInMinorUnits } from '@core/payments/payment'
import { packages, paymentMethods, payments, userPackages, users } from '../../db/schema'
import { eachLimited } from '../../services/notify'
import { ProviderError, type ProviderResult } from '../../services/payments/types'
import { insertPayment } from './repository'
import { checkoutDescription } from './rules'
import type { PaymentService } from './service'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
/** A package with auto-renew is charged in the last day before it ends. */
export const RENEWAL_WINDOW_MS = DAY_MS
/** One that ended while every server was down is still renewed within a day (the new year starts at its end). */
export const RENEWAL_GRACE_MS = DAY_MS
/** A renewal still pending this long after its charge began (a crash, a slow provider) is asked about again. */
export const RENEWAL_RECHECK_MS = 10 * MINUTE_MS
/** Charges in flight at once. */
const CHARGE_CONCURRENCY = 4

/**
 * The scheduler's renewal job. The claim on a package is its renewal payment's reference
 * (`renew_<user package id>_<its end>`), inserted with ON CONFLICT DO NOTHING: however many servers run this at
 * once, one of them gets the row and only that one charges the card. The charge is settled like any
 * payment (settlePayment): success makes the next year, starting where the renewed one ends; a decline
 * turns auto-renew off and tells the user. Returns how many renewals were settled in this run.
 */
/**
 * A renewal's reference, made from the package so every server claims the same row. Its end (to the
 * second) keeps it unique at the provider too, where references outlive this database (Paystack's
 * forever): a database started afresh on the same keys must never meet an old renewal's reference and
 * take that charge's success for its own.
 */
export const renewalReference = (renewed: { id: number; endsAt: Date }): string =>
  `renew_${renewed.id}_${Math.floor(renewed.endsAt.getTime() / 1000)}`

export async function renewDuePackages(service: PaymentService, now: Date, isStopping: () => boolean = () => false): Promise<number> {
  const { db, log, nairaPerDollar } = service.deps
  let settled = 0

  const stale = await db
    .select({ payment: payments, renewedEndsAt: userPackages.endsAt })
    .from(payments)
    .leftJoin(userPackages, eq(userPackages.id, payments.renewsUserPackageId))
    .where(
      and(
        eq(payments.purpose, 'renewal'),
        eq(payments.status, 'pending'),
        lt(payments.createdAt, new Date(now.getTime() - RENEWAL_RECHECK_MS)),
      ),
    )
  for (const { payment, renewedEndsAt } of stale) {
    if (isStopping()) return settled
    let after = await service.refresh(payment, now)
    // Nothing confirmed by the time the plan ended: it is not renewed, and the user hears so.
    if (after.status === 'pending' && (!renewedEndsAt || renewedEndsAt <= now)) {
      after = await service.settle(after, { status: 'failed', reason: 'the renewal charge was never confirmed' }, now)
    }
    if (after.status !== 'pending') settled++
  }

  const due = await db
    .select({ renewed: userPackages, method: paymentMethods, plan: packages, email: users.email })
    .from(userPackages)
    .innerJoin(paymentMethods, eq(paymentMethods.id, userPackages.paymentMethodId))
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .innerJoin(users, eq(users.id, userPackages.userId))
    .where(
      and(
        eq(userPackages.autoRenew, true),
        lte(userPackages.endsAt, new Date(now.getTime() + RENEWAL_WINDOW_MS)),
        gt(userPackages.endsAt, new Date(now.getTime() - RENEWAL_GRACE_MS)),
        sql`not exists (select 1 from ${userPackages} later where later.user_id = ${userPackages.userId} and later.ends_at > ${userPackages.endsAt})`,
        sql`not exists (select 1 from ${payments} claimed where claimed.purpose = 'renewal' and claimed.renews_user_package_id = ${userPackages.id})`,
      ),
    )

  await eachLimited(due, CHARGE_CONCURRENCY, async ({ renewed, method, plan, email }) => {
    // A stopping server claims nothing more: what is left is due at the next run, on any server.
    if (isStopping()) return
    // The currency the user chose when they bought it, at the plan's price today.
    const [original] = await db
      .select({ currency: payments.currency })
      .from(payments)
      .where(eq(payments.userPackageId, renewed.id))
      .limit(1)
    const currency = currencyFor(method.provider, original?.currency ?? 'USD')
    const { amount } = priceInMinorUnits(Number(plan.amount), 0, currency, nairaPerDollar)
    const reference = renewalReference(renewed)
    const claimed = await insertPayment(db, {
      reference,
      userId: renewed.userId,
      packageId: renewed.packageId,
      provider: method.provider,
      purpose: 'renewal',
      currency,
      amountMinor: amount,
      autoRenew: true,
      renewsUserPackageId: renewed.id,
      createdAt: now,
    })
    if (!claimed) return
    // Auto-renewal turned off between the list above and this claim: no charge, and nothing to tell.
    const [still] = await db.select({ autoRenew: userPackages.autoRenew }).from(userPackages).where(eq(userPackages.id, renewed.id))
    if (!still?.autoRenew) {
      await db
        .update(payments)
        .set({ status: 'abandoned', failureReason: 'auto-renewal was turned off', completedAt: now })
        .where(and(eq(payments.id, claimed.id), eq(payments.status, 'pending')))
      return
    }
    const provider = service.providerOf(method.provider)
    let result: ProviderResult
    if (!provider) {
      result = { status: 'failed', reason: `${method.provider} is no longer offered` }
    } else {
      try {
        result = await provider.charge(
          { token: method.token, customer: method.customer, label: method.label },
          {
            reference,
            amountMinor: amount,
            currency,
            email,
            description: checkoutDescription(plan.name),
            metadata: { reference, userId: String(renewed.userId), packageId: String(plan.id), purpose: 'renewal' },
          },
        )
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error
        // Whether the card was charged is unknown: the payment stays pending and a later run asks again.
        log.warn({ err: error, reference }, 'renewal charge failed to reach the provider')
        return
      }
    }
    const after = await service.settle(claimed, result, now)
    if (after.status !== 'pending') settled++
  })
  return settled
}
