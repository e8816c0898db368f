import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { privateKeys } from '@/lib/query-keys'
import { fetchActivePackage } from './api'

/**
 * The active package, fetched when signed in (docs/requirements.md#r5-plans-and-payments). A 404 means none (null
 * here), so the has-active-package flag is `data !== null` and only true when the server returned a package.
 */
export const activePackageQuery = (userId: number) =>
  queryOptions({
    queryKey: privateKeys.activePackage(userId),
    queryFn: ({ signal }) => fetchActivePackage(signal),
    meta: { persist: true },
    staleTime: 60_000,
  })

/**
 * Whether the user has an active package, for the adverts. A 404 is no package (false). Undefined (then no
 * advert) until known: while unknown, when the call failed, and while a device's older copy is being
 * checked, so someone who just paid is not shown an advert from it. Once known, a later refetch keeps the
 * answer meanwhile (an open advert does not blink).
 */
export function useHasActivePackage(userId: number): boolean | undefined {
  const active = useQuery(activePackageQuery(userId))
  const now = active.status === 'success' && !active.isFetching ? active.data !== null : undefined
  const [known, setKnown] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    if (now !== undefined) setKnown(now)
  }, [now])
  return now ?? known
}
