import { useEffect } from 'react'
import { appBadgeCount, applyAppBadge } from '@/core/notifications/badge'
import { useLearningCounts } from '@/lib/learning'

/**
 * The installed app's badge while a reader is signed in: their unread messages and the cards due, as the server counts
 * it into each push (src/core/notifications/badge.ts). `unread` is undefined until the count is known: the badge a
 * push set is left as it is until then. Signing out (the caller unmounts) clears it.
 */
export function useAppBadge(unread: number | undefined): void {
  const due = useLearningCounts()?.due ?? 0
  useEffect(() => {
    if (unread !== undefined) void applyAppBadge(navigator, appBadgeCount({ unread, due }))
  }, [unread, due])
  useEffect(() => () => void applyAppBadge(navigator, 0), [])
}
