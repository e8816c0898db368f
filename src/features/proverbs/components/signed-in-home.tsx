import { lazy, Suspense } from 'react'
import { useSession } from '@/lib/session'
import { StreakSection } from './streak-section'

// Only on a metered connection does it show anything: its code loads apart.
const KeepOffer = lazy(() => import('./keep-offer'))

/**
 * What home adds for a signed-in reader once it is up (no visitor's first page carries it): their streak, and on a
 * metered connection the question of keeping their peoples on the phone (fixed on the tab bar, wherever it sits here).
 * A default export: home's lazy import then needs no wrapper.
 */
export default function SignedInHome() {
  const session = useSession()
  return (
    <>
      <StreakSection />
      {session && (
        <Suspense fallback={null}>
          <KeepOffer session={session} />
        </Suspense>
      )}
    </>
  )
}
