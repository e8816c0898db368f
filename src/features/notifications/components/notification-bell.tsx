import '../notifications.css'
import { useIsRestoring, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router-dom'
import { ErrorState, Loading } from '@/components/query-state'
import { useDisclosure } from '@/components/disclosure'
import { badgeCount } from '@/core/shared/format'
import { useSession } from '@/lib/session'
import { useAppBadge } from '@/lib/app-badge'
import { applyPendingReads, latestNotificationsQuery, unreadCountQuery } from '../queries'
import { NotificationSummary } from './notification-item'

/** The button's name carries the count: the badge alone is not read out. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications')
export const badgeText = (unread: number) => badgeCount(unread)

/**
 * The header's bell (signed-in users): the unread count and a dropdown of the latest seven, both polled.
 * The layout loads this module lazily, so visitors never download it.
 */
export default function NotificationBell() {
  const session = useSession()
  return session ? <Bell userId={session.user.id} /> : null
}

function Bell({ userId }: { userId: number }) {
  const count = useQuery(unreadCountQuery(userId))
  const client = useQueryClient()
  const restoring = useIsRestoring()
  // Once the device's copy is back, reads it has not yet told the server about show as read.
  useEffect(() => {
    if (!restoring) applyPendingReads(client, userId)
  }, [restoring, client, userId])
  const { open, setOpen, id, root, button: toggle } = useDisclosure()
  const unread = count.data ?? 0
  // The icon on the Home Screen or the shelf counts these and the cards due, as the bell and the Learn tab do.
  useAppBadge(count.data)

  return (
    <div className="bell" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="bell__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={bellLabel(unread)}
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
          />
        </svg>
        {unread > 0 && (
          <span className="bell__badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        )}
      </button>
      <div id={id} className="bell__panel" role="region" aria-label="Latest notifications" hidden={!open}>
        <LatestNotifications userId={userId} open={open} />
        <Link to="/notifications" className="bell__all">
          See all notifications
        </Link>
      </div>
    </div>
  )
}

/** Always observed (the list is polled with the count); drawn only while the dropdown is open. */
function LatestNotifications({ userId, open }: { userId: number; open: boolean }) {
  const latest = useQuery(latestNotificationsQuery(userId))
  if (!open) return null
  if (latest.data) {
    if (latest.data.data.length === 0) return <p className="bell__state">No notifications yet</p>
    const now = Date.now()
    return (
      <ul className="bell__list">
        {latest.data.data.map((notification) => (
          <li key={notification.id}>
            <NotificationSummary notification={notification} now={now} />
          </li>
        ))}
      </ul>
    )
  }
  if (latest.isError) return <ErrorState title="Could not load notifications" error={latest.error} onRetry={() => void latest.refetch()} />
  if (latest.fetchStatus === 'paused')
    return <p className="bell__state">You're offline. Notifications will show when you're back online.</p>
  return <Loading label="Loading notifications" lines={2} />
}
