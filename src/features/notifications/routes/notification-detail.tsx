import '../notifications.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'react-router-dom'
import { formatLongDate } from '@/core/shared/format'
import { EmptyState, ErrorState, Loading } from '@/components/query-state'
import { ApiError } from '@/lib/api-client'
import { usePageTitle } from '@/lib/page-title'
import { useSession } from '@/lib/session'
import { findCachedNotification, notificationQuery } from '../queries'

/** Only a path inside the app may be followed from a message (never another site: `//host` included). */
const isAppPath = (url: string | null): url is string => Boolean(url && url.startsWith('/') && !url.startsWith('//'))

/** Back to the list the message was opened from (its tab and page), or to all of them. */
function BackLink() {
  const from: unknown = (useLocation().state as { from?: unknown } | null)?.from
  return (
    <p>
      <Link to={typeof from === 'string' && from.startsWith('/notifications') ? from : '/notifications'}>Back to notifications</Link>
    </p>
  )
}

/** /notifications/:id — one message. Opening it marks it read (see openNotification in queries.ts). */
export default function NotificationDetailRoute() {
  const session = useSession()
  const userId = session?.user.id ?? 0
  const client = useQueryClient()
  const raw = useParams().id
  const id = Number(raw)
  const valid = Number.isInteger(id) && id > 0
  // What a list on this device holds shows at once while the server is asked.
  const message = useQuery({
    ...notificationQuery(userId, id),
    enabled: Boolean(session) && valid,
    placeholderData: () => findCachedNotification(client, userId, id),
  })
  usePageTitle(message.data?.title ?? 'Notification')

  if (!valid || (message.error instanceof ApiError && message.error.status === 404)) {
    return (
      <section className="notification-detail">
        <EmptyState title="This notification could not be found">
          <p>It may have been removed.</p>
        </EmptyState>
        <BackLink />
      </section>
    )
  }
  if (!message.data) {
    return (
      <section className="notification-detail">
        {message.isError ? (
          <ErrorState title="Could not open this notification" error={message.error} onRetry={() => void message.refetch()} />
        ) : (
          <Loading label="Loading the notification" />
        )}
        <BackLink />
      </section>
    )
  }
  const { title, body, url, createdAt } = message.data
  return (
    <article className="notification-detail" aria-labelledby="notification-title">
      <h1 id="notification-title">{title}</h1>
      <p className="notification-detail__date">
        <time dateTime={createdAt}>
          {formatLongDate(createdAt)}, {new Date(createdAt).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
        </time>
      </p>
      <p className="notification-detail__body">{body}</p>
      {isAppPath(url) && (
        <p>
          <Link to={url} className="button button--primary">
            Open
          </Link>
        </p>
      )}
      <BackLink />
    </article>
  )
}
