import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import Adverts from '@/features/ads/components/adverts'
import { activePackageQuery } from '@/features/subscriptions/queries'

/**
 * A 404 is no package (null), docs/requirements.md#r5-plans-and-payments. Undefined (then no advert) until known: while
 * unknown, when the call failed, and while a device's older copy is being checked, so someone who just paid is not
 * shown an advert from it. Once known, a later refetch keeps the answer meanwhile (an open advert does not blink).
 */
function useHasActivePackage(userId: number): boolean | undefined {
  const active = useQuery(activePackageQuery(userId))
  const now = active.status === 'success' && !active.isFetching ? active.data !== null : undefined
  const [known, setKnown] = useState<boolean | undefined>(undefined)
  useEffect(() => {
    if (now !== undefined) setKnown(now)
  }, [now])
  return now ?? known
}

/** The adverts need the subscription's state; the app hands it over (features never import each other). */
export default function AdvertsForUser() {
  return <Adverts useHasActivePackage={useHasActivePackage} />
}
