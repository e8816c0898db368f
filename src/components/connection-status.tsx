import { useEffect, useState } from 'react'
import { formatAge } from '@/core/format'
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

/**
 * A slim bar under the header, shown only when it matters: offline, or showing what this device saved
 * (the server could not be reached in time), with how old that copy is.
 */
export function ConnectionStatus() {
  const online = useOnline()
  const savedAt = useOldestSavedCopy()
  const now = useMinuteClock(savedAt !== null)
  const age = savedAt === null ? null : formatAge(savedAt, now)
  let text: string | null = null
  if (!online) text = age ? `You're offline. Showing proverbs saved on this device ${age}.` : "You're offline. Saved proverbs still open."
  else if (age) text = `The server could not be reached. Showing proverbs saved on this device ${age}.`
  return (
    <div className="connection-status" role="status" aria-live="polite" data-state={!online ? 'offline' : age ? 'saved' : 'online'}>
      {text && (
        <p>
          <span className="connection-status__dot" aria-hidden="true" />
          {text}
        </p>
      )}
    </div>
  )
}

/** For forms and buttons that need the server: says so while offline instead of failing silently. */
export function NeedsNetwork({ what = 'This' }: { what?: string }) {
  const online = useOnline()
  if (online) return null
  return (
    <p className="needs-network" role="status">
      {`You're offline. ${what} needs a connection; what you typed stays here until you're back.`}
    </p>
  )
}
