import { learningKeys } from '@/lib/query-keys'
import { openLog, useDeviceRead, useWatch } from '@/lib/learning'
import { useSession } from '@/lib/session'
import type { LearningClockState } from '@/offline/learning'

/**
 * Whether the reader's entries wait for the server's clock, and how fast this device's clock is
 * (src/offline/learning.ts readClockState); null while loading, signed out or without IndexedDB. A device read
 * like the badges' (src/lib/learning.ts): read again whenever syncing changes it.
 */
export function useClockState(): LearningClockState | null {
  const userId = useSession()?.user.id
  useWatch(userId)
  const clock = useDeviceRead(userId, learningKeys.clock(userId ?? 0), async (user) => {
    const { db, log } = await openLog()
    return log.readClockState(db, user)
  })
  return userId === undefined ? null : (clock.data ?? null)
}
