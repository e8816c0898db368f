import { useEffect, useRef } from 'react'
import { refreshPacks } from '@/lib/device-data'
import { useOnline } from '@/lib/online'
import { useSession } from '@/lib/session'

/**
 * Once per app start, signed in and online, packs older than their refresh age are downloaded again. Apart
 * from ./packs.ts (the offline page's queries): the layout carries only this.
 */
export function usePackRefresh(): void {
  const session = useSession()
  const online = useOnline()
  const done = useRef<number | null>(null)
  useEffect(() => {
    if (!session || !online || done.current === session.user.id) return
    done.current = session.user.id
    void refreshPacks(session.user.id, session.token)
  }, [session, online])
}
