import { and, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { AdminPayment, AdminUser, ContactMessage } from '@core/admin/contract'
import { fromMinorUnits } from '@core/payments/payment'
import type { Db } from '../../../db/client'
import { contactMessages, packages, payments, userPackages, users } from '../../../db/schema'
import { audit } from '../../../services/audit'
import type { Page } from '../shared'

export const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const toContactMessage = (row: typeof contactMessages.$inferSelect): ContactMessage => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  surname: row.surname,
  phoneNumber: row.phoneNumber,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

/** Contact messages, newest first; only the unread ones when asked. */
export async function listContactMessages(db: Db, unreadOnly: boolean, { page, size }: Page) {
  const where = unreadOnly ? isNull(contactMessages.readAt) : undefined
  const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(where)
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: rows.map(toContactMessage), total }
}

/**
 * Marks a contact message read, with its audit entry; one already read (by another admin, or a retry)
 * keeps its first reading. Null when no message has that id.
 */
export async function markContactMessageRead(db: Db, actor: number, id: number, at: Date): Promise<ContactMessage | null> {
  const row = await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(contactMessages)
      .set({ readAt: at })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
      .returning()
    if (marked) {
      await audit(tx, actor, { action: 'contact_message.read', targetType: 'contact_message', targetId: id }, at)
      return marked
    }
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id))
    return row
  })
  return row ? toContactMessage(row) : null
}

/** Accounts, newest first, matched on email or name, each with the package in force at `at`. */
export async function listUsers(
  db: Db,
  q: string | undefined,
  { page, size }: Page,
  at: Date,
): Promise<{ items: AdminUser[]; total: number }> {
  const where: SQL | undefined = q
    ? or(ilike(users.email, likePattern(q)), ilike(users.firstName, likePattern(q)), ilike(users.lastName, likePattern(q)))
    : undefined
  const [{ total }] = await db.select({ total: count() }).from(users).where(where)
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      activatedAt: users.activatedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(size)
    .offset((page - 1) * size)
  // The package in force for each user of the page: the latest-ending one, as activePackageOf reads it.
  const inForce = rows.length
    ? await db
        .selectDistinctOn([userPackages.userId], {
          userId: userPackages.userId,
          plan: packages.name,
          endsAt: userPackages.endsAt,
          autoRenew: userPackages.autoRenew,
        })
        .from(userPackages)
        .innerJoin(packages, eq(packages.id, userPackages.packageId))
        .where(
          and(
            inArray(
              userPackages.userId,
              rows.map((r) => r.id),
            ),
            lte(userPackages.startsAt, at),
            gt(userPackages.endsAt, at),
          ),
        )
        .orderBy(userPackages.userId, desc(userPackages.endsAt), desc(userPackages.id))
    : []
  const packageOf = new Map(inForce.map((p) => [p.userId, { plan: p.plan, expiresAt: p.endsAt.toISOString(), autoRenew: p.autoRenew }]))
  const items = rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    activated: row.activatedAt !== null,
    createdAt: row.createdAt.toISOString(),
    activePackage: packageOf.get(row.id) ?? null,
  }))
  return { items, total }
}

/** Payments, newest first; only those in one status when asked. */
export async function listPayments(
  db: Db,
  status: PaymentStatus | undefined,
  { page, size }: Page,
): Promise<{ items: AdminPayment[]; total: number }> {
  const where = status ? eq(payments.status, status) : undefined
  const [{ total }] = await db.select({ total: count() }).from(payments).where(where)
  const rows = await db
    .select({ payment: payments, userEmail: users.email, planName: packages.name })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(packages, eq(packages.id, payments.packageId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(size)
    .offset((page - 1) * size)
  const items = rows.map(({ payment, userEmail, planName }) => ({
    reference: payment.reference,
    userEmail,
    planName,
    amount: fromMinorUnits(payment.amountMinor),
    currency: payment.currency,
    status: payment.status,
    purpose: payment.purpose,
    provider: payment.provider,
    createdAt: payment.createdAt.toISOString(),
  }))
  return { items, total }
}
