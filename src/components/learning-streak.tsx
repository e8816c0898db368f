import { lazy, Suspense } from 'react'
import { STREAK_INTRO } from '@/core/learning/streak-texts'

// The streak's code and the device's learning log behind it are not part of the first page (home): they load
// once the page is up, and until then the streak's place is kept.
const LiveStreak = lazy(() => import('./learning-streak-live').then((module) => ({ default: module.LiveStreak })))

/**
 * The signed-in reader's streak and calendar of active days, from the device (offline too): home and the
 * profile show it.
 */
export function LearningStreak() {
  return (
    <div className="learning-streak">
      <Suspense
        fallback={
          <div className="learning-streak__pending" aria-busy="true">
            <p className="visually-hidden" role="status">
              {STREAK_INTRO.loading}
            </p>
          </div>
        }
      >
        <LiveStreak />
      </Suspense>
      <p className="learning-streak__explain">{STREAK_INTRO.explain}</p>
    </div>
  )
}
