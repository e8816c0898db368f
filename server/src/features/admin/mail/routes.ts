import { MAIL_STATUS_FILTERS } from '@core/admin/contract'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { badRequest, notFound } from '../../../http/errors'
import { optionalString } from '../../../http/params'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { listQueuedMail, retryMail } from './repository'
import { MAIL_TEXTS } from '@core/admin/api-texts'

/** The mail queue for admins: what failed (and why), what waits, what went; a failed mail can be sent again. */
export const mailRoutes: AdminRoutes = (app, { db, now }) => {
  app.get(ADMIN_API.mail, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status', 20) ?? 'failed'
    const filter = MAIL_STATUS_FILTERS.find((status) => status === raw)
    if (!filter) throw badRequest(MAIL_TEXTS.status, { status: MAIL_TEXTS.status })
    const { items, total } = await listQueuedMail(db, filter, paging)
    return paginated(items, total, paging)
  })

  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.mailRetry, async (request) => {
    const id = pathId(request.params.id, MAIL_TEXTS.notFound)
    const mail = await retryMail(db, request.auth!.userId, id, now())
    if (!mail) throw notFound(MAIL_TEXTS.notFailed)
    return { data: mail }
  })
}
