import type { AdminMail, MailStatusFilter } from '@core/admin/contract'
import type { Db } from '../../../db/client'
import { audit } from '../../../services/audit'
import { listMail, retryFailedMail, type MailStatus, type MailSummary } from '../../../services/mail-queue'
import type { Page } from '../shared'

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

/** A page of the queue's mails in one state (never their text or link). */
export async function listQueuedMail(
  db: Db,
  filter: MailStatusFilter,
  { page, size }: Page,
): Promise<{ items: AdminMail[]; total: number }> {
  const { items, total } = await listMail(db, STATUSES[filter], page, size)
  return { items: items.map(toAdminMail), total }
}

/** A failed mail back in the queue, due now, with its audit entry; null when no failed mail has that id. */
export async function retryMail(db: Db, actor: number, id: number, at: Date): Promise<AdminMail | null> {
  const mail = await db.transaction(async (tx) => {
    const retried = await retryFailedMail(tx, id, at)
    if (retried)
      await audit(
        tx,
        actor,
        { action: 'mail.retry', targetType: 'mail', targetId: id, detail: { to: retried.to, subject: retried.subject } },
        at,
      )
    return retried
  })
  return mail ? toAdminMail(mail) : null
}
