import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PLAN_TEXTS } from '@core/payments/plans'
import type { Db, Tx } from '../../db/client'
import { packages, paymentMethods, payments, promoCodes, userPackages, users } from '../../db/schema'
import type { Notifier } from '../../services/notify'
import type { ProviderResult, SavedMethod } from '../../services/payments/types'
import type { Payment } from './repository'
import { longDate, oneYearAfter } from './rules'

export type SettleDeps = { db: Db; notifier: Notifier; log: FastifyBaseLogger }

/** What the user is told when money moved (or a renewal could not move it). */
export const PAYMENT_NOTICES = {
  paidTitle: 'Payment received',
  paidBody: (plan: string, ends: Date) => `Your ${plan} plan is paid for until ${longDate(ends)}. Thank you for supporting Òwe.`,
  renewedTitle: 'Your plan has been renewed',
  renewedBody: (plan: string, ends: Date) => `Your ${plan} plan was renewed and now runs until ${longDate(ends)}.`,
  renewalFailedTitle: 'We couldn’t renew your plan',
  renewalFailedBody: (plan: string, ends: Date) =>
    `We couldn’t renew your ${plan} plan: the payment did not go through. Auto-renewal is now off and the plan ends on ${longDate(ends)}. Renew it from the pricing page ${PLAN_TEXTS.renewToKeep}`,
} as const

export const PROFILE_SUBSCRIPTION_URL = '/profile#subscription'

/**
 * THE state machine of a payment; every outcome (verify, webhook, test checkout, renewal charge) goes
 * through here. The status moves once from 'pending'; 'success' may also follow 'failed' or 'abandoned'
 * (the provider took the money after all); nothing follows 'success'. Each move is one conditional
 * UPDATE … WHERE status … RETURNING, so of two webhooks, or a webhook and a verify, arriving together
 * only one moves it, and a success makes exactly one user package. Returns the payment as it now is.
 */
export async function settlePayment(deps: SettleDeps, payment: Payment, result: ProviderResult, now: Date): Promise<Payment> {
  const { db, log } = deps
  if (result.status === 'pending') {
    if (result.providerRef && !payment.providerRef) {
      await db.update(payments).set({ providerRef: result.providerRef }).where(eq(payments.id, payment.id))
    }
    return reread(db, payment)
  }
  if (result.status === 'success' && (result.amountMinor !== payment.amountMinor || result.currency !== payment.currency)) {
    // Never grant a package for a sum other than the one asked: the difference is for an admin to sort out.
    log.error(
      { reference: payment.reference, asked: [payment.amountMinor, payment.currency], took: [result.amountMinor, result.currency] },
      'payment amount mismatch',
    )
    result = {
      status: 'failed',
      reason: `amount mismatch: took ${result.amountMinor} ${result.currency}, asked ${payment.amountMinor} ${payment.currency}`,
      providerRef: result.providerRef,
    }
  }
  if (result.status === 'success') {
    const made = await db.transaction((tx) => succeed(tx, payment, result.method, result.providerRef ?? null, now))
    if (made?.overLimit) log.warn({ reference: payment.reference, promoCode: made.overLimit }, 'promo code used beyond its limit')
    if (made) await tellPaid(deps, made.payment, made.endsAt, now)
    return made?.payment ?? reread(db, payment)
  }
  const [moved] = await db
    .update(payments)
    .set({
      status: result.status,
      failureReason: result.reason,
      completedAt: now,
      providerRef: sql`coalesce(${payments.providerRef}, ${result.providerRef ?? null})`,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning()
  if (moved?.purpose === 'renewal') await renewalFailed(deps, moved, now)
  return moved ?? reread(db, payment)
}

async function reread(db: Db, payment: Payment): Promise<Payment> {
  const [row] = await db.select().from(payments).where(eq(payments.id, payment.id))
  return row
}

async function succeed(tx: Tx, payment: Payment, method: SavedMethod | null, providerRef: string | null, now: Date) {
  let overLimit: string | null = null
  const [won] = await tx
    .update(payments)
    .set({ status: 'success', failureReason: null, completedAt: now, providerRef: sql`coalesce(${payments.providerRef}, ${providerRef})` })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ['pending', 'failed', 'abandoned'])))
    .returning()
  if (!won) return null
  // One settlement per user at a time: two payments of one user succeeding together still chain.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, won.userId)).for('update')

  let startsAt = now
  let methodId: number | null = null
  let autoRenew = won.autoRenew
  if (won.purpose === 'renewal' && won.renewsUserPackageId !== null) {
    const [renewed] = await tx.select().from(userPackages).where(eq(userPackages.id, won.renewsUserPackageId))
    if (renewed) {
      // The year paid for follows whatever the user holds by now (a plan bought while this charge was
      // pending must not overlap it), and renews only if they still want it: cancelling while the charge
      // was pending is honoured from the next year.
      const [latest] = await tx
        .select({ endsAt: sql<Date>`max(${userPackages.endsAt})`.mapWith((value) => new Date(value)) })
        .from(userPackages)
        .where(eq(userPackages.userId, won.userId))
      startsAt = latest?.endsAt && latest.endsAt > renewed.endsAt ? latest.endsAt : renewed.endsAt
      methodId = renewed.paymentMethodId
      autoRenew = renewed.autoRenew
    }
  } else {
    if (won.autoRenew && method) methodId = await saveMethod(tx, won, method)
    // Paying for the plan one already holds adds a year after it; another plan replaces it from now on
    // (an upgrade opens its languages at once; the rest of the old period is not carried over).
    const [current] = await tx
      .select()
      .from(userPackages)
      .where(and(eq(userPackages.userId, won.userId), gt(userPackages.endsAt, now)))
      .orderBy(desc(userPackages.endsAt))
      .limit(1)
    if (current && current.packageId === won.packageId) {
      startsAt = current.endsAt
      // The new year carries the renewal choice; the one it follows must not renew as well.
      await tx.update(userPackages).set({ autoRenew: false }).where(eq(userPackages.id, current.id))
    } else if (current) {
      await tx
        .update(userPackages)
        // A year bought ahead of it becomes an empty period at this moment.
        .set({ startsAt: sql`least(${userPackages.startsAt}, ${now.toISOString()}::timestamptz)`, endsAt: now, autoRenew: false })
        .where(and(eq(userPackages.userId, won.userId), gt(userPackages.endsAt, now)))
    }
  }
  const endsAt = oneYearAfter(startsAt)
  const [made] = await tx
    .insert(userPackages)
    .values({
      userId: won.userId,
      packageId: won.packageId,
      startsAt,
      endsAt,
      autoRenew: autoRenew && methodId !== null,
      paymentMethodId: methodId,
      createdAt: now,
    })
    .returning({ id: userPackages.id })
  const [settled] = await tx.update(payments).set({ userPackageId: made.id }).where(eq(payments.id, won.id)).returning()
  await tx.update(users).set({ packageId: won.packageId }).where(eq(users.id, won.userId))
  if (won.promoCode) {
    // Counted only within the limit; two checkouts started on its last use both paid their discounted
    // price, and the second is left for an admin to see.
    const [counted] = await tx
      .update(promoCodes)
      .set({ uses: sql`${promoCodes.uses} + 1` })
      .where(and(eq(promoCodes.code, won.promoCode), or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses))))
      .returning({ code: promoCodes.code })
    if (!counted) overLimit = won.promoCode
  }
  return { payment: settled, endsAt, overLimit }
}

/** Keeps the card for auto-renewal; a token already saved by another account is not taken over. */
async function saveMethod(tx: Tx, payment: Payment, method: SavedMethod): Promise<number | null> {
  const [row] = await tx
    .insert(paymentMethods)
    .values({ userId: payment.userId, provider: payment.provider, token: method.token, customer: method.customer, label: method.label })
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.token],
      set: { customer: sql`excluded.customer`, label: sql`excluded.label` },
      setWhere: eq(paymentMethods.userId, payment.userId),
    })
    .returning({ id: paymentMethods.id })
  return row?.id ?? null
}

async function planName(db: Db, packageId: number): Promise<string> {
  const [row] = await db.select({ name: packages.name }).from(packages).where(eq(packages.id, packageId))
  return row.name
}

async function tellPaid({ db, notifier }: SettleDeps, payment: Payment, endsAt: Date, now: Date) {
  const plan = await planName(db, payment.packageId)
  const renewal = payment.purpose === 'renewal'
  await notifier.notify(
    payment.userId,
    renewal
      ? {
          kind: 'subscription',
          title: PAYMENT_NOTICES.renewedTitle,
          body: PAYMENT_NOTICES.renewedBody(plan, endsAt),
          url: PROFILE_SUBSCRIPTION_URL,
          dedupeKey: `renewed:${payment.renewsUserPackageId}`,
        }
      : {
          kind: 'payment',
          title: PAYMENT_NOTICES.paidTitle,
          body: PAYMENT_NOTICES.paidBody(plan, endsAt),
          url: PROFILE_SUBSCRIPTION_URL,
          dedupeKey: `payment:${payment.reference}`,
        },
    { now },
  )
}

/** A declined renewal: the package ends at its expiry, and its holder hears why. */
async function renewalFailed({ db, notifier }: SettleDeps, payment: Payment, now: Date) {
  if (payment.renewsUserPackageId === null) return
  const [renewed] = await db
    .update(userPackages)
    .set({ autoRenew: false })
    .where(eq(userPackages.id, payment.renewsUserPackageId))
    .returning()
  if (!renewed) return
  const plan = await planName(db, renewed.packageId)
  await notifier.notify(
    payment.userId,
    {
      kind: 'subscription',
      title: PAYMENT_NOTICES.renewalFailedTitle,
      body: PAYMENT_NOTICES.renewalFailedBody(plan, renewed.endsAt),
      url: '/pricing',
      dedupeKey: `renewal-failed:${renewed.id}`,
    },
    { now },
  )
}
