import type { LocalDay } from '@/core/learning/contract'
import { shiftDay } from '@/core/learning/days'
import type { LearningProgress } from '@/core/learning/schedule'

// The progress shaped for its charts and tables: the days of a window, every one of them (a day with no
// reviews is a zero, so the bars are evenly spaced), and the share remembered on the days there were reviews.

/** How many days the charts of days show, up to today. */
export const PROGRESS_DAYS = 30

export type ReviewDay = { day: LocalDay; reviews: number; again: number }

/** Every day of the window ending `today`, oldest first, with its reviews (zeros where there were none). */
export function windowDays(progress: Pick<LearningProgress, 'reviewsPerDay'>, today: LocalDay, days = PROGRESS_DAYS): ReviewDay[] {
  const counted = new Map(progress.reviewsPerDay.map((row) => [row.day, row]))
  return Array.from({ length: days }, (_, i) => {
    const day = shiftDay(today, i - days + 1)
    return counted.get(day) ?? { day, reviews: 0, again: 0 }
  })
}

/** The share of a day's reviews not graded Again, in whole percent; the days with reviews only. */
export function rememberedPerDay(days: ReviewDay[]): { day: LocalDay; percent: number }[] {
  return days
    .filter((row) => row.reviews > 0)
    .map((row) => ({ day: row.day, percent: Math.round(((row.reviews - row.again) / row.reviews) * 100) }))
}

/** The day with the most reviews (the earliest of equals), or null with none. */
export function busiestDay(days: ReviewDay[]): ReviewDay | null {
  return days.reduce<ReviewDay | null>((best, row) => (row.reviews > 0 && (!best || row.reviews > best.reviews) ? row : best), null)
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "27 Nov": a day on a chart's axis. */
export const shortDay = (day: LocalDay): string => `${Number(day.slice(8, 10))} ${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]}`

/** 0.9166 → "92%". */
export const percent = (share: number): string => `${Math.round(share * 100)}%`
