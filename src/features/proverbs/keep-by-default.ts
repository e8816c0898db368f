import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useOnline } from '@/lib/online'
import { getSession, useSession } from '@/lib/session'

/**
 * Keep by default (docs/decisions/021-keep-by-default.md): online, home's reads and a signed-in reader's peoples are
 * kept on the device, and again after a sign-in and when the connection comes back. The work is ./keeper.ts, loaded
 * after the first paint: the layout carries only this.
 */
export function useKeepByDefault(): void {
  const session = useSession()
  const online = useOnline()
  const client = useQueryClient()
  // A new session, not a change to the reader's name (the session's user is rewritten then).
  const token = session?.token
  useEffect(() => {
    if (!online) return
    const keeping = import('./keeper').then(({ startKeeping }) => startKeeping(client, getSession()))
    return () => void keeping.then((stop) => stop())
  }, [client, token, online])
}
