import { useEffect, useState } from 'react'
import { onLearningChanged, openLog } from '@/lib/learning'
import { useSession } from '@/lib/session'
import type { LearningClockState } from '@/offline/learning'

/**
 * Whether the reader's entries wait for the server's clock, and how fast this device's clock is
 * (src/offline/learning.ts readClockState); null while loading, signed out or without IndexedDB. Read again
 * whenever syncing changes it; a read that ends after a newer one is ignored.
 */
export function useClockState(): LearningClockState | null {
  const userId = useSession()?.user.id
  const [state, setState] = useState<{ userId: number; clock: LearningClockState }>()
  useEffect(() => {
    if (userId === undefined || typeof indexedDB === 'undefined') return
    let latest = 0
    let live = true
    const read = () => {
      const asked = ++latest
      openLog()
        .then(({ db, log }) => log.readClockState(db, userId))
        .then((clock) => {
          if (live && asked === latest) setState({ userId, clock })
        })
        .catch((error: unknown) => console.warn('Learning: the clock check could not be read', error))
    }
    read()
    const stop = onLearningChanged(userId, read)
    return () => {
      live = false
      stop()
    }
  }, [userId])
  return state !== undefined && state.userId === userId ? state.clock : null
}
