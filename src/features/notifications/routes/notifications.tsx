import '../notifications.css'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { Pagination } from '@/components/pagination'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { useSession } from '@/lib/session'
import type { NotificationFilter } from '../api'
import { NotificationSummary } from '../components/notification-item'
import { Tabs } from '@/components/tabs'
import { notificationListQuery } from '../queries'

/** One message's page comes with the list (one chunk: who opens one soon opens the other). */
export { default as NotificationDetail } from './notification-detail'

const TABS = [
  { id: 'all', label: 'All', empty: 'No notifications yet' },
  { id: 'unread', label: 'Unread', empty: 'You have no unread notifications' },
  { id: 'read', label: 'Read', empty: 'You have no read notifications' },
] as const satisfies readonly { id: NotificationFilter; label: string; empty: string }[]

const isFilter = (value: string | null): value is NotificationFilter => TABS.some((tab) => tab.id === value)

/** /notifications?tab=unread&page=2: every message, the unread or the read ones, a page at a time. */
export default function NotificationsRoute() {
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const tabParam = params.get('tab')
  const filter: NotificationFilter = isFilter(tabParam) ? tabParam : 'all'
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)

  // A new page keeps the last one on screen while it loads; a new tab never shows another tab's list.
  const list = useQuery({
    ...notificationListQuery(session?.user.id ?? 0, filter, page),
    enabled: Boolean(session),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4] === filter ? keepPreviousData(previous) : undefined),
  })

  const choose = (next: { tab?: NotificationFilter; page?: number }) => {
    const query = new URLSearchParams()
    const tab = next.tab ?? filter
    if (tab !== 'all') query.set('tab', tab)
    if (next.page && next.page > 1) query.set('page', String(next.page))
    setParams(query)
  }

  const empty = TABS.find((tab) => tab.id === filter)!.empty
  const now = Date.now()
  return (
    <section aria-labelledby="notifications-title" className="notifications">
      <h1 id="notifications-title">Notifications</h1>
      <Tabs label="Which notifications" idPrefix="notifications" tabs={TABS} selected={filter} onSelect={(tab) => choose({ tab })}>
        {list.data ? (
          list.data.data.length === 0 ? (
            <EmptyState title={page > 1 ? 'Nothing on this page' : empty}>
              {page > 1 && (
                <button type="button" className="button" onClick={() => choose({ page: 1 })}>
                  Go to the first page
                </button>
              )}
            </EmptyState>
          ) : (
            <>
              <ul className="notification-list">
                {list.data.data.map((notification) => (
                  <li key={notification.id}>
                    <NotificationSummary notification={notification} now={now} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={list.data.page}
                totalPages={list.data.totalPages}
                totalElements={list.data.totalElements}
                noun="notifications"
                onPage={(next) => choose({ page: next })}
              />
            </>
          )
        ) : list.isError ? (
          <ErrorState title="Could not load your notifications" error={list.error} onRetry={() => void list.refetch()} />
        ) : list.fetchStatus === 'paused' ? (
          <EmptyState title="You're offline">
            <p>These notifications will show when you're back online.</p>
          </EmptyState>
        ) : (
          <Loading label="Loading your notifications" />
        )}
      </Tabs>
    </section>
  )
}
