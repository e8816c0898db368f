import './connection-status.css'
import { useEffect, useState } from 'react'
import { formatAge } from '@/core/shared/format'
import { useOnline } from '@/lib/online'
import { useOldestSavedCopy } from '@/lib/saved-copies'

/** Re-renders every minute so "saved 5 minutes ago" stays true. */
function useMinuteClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

function statusText(online: boolean, age: string | null): string | null {
  if (!online) return age ? `You're offline. Showing proverbs saved on this device ${age}.` : "You're offline. Saved proverbs still open."
  return age ? `The server could not be reached. Showing proverbs saved on this device ${age}.` : null
}

/**
 * A slim bar under the header, shown only when it matters: offline, or showing what this device saved
 * (the server could not be reached in time), with how old that copy is. Screen readers hear it when the
 * state changes, not each minute the age moves on.
 */
export function ConnectionStatus() {
  const online = useOnline()
  const savedAt = useOldestSavedCopy()
  const now = useMinuteClock(savedAt !== null)
  const state = !online ? 'offline' : savedAt !== null ? 'saved' : 'online'
  const text = statusText(online, savedAt === null ? null : formatAge(savedAt, now))
  // Heard again when being online or showing a saved copy changes, not when only the age moves on.
  const key = `${online}:${savedAt !== null}`
  const [announced, setAnnounced] = useState<{ key: string; text: string | null }>({ key, text })
  if (announced.key !== key) setAnnounced({ key, text })
  return (
    <div className="connection-status" data-state={state}>
      {text && (
        <p aria-hidden="true">
          <span className="connection-status__dot" />
          {text}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announced.text}
      </p>
    </div>
  )
}
