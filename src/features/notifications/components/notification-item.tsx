import '../notifications.css'
import { Link, useLocation } from 'react-router-dom'
import { formatAge, formatLongDate } from '@/core/shared/format'
import type { AppNotification } from '@/core/notifications/contract'

const WEEK_MS = 7 * 86_400_000

/** "5 minutes ago", "yesterday", up to a week; then the date. */
export function relativeTime(iso: string, now: number): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  return now - at < WEEK_MS ? formatAge(at, now) : formatLongDate(iso)
}

/** One message in a list: title, a line of its body, when it came; unread ones stand out. Opens it. */
export function NotificationSummary({ notification, now }: { notification: AppNotification; now: number }) {
  // The message's "Back" link returns to this list, on the same tab and page.
  const { pathname, search } = useLocation()
  return (
    <Link
      to={`/notifications/${notification.id}`}
      state={{ from: `${pathname}${search}` }}
      className={notification.read ? 'notification-item' : 'notification-item is-unread'}
    >
      {!notification.read && <span className="visually-hidden">Unread: </span>}
      <span className="notification-item__title">{notification.title}</span>
      <span className="notification-item__body">{notification.body}</span>
      <time className="notification-item__time" dateTime={notification.createdAt} title={formatLongDate(notification.createdAt)}>
        {relativeTime(notification.createdAt, now)}
      </time>
    </Link>
  )
}
