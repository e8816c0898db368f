import { lazy, Suspense } from 'react'
import { useLocation } from 'react-router-dom'
import { resumeAfterSignIn } from '@/core/shared/constants'
import Adverts from '@/features/ads/components/adverts'
import ForegroundPush from '@/features/push/components/foreground-push'

/** The first screen after a sign-in offers to finish paying for the plan chosen at sign-up: loaded only then. */
const FirstScreenOffer = lazy(() => import('@/features/subscriptions/components/first-screen-offer'))

/**
 * What lies over a signed-in reader's pages, loaded by the layout in one piece for signed-in readers only (visitors
 * never download it): foreground pushes (a toast top-left; Firebase loads only with push on), adverts
 * (docs/requirements.md#r8-adverts), and on the first screen after a sign-in the offer to finish paying — except on
 * pricing and the profile, which make it in their own place.
 */
export default function SignedInLayers() {
  const { pathname, state } = useLocation()
  const firstScreen = resumeAfterSignIn(state) !== null && !/^\/(pricing|profile)(\/|$)/.test(pathname)
  return (
    <>
      <ForegroundPush />
      <Adverts />
      {firstScreen && (
        <Suspense fallback={null}>
          <FirstScreenOffer />
        </Suspense>
      )}
    </>
  )
}
