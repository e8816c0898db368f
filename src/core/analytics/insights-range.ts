import { INSIGHTS_MAX_DAYS, INSIGHTS_TEXTS } from './texts'

/**
 * The Insights' date range: UTC calendar days written YYYY-MM-DD, both ends counted (src/core/analytics/contract.ts).
 * The console checks a range with these rules before asking for it; the same rules suit the server's check.
 */

/** The longest range Insights cover: a leap year (the server refuses longer ones with the same bound). */
export const INSIGHTS_RANGE_MAX_DAYS = INSIGHTS_MAX_DAYS
/** The range shown until another is chosen: the last 30 days, today included. */
export const INSIGHTS_RANGE_DEFAULT_DAYS = 30

export type DayRange = { from: string; to: string }
/** What is wrong with a range, by field; empty when nothing is. */
export type RangeProblems = { from?: string; to?: string }

const MS_PER_DAY = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** The UTC calendar day of a moment: "2026-11-30". */
export const dayOf = (moment: Date): string => moment.toISOString().slice(0, 10)

/** Whether text is a real day written YYYY-MM-DD ("2026-02-30" is not). */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayMs(text)) && dayOf(new Date(dayMs(text))) === text
}

/** The day `count` days after `day` (before it, for a negative count). */
export const addDays = (day: string, count: number): string => dayOf(new Date(dayMs(day) + count * MS_PER_DAY))

/** How many days a range covers, both ends counted (0 when it ends before it starts). */
export const daysIn = ({ from, to }: DayRange): number => Math.max(0, Math.round((dayMs(to) - dayMs(from)) / MS_PER_DAY) + 1)

/** Every day of a range, in order. */
export const listDays = (range: DayRange): string[] => Array.from({ length: daysIn(range) }, (_, i) => addDays(range.from, i))

/** The last INSIGHTS_RANGE_DEFAULT_DAYS days up to the UTC day of `now`. */
export function defaultInsightsRange(now: Date): DayRange {
  const to = dayOf(now)
  return { from: addDays(to, 1 - INSIGHTS_RANGE_DEFAULT_DAYS), to }
}

/** What is wrong with a range as typed: each end a real day, the first not after the last, at most INSIGHTS_RANGE_MAX_DAYS. */
export function checkInsightsRange({ from, to }: DayRange): RangeProblems {
  const problems: RangeProblems = {}
  if (!from) problems.from = INSIGHTS_TEXTS.fromRequired
  else if (!isDay(from)) problems.from = INSIGHTS_TEXTS.notADay
  if (!to) problems.to = INSIGHTS_TEXTS.toRequired
  else if (!isDay(to)) problems.to = INSIGHTS_TEXTS.notADay
  if (problems.from || problems.to) return problems
  if (from > to) return { from: INSIGHTS_TEXTS.fromAfterTo }
  const days = daysIn({ from, to })
  if (days > INSIGHTS_RANGE_MAX_DAYS) return { to: INSIGHTS_TEXTS.tooLong(INSIGHTS_RANGE_MAX_DAYS, days) }
  return {}
}
