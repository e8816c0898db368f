import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useOnline } from '@/lib/online'
import { useSession } from '@/lib/session'

/**
 * Keep by default (docs/decisions/021-keep-by-default.md): online, home's reads and a signed-in reader's peoples are
 * kept on the device, and again after a sign-in and when the connection comes back. The work is ./keeper.ts, loaded
 * after the first paint: the layout carries only this.
 */
export function useKeepByDefault(): void {
  const session = useSession()
  const online = useOnline()
  const client = useQueryClient()
  useEffect(() => {
    if (!online) return
    let stop: (() => void) | undefined
    let live = true
    void import('./keeper').then(({ startKeeping }) => {
      if (live) stop = startKeeping(client, session)
    })
    return () => {
      live = false
      stop?.()
    }
  }, [client, session, online])
}
