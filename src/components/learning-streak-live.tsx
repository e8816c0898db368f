import { localDayOf } from '@/core/learning/days'
import { STREAK_INTRO } from '@/core/learning/streak-texts'
import { useStreak } from '@/lib/learning'
import { ActivityCalendar } from './activity-calendar'
import { StreakCard } from './streak-card'

const NO_STREAK = { current: 0, best: 0, activeToday: false, lastActiveDay: null }

/**
 * The streak and calendar as the device counts them (src/components/learning-streak.tsx loads this after
 * the page is up). While the device counts, the same card and calendar stand empty and unseen, so nothing
 * moves when the numbers come.
 */
export function LiveStreak() {
  const streak = useStreak()
  return (
    <div className="learning-streak__live" aria-busy={streak ? undefined : true}>
      {streak ? (
        <>
          <StreakCard streak={streak.streak} />
          <ActivityCalendar today={streak.today} days={streak.days} />
        </>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {STREAK_INTRO.loading}
          </p>
          <div className="learning-streak__placeholder" aria-hidden="true">
            <StreakCard streak={NO_STREAK} />
            <ActivityCalendar today={localDayOf(new Date()).day} days={[]} />
          </div>
        </>
      )}
    </div>
  )
}
