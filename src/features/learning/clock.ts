import { learningKeys } from '@/lib/query-keys'
import { openLog, useDeviceRead, useWatch } from '@/lib/learning'
import { useQueueRead } from '@/lib/queue-read'
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

/**
 * How many of the reader's readings and reviews wait on this device to be sent, and whether the last try could not
 * reach the server; read again whenever the log's queue changes, sending included. Null while loading or signed out.
 */
export function useUnsent(): { count: number; failing: boolean } | null {
  const userId = useSession()?.user.id
  const unsent = useQueueRead(['learning'], userId, learningKeys.unsent(userId ?? 0), async (user) => {
    const { db, log } = await openLog()
    return log.readUnsent(db, user)
  })
  return userId === undefined ? null : (unsent.data ?? null)
}
