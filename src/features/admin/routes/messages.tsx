import { useQuery } from '@tanstack/react-query'
import { Tabs } from '@/components/tabs'
import { markMessageRead } from '../api'
import { ADMIN_PAGE_SIZE, formatWhen, PagedResult, useListParams } from '../components/paged'
import { Status, useStatus } from '../components/status'
import { messagesQuery, useAdminMutation, useOperatorId } from '../queries'

const TABS = [
  { id: 'unread', label: 'Unread' },
  { id: 'all', label: 'All' },
] as const

/** /admin/messages?show=all: what people wrote through the contact form; unread first. */
export default function MessagesSection() {
  const userId = useOperatorId()
  const { params, page, set } = useListParams()
  const show = params.get('show') === 'all' ? 'all' : 'unread'
  const list = useQuery(messagesQuery(userId, { unread: show === 'unread' ? true : undefined, page, size: ADMIN_PAGE_SIZE }))
  const { said, success, failure } = useStatus()
  const markRead = useAdminMutation(['messages'], markMessageRead)

  return (
    <section aria-labelledby="messages-title" className="admin-section">
      <h2 id="messages-title">Messages</h2>
      <Status said={said} />
      <Tabs label="Which messages" idPrefix="messages" tabs={TABS} selected={show} onSelect={(tab) => set({ show: tab === 'all' ? 'all' : null })}>
        <PagedResult query={list} noun="messages" empty={show === 'unread' ? 'No unread messages' : 'No messages yet'} onPage={(next) => set({ page: next })}>
          {(rows) => (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{show === 'unread' ? 'Unread messages' : 'Messages'}</caption>
                <thead>
                  <tr>
                    <th scope="col">From</th>
                    <th scope="col">Message</th>
                    <th scope="col">Sent</th>
                    <th scope="col">Read</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((message) => (
                    <tr key={message.id}>
                      <th scope="row">
                        {message.firstName} {message.surname}
                        <br />
                        <a href={`mailto:${message.email}`}>{message.email}</a>
                        <br />
                        <a href={`tel:${message.phoneNumber}`}>{message.phoneNumber}</a>
                      </th>
                      <td className="admin-message">{message.message}</td>
                      <td>{formatWhen(message.createdAt)}</td>
                      <td>
                        {message.readAt ? (
                          formatWhen(message.readAt)
                        ) : (
                          <button
                            type="button"
                            className="button button--small"
                            disabled={markRead.isPending}
                            onClick={() => markRead.mutate(message.id, { onSuccess: () => success('Marked as read.'), onError: failure })}
                          >
                            Mark as read<span className="visually-hidden">: the message from {message.firstName} {message.surname}</span>
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedResult>
      </Tabs>
    </section>
  )
}
