import { and, count, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API, ROUTES } from '@core/api-paths'
import type { AdminPayment, AdminUser, ContactMessage } from '@core/admin-contract'
import type { Paginated } from '@core/contract'
import { fromMinorUnits } from '@core/payment'
import { contactMessages, packages, payments, userPackages, users } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { optionalString, paging, parseId } from '../../http/params'
import { audit } from '../../services/audit'
import type { AdminDeps } from './shared'
import { paginated } from '../../http/paginated'

export const PEOPLE_TEXTS = {
  messageNotFound: 'No contact message has that id.',
  unread: 'unread is 1 or true (unread only), or 0 or false.',
  status: 'status is one of pending, success, failed or abandoned.',
} as const

const PAYMENT_STATUSES = ['pending', 'success', 'failed', 'abandoned'] as const
type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

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

/** Contact messages (read and marked read), accounts and payments: read-only views for the operators. */
export function peopleRoutes(app: FastifyInstance, { db, now }: AdminDeps): void {
  app.get<{ Querystring: Record<string, unknown> }>(API.admin.contactMessages, async (request): Promise<Paginated<ContactMessage>> => {
    const { page, size } = paging(request.query)
    const unread = optionalString(request.query, 'unread', 5)
    if (unread !== undefined && !['1', '0', 'true', 'false'].includes(unread))
      throw badRequest(PEOPLE_TEXTS.unread, { unread: PEOPLE_TEXTS.unread })
    const where = unread === '1' || unread === 'true' ? isNull(contactMessages.readAt) : undefined
    const [{ total }] = await db.select({ total: count() }).from(contactMessages).where(where)
    const rows = await db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(size)
      .offset((page - 1) * size)
    return paginated(rows.map(toContactMessage), total, { page, size })
  })

  // Reading the list is only a view; marking a message read is the action the log keeps.
  app.post<{ Params: { id: string } }>(ROUTES.admin.contactMessageRead, async (request): Promise<{ data: ContactMessage }> => {
    const id = parseId(request.params.id)
    if (id === undefined) throw notFound(PEOPLE_TEXTS.messageNotFound)
    const data = await db.transaction(async (tx) => {
      const at = now()
      const [marked] = await tx
        .update(contactMessages)
        .set({ readAt: at })
        .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)))
        .returning()
      if (marked) {
        await audit(tx, request.auth!.userId, { action: 'contact_message.read', targetType: 'contact_message', targetId: id }, at)
        return marked
      }
      // Already read (by another operator, or a retry): the first reading stands.
      const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id))
      if (!row) throw notFound(PEOPLE_TEXTS.messageNotFound)
      return row
    })
    return { data: toContactMessage(data) }
  })

  app.get<{ Querystring: Record<string, unknown> }>(API.admin.users, async (request): Promise<Paginated<AdminUser>> => {
    const { page, size } = paging(request.query)
    const q = optionalString(request.query, 'q')
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
    const at = now()
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
    const data = rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      activated: row.activatedAt !== null,
      createdAt: row.createdAt.toISOString(),
      activePackage: packageOf.get(row.id) ?? null,
    }))
    return paginated(data, total, { page, size })
  })

  app.get<{ Querystring: Record<string, unknown> }>(API.admin.payments, async (request): Promise<Paginated<AdminPayment>> => {
    const { page, size } = paging(request.query)
    const status = optionalString(request.query, 'status', 20)
    if (status !== undefined && !PAYMENT_STATUSES.includes(status as PaymentStatus))
      throw badRequest(PEOPLE_TEXTS.status, { status: PEOPLE_TEXTS.status })
    const where = status ? eq(payments.status, status as PaymentStatus) : undefined
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
    const data = rows.map(({ payment, userEmail, planName }) => ({
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
    return paginated(data, total, { page, size })
  })
}
