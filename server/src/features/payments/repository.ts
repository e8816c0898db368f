import { count, desc, eq } from 'drizzle-orm'
import type { Paginated } from '@core/http/contract'
import type { PaymentRecord } from '@core/payments/contract'
import { fromMinorUnits, PAYMENT_TEXTS } from '@core/payments/payment'
import type { Db } from '../../db/client'
import { packages, payments, testModeCharges, users } from '../../db/schema'
import { CHECKOUT_EXPIRED_REASON } from './rules'
import { paginated } from '../../http/paginated'

export type Payment = typeof payments.$inferSelect
export type NewPayment = typeof payments.$inferInsert
export type PlanRow = typeof packages.$inferSelect

export async function paymentByReference(db: Db, reference: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference))
  return row
}

/** Inserts a payment unless its reference exists; undefined then (a retried click, or someone else's). */
export async function insertPayment(db: Db, values: NewPayment): Promise<Payment | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: payments.reference }).returning()
  return row
}

export async function planById(db: Db, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id))
  return row
}

export async function emailOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row.email
}

/** The user's payments, newest first. */
export async function paymentHistory(db: Db, userId: number, page: number, size: number): Promise<Paginated<PaymentRecord>> {
  const [{ total }] = await db.select({ total: count() }).from(payments).where(eq(payments.userId, userId))
  const rows = await db
    .select({ payment: payments, planName: packages.name })
    .from(payments)
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(size)
    .offset((page - 1) * size)
  return paginated(
    rows.map(({ payment, planName }) => ({
      reference: payment.reference,
      planName,
      amount: fromMinorUnits(payment.amountMinor),
      currency: payment.currency,
      status: payment.status,
      purpose: payment.purpose,
      paymentOption: payment.provider,
      createdAt: payment.createdAt.toISOString(),
      note: payment.status === 'abandoned' && payment.failureReason === CHECKOUT_EXPIRED_REASON ? PAYMENT_TEXTS.checkoutExpired : null,
    })),
    total,
    { page, size },
  )
}

/** The outcome chosen on the test checkout for a payment, if one was. */
export async function testChargeOf(db: Db, reference: string): Promise<typeof testModeCharges.$inferSelect | undefined> {
  const [chosen] = await db.select().from(testModeCharges).where(eq(testModeCharges.reference, reference))
  return chosen
}

/** Records the test checkout's choice; undefined when one was recorded already (the first one stands). */
export async function recordTestCharge(
  db: Db,
  values: typeof testModeCharges.$inferInsert,
): Promise<typeof testModeCharges.$inferSelect | undefined> {
  const [recorded] = await db.insert(testModeCharges).values(values).onConflictDoNothing().returning()
  return recorded
}
