import { localDayOf } from '@/core/learning/days'
import { STREAK_TEXTS } from '@/core/learning/texts'
import { useStreak } from '@/lib/learning'
import { ActivityCalendar } from './activity-calendar'
import { StreakCard } from './streak-card'

const NO_STREAK = { current: 0, best: 0, activeToday: false, lastActiveDay: null }

/**
 * The signed-in reader's streak and calendar of active days, from the device (offline too): home and the
 * profile show it. While the device counts, the same card and calendar stand empty and unseen, so nothing
 * moves when the numbers come. Light on purpose: home is the first page.
 */
export function LearningStreak() {
  const streak = useStreak()
  return (
    <div className="learning-streak" aria-busy={streak ? undefined : true}>
      {streak ? (
        <>
          <StreakCard streak={streak.streak} />
          <ActivityCalendar today={streak.today} days={streak.days} />
        </>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {STREAK_TEXTS.loading}
          </p>
          <div className="learning-streak__placeholder" aria-hidden="true">
            <StreakCard streak={NO_STREAK} />
            <ActivityCalendar today={localDayOf(new Date()).day} days={[]} />
          </div>
        </>
      )}
      <p className="learning-streak__explain">{STREAK_TEXTS.explain}</p>
    </div>
  )
}
