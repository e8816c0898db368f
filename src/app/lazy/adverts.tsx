import { useQuery } from '@tanstack/react-query'
import Adverts from '@/features/ads/components/adverts'
import { activePackageQuery } from '@/features/subscriptions/queries'

/**
 * Spec §4: a 404 is no package (null). Undefined (then no advert) while unknown, when the call failed, and
 * while a device's older copy is being checked: someone who just paid is not shown an advert from it.
 */
function useHasActivePackage(userId: number): boolean | undefined {
  const active = useQuery(activePackageQuery(userId))
  return active.status === 'success' && !active.isFetching ? active.data !== null : undefined
}

/** The adverts need the subscription's state; the app hands it over (features never import each other). */
export default function AdvertsForUser() {
  return <Adverts useHasActivePackage={useHasActivePackage} />
}
