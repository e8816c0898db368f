import { useEffect, useState } from 'react'
import { onLearningChanged, openLog } from '@/lib/learning'
import { useSession } from '@/lib/session'

/**
 * How far this device's clock is ahead of the server's while the server calls the reader's entries early
 * (src/offline/learning.ts keeps them and sends them later); null when nothing waits for that, while loading,
 * or signed out. Read again whenever the log's syncing changes it.
 */
export function useClockAhead(): number | null {
  const userId = useSession()?.user.id
  const [ahead, setAhead] = useState<{ userId: number; ms: number | null }>()
  useEffect(() => {
    if (userId === undefined || typeof indexedDB === 'undefined') return
    let live = true
    const read = () =>
      openLog()
        .then(({ db, log }) => log.readClockAhead(db, userId))
        .then((ms) => live && setAhead({ userId, ms }))
        .catch((error: unknown) => console.warn('Learning: the clock check could not be read', error))
    void read()
    const stop = onLearningChanged(userId, () => void read())
    return () => {
      live = false
      stop()
    }
  }, [userId])
  return ahead !== undefined && ahead.userId === userId ? ahead.ms : null
}
