import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import type { AdminPayment, AdminUser, ContactMessage } from '@core/admin/contract'
import type { Paginated } from '@core/http/contract'
import { badRequest, notFound } from '../../../http/errors'
import { optionalString } from '../../../http/params'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { listContactMessages, listPayments, listUsers, markContactMessageRead, PAYMENT_STATUSES, type PaymentStatus } from './repository'
import { PEOPLE_TEXTS } from '@core/admin/api-texts'

/** Contact messages (read and marked read), accounts and payments: read-only views for the admins. */
export const peopleRoutes: AdminRoutes = (app, { db, now }) => {
  app.get<{ Querystring: Record<string, unknown> }>(ADMIN_API.contactMessages, async (request): Promise<Paginated<ContactMessage>> => {
    const paging = pageOf(request.query)
    const unread = optionalString(request.query, 'unread', 5)
    if (unread !== undefined && !['1', '0', 'true', 'false'].includes(unread))
      throw badRequest(PEOPLE_TEXTS.unread, { unread: PEOPLE_TEXTS.unread })
    const { items, total } = await listContactMessages(db, unread === '1' || unread === 'true', paging)
    return paginated(items, total, paging)
  })

  // Reading the list is only a view; marking a message read is the action the log keeps.
  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.contactMessageRead, async (request): Promise<{ data: ContactMessage }> => {
    const id = pathId(request.params.id, PEOPLE_TEXTS.messageNotFound)
    const data = await markContactMessageRead(db, request.auth!.userId, id, now())
    if (!data) throw notFound(PEOPLE_TEXTS.messageNotFound)
    return { data }
  })

  app.get<{ Querystring: Record<string, unknown> }>(ADMIN_API.users, async (request): Promise<Paginated<AdminUser>> => {
    const paging = pageOf(request.query)
    const { items, total } = await listUsers(db, optionalString(request.query, 'q'), paging, now())
    return paginated(items, total, paging)
  })

  app.get<{ Querystring: Record<string, unknown> }>(ADMIN_API.payments, async (request): Promise<Paginated<AdminPayment>> => {
    const paging = pageOf(request.query)
    const status = optionalString(request.query, 'status', 20)
    if (status !== undefined && !PAYMENT_STATUSES.includes(status as PaymentStatus))
      throw badRequest(PEOPLE_TEXTS.status, { status: PEOPLE_TEXTS.status })
    const { items, total } = await listPayments(db, status as PaymentStatus | undefined, paging)
    return paginated(items, total, paging)
  })
}
