import { useQuery } from '@tanstack/react-query'
import { Tabs } from '@/components/tabs'
import { useAdminId } from '@/entities/admin/queries'
import { markMessageRead } from '../api'
import { RowButton } from '../components/editable-rows'
import { AdminSection, ListTable } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams } from '../components/paged'
import { useStatus } from '../components/status'
import { useAdminMutation } from '../mutations'
import { messagesQuery } from '../queries'

const TABS = [
  { id: 'unread', label: 'Unread' },
  { id: 'all', label: 'All' },
] as const

/** /admin/messages?show=all: what people wrote through the contact form; unread first. */
export default function MessagesSection() {
  const userId = useAdminId()
  const { params, page, set } = useListParams()
  const show = params.get('show') === 'all' ? 'all' : 'unread'
  const list = useQuery(messagesQuery(userId, { unread: show === 'unread' ? true : undefined, page, size: ADMIN_PAGE_SIZE }))
  const { said, success, failure } = useStatus()
  const markRead = useAdminMutation(['messages'], markMessageRead)

  return (
    <AdminSection title="Messages" said={said}>
      <Tabs
        label="Which messages"
        idPrefix="messages"
        tabs={TABS}
        selected={show}
        onSelect={(tab) => set({ show: tab === 'all' ? 'all' : null })}
      >
        <ListTable
          list={{ query: list, noun: 'messages', empty: show === 'unread' ? 'No unread messages' : 'No messages yet' }}
          caption={show === 'unread' ? 'Unread messages' : 'Messages'}
          columns={[
            {
              header: 'From',
              cell: (message) => (
                <>
                  {message.firstName} {message.surname}
                  <br />
                  <a href={`mailto:${message.email}`}>{message.email}</a>
                  <br />
                  <a href={`tel:${message.phoneNumber}`}>{message.phoneNumber}</a>
                </>
              ),
            },
            { header: 'Message', cell: (message) => message.message, className: 'admin-message' },
            { header: 'Sent', cell: (message) => formatWhen(message.createdAt) },
            {
              header: 'Read',
              cell: (message) =>
                message.readAt ? (
                  formatWhen(message.readAt)
                ) : (
                  <RowButton
                    label="Mark as read"
                    separator=": "
                    what={`the message from ${message.firstName} ${message.surname}`}
                    disabled={markRead.isPending}
                    onClick={() => markRead.mutate(message.id, { onSuccess: () => success('Marked as read.'), onError: failure })}
                  />
                ),
            },
          ]}
        />
      </Tabs>
    </AdminSection>
  )
}
