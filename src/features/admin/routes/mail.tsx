import { useQuery } from '@tanstack/react-query'
import { MAIL_STATUS_FILTERS, type AdminMail, type MailStatusFilter } from '@/core/admin/contract'
import { Tabs } from '@/components/tabs'
import { useAdminId } from '@/entities/admin/queries'
import { retryMail } from '../api'
import { RowButton } from '../components/editable-rows'
import { AdminSection, ListTable } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams, type Column } from '../components/paged'
import { useStatus } from '../components/status'
import { useAdminMutation } from '../mutations'
import { mailQuery } from '../queries'

/** Each filter: its tab, what it holds (shown above the list), its table's caption and its empty state. */
const FILTERS: Record<MailStatusFilter, { label: string; about: string; caption: string; empty: string }> = {
  failed: {
    label: 'Failed',
    about: 'Refused by the mail server, or given up on after ten tries. “Send again” puts a mail back in the queue.',
    caption: 'Failed mail, newest first',
    empty: 'No failed mail. Nothing was refused or given up on.',
  },
  waiting: {
    label: 'Waiting',
    about: 'In the queue or being sent now. A mail that could not be sent yet is tried again later.',
    caption: 'Mail waiting to be sent, newest first',
    empty: 'Nothing is waiting to be sent.',
  },
  sent: {
    label: 'Sent',
    about: 'Accepted by the mail server. Sent mail is deleted after 30 days.',
    caption: 'Sent mail, newest first',
    empty: 'No mail was sent in the last 30 days.',
  },
  kept: {
    label: 'Kept',
    about: 'Never sent: written while no mail server (SMTP_URL) was set up, as on a local install. Deleted after 30 days.',
    caption: 'Kept mail, newest first',
    empty: 'No kept mail. Mail is only kept when no mail server is set up.',
  },
}

const TABS = MAIL_STATUS_FILTERS.map((id) => ({ id, label: FILTERS[id].label }))
const isFilter = (value: string | null): value is MailStatusFilter => MAIL_STATUS_FILTERS.some((status) => status === value)

const STATUS_LABELS: Record<AdminMail['status'], string> = {
  failed: 'Failed',
  pending: 'Waiting',
  sending: 'Being sent',
  sent: 'Sent',
  kept: 'Kept',
}

/** How a filter's mail went: why it failed, when it is tried next, when it went. */
const OUTCOME: Record<MailStatusFilter, Column<AdminMail> | null> = {
  failed: { header: 'Why it failed', cell: (mail) => mail.lastError ?? '—', className: 'admin-mail-error' },
  waiting: {
    header: 'Next try',
    cell: (mail) => (
      <>
        {mail.status === 'sending' ? 'Now' : formatWhen(mail.nextAttemptAt)}
        {mail.lastError && <span className="admin-mail-last-try subtle">Last try: {mail.lastError}</span>}
      </>
    ),
  },
  sent: { header: 'Sent', cell: (mail) => formatWhen(mail.sentAt) },
  kept: null,
}

/** Names a mail in its row's button: read out, not shown. */
const whichMail = (mail: AdminMail) => `“${mail.subject}” to ${mail.to}`

/** /admin/mail?status=waiting&page=2: the mail queue; a failed mail can be sent again. */
export default function MailSection() {
  const userId = useAdminId()
  const { params, page, set } = useListParams()
  const statusParam = params.get('status')
  const status: MailStatusFilter = isFilter(statusParam) ? statusParam : 'failed'
  const filter = FILTERS[status]
  const list = useQuery(mailQuery(userId, { status, page, size: ADMIN_PAGE_SIZE }))
  const { said, success, failure, clear } = useStatus()
  // A refusal means the list was out of date (another admin sent it again first): ask for it anew then too.
  const retry = useAdminMutation(['mail'], (mail: AdminMail) => retryMail(mail.id), { refreshAfterFailure: true })

  const sendAgain: Column<AdminMail> = {
    header: 'Actions',
    className: 'admin-mail-action',
    cell: (mail) => {
      const sending = retry.isPending && retry.variables.id === mail.id
      return (
        <RowButton
          label={sending ? 'Sending…' : 'Send again'}
          separator=": "
          what={whichMail(mail)}
          disabled={retry.isPending}
          onClick={() => {
            clear()
            retry.mutate(mail, {
              onSuccess: () =>
                success(`${whichMail(mail)} is back in the queue and goes out shortly. It shows under Waiting until it is sent.`),
              onError: failure,
            })
          }}
        />
      )
    },
  }
  const outcome = OUTCOME[status]

  return (
    <AdminSection title="Mail" said={said}>
      <Tabs
        label="Which mail"
        idPrefix="mail"
        tabs={TABS}
        selected={status}
        onSelect={(tab) => set({ status: tab === 'failed' ? null : tab })}
      >
        <p className="subtle admin-mail-about">{filter.about}</p>
        <ListTable
          list={{ query: list, noun: 'mail', empty: filter.empty }}
          caption={filter.caption}
          columns={[
            { header: 'To', cell: (mail) => mail.to },
            { header: 'Subject', cell: (mail) => mail.subject, className: 'admin-mail-subject' },
            { header: 'Status', cell: (mail) => STATUS_LABELS[mail.status] },
            { header: 'Tries', cell: (mail) => mail.attempts },
            { header: 'Created', cell: (mail) => formatWhen(mail.createdAt) },
            ...(outcome ? [outcome] : []),
            ...(status === 'failed' ? [sendAgain] : []),
          ]}
        />
      </Tabs>
    </AdminSection>
  )
}
