import { lazy, Suspense } from 'react'
import { LEARN_LINK } from '@/core/learning/texts'

// The due count's code (and the device's learning log behind it) is not part of the first page: it loads
// once a signed-in reader's page is up, and until then the label stands alone, in the same place.
const DueCount = lazy(() => import('./due-count').then((module) => ({ default: module.DueCount })))

/** Learn's label in the tab bar and the header; for a signed-in reader, with how many cards are due (src/app/due-count.tsx). */
export function LearnLabel({ signedIn, badgeClass }: { signedIn: boolean; badgeClass: string }) {
  const label = <span>{LEARN_LINK}</span>
  if (!signedIn) return label
  return (
    <Suspense fallback={label}>
      <DueCount badgeClass={badgeClass} />
    </Suspense>
  )
}
