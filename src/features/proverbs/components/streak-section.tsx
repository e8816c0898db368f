import { LearningStreak } from '@/components/learning-streak'
import { STREAK_INTRO } from '@/core/learning/streak-texts'

/** Home's streak for a signed-in reader: the streak and the calendar of active days (docs/requirements.md#r18-learning). */
export function StreakSection() {
  return (
    <section aria-labelledby="streak-title">
      <h2 id="streak-title">{STREAK_INTRO.title}</h2>
      <LearningStreak />
    </section>
  )
}
