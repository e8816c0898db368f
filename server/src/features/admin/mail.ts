import type { AdminMail, MailStatusFilter } from '@core/admin-contract'
import { MAIL_STATUS_FILTERS } from '@core/admin-contract'
import { API, ROUTES } from '@core/api-paths'
import { badRequest, notFound } from '../../http/errors'
import { optionalString } from '../../http/params'
import { audit } from '../../services/audit'
import { listMail, retryFailedMail, type MailStatus, type MailSummary } from '../../services/mail-queue'
import { paginated, pageOf, pathId, type AdminRoutes } from './shared'

export const MAIL_TEXTS = {
  status: `status is one of ${MAIL_STATUS_FILTERS.join(', ')}.`,
  notFound: 'No mail has that id.',
  notFailed: 'Only a mail that failed can be sent again; this one is waiting or was delivered.',
} as const

const STATUSES: Record<MailStatusFilter, MailStatus[]> = {
  failed: ['failed'],
  waiting: ['pending', 'sending'],
  sent: ['sent'],
  kept: ['kept'],
}

const toAdminMail = (mail: MailSummary): AdminMail => ({
  ...mail,
  createdAt: mail.createdAt.toISOString(),
  nextAttemptAt: mail.nextAttemptAt.toISOString(),
  sentAt: mail.sentAt?.toISOString() ?? null,
})

/** The mail queue for operators: what failed (and why), what waits, what went; a failed mail can be sent again. */
export const mailRoutes: AdminRoutes = (app, { db, now }) => {
  app.get(API.admin.mail, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status', 20) ?? 'failed'
    const filter = MAIL_STATUS_FILTERS.find((status) => status === raw)
    if (!filter) throw badRequest(MAIL_TEXTS.status, { status: MAIL_TEXTS.status })
    const { items, total } = await listMail(db, STATUSES[filter], paging.page, paging.size)
    return paginated(items.map(toAdminMail), total, paging)
  })

  app.post<{ Params: { id: string } }>(ROUTES.admin.mailRetry, async (request) => {
    const id = pathId(request.params.id, MAIL_TEXTS.notFound)
    const at = now()
    const mail = await db.transaction(async (tx) => {
      const retried = await retryFailedMail(tx, id, at)
      if (retried)
        await audit(
          tx,
          request.auth!.userId,
          { action: 'mail.retry', targetType: 'mail', targetId: id, detail: { to: retried.to, subject: retried.subject } },
          at,
        )
      return retried
    })
    if (!mail) throw notFound(MAIL_TEXTS.notFailed)
    return { data: toAdminMail(mail) }
  })
}
