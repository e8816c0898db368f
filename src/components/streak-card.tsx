import type { Streak } from '@/core/learning/contract'
import { STREAK_TEXTS } from '@/core/learning/streak-texts'

/** What the card says of today: it counts already, a streak to keep, or one to start. */
export function todayText(streak: Streak): string {
  if (streak.activeToday) return STREAK_TEXTS.today
  return streak.current > 0 ? STREAK_TEXTS.keep : STREAK_TEXTS.start
}

/**
 * The reader's streak (docs/requirements.md#r18-learning): the days in a row up to today, the best run, and
 * whether today counts yet. Its styles are in the global base (src/app/styles.css): home shows it.
 */
export function StreakCard({ streak }: { streak: Streak }) {
  return (
    <div className={`streak-card${streak.activeToday ? ' streak-card--today' : ''}`}>
      <svg className="streak-card__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
        <path
          d="M12 22c4 0 7-2.8 7-6.8 0-3.4-2.1-5.6-3.6-7.4-.4 1.7-1.4 3-2.7 3.6.3-3.3-1.3-6.6-4.2-8.4.2 3-1.4 5.1-2.9 7C4.5 11.6 5 13.1 5 15.2 5 19.2 8 22 12 22Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <dl className="streak-card__numbers">
        <div>
          <dt>{STREAK_TEXTS.current}</dt>
          <dd className="streak-card__current">{STREAK_TEXTS.days(streak.current)}</dd>
        </div>
        <div>
          <dt>{STREAK_TEXTS.best}</dt>
          <dd>{STREAK_TEXTS.days(streak.best)}</dd>
        </div>
      </dl>
      <p className="streak-card__today">{todayText(streak)}</p>
    </div>
  )
}
