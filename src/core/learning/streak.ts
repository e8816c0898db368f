import { ACTIVE_KINDS, type LearningEntry, type LocalDay, type Streak } from './contract'
import { daysBetween, shiftDay } from './days'

/**
 * The streak rules (docs/decisions/019-learning.md):
 * - a day counts when the reader read a proverb, reviewed the deck or finished a quiz on it, online or
 *   offline, in their local calendar day at that moment;
 * - the current streak is the run of days in a row ending today, or ending yesterday while today has
 *   nothing yet (it is still alive until today ends); a day missed ends it;
 * - after flying west a reader can have an active day later than today's date where they are now: the
 *   streak runs up to that day, never backwards.
 */

/** The days an entry list makes active, each once, in order. */
export function activeDays(entries: Iterable<Pick<LearningEntry, 'kind' | 'day'>>): LocalDay[] {
  const days = new Set<LocalDay>()
  for (const entry of entries) if (ACTIVE_KINDS.includes(entry.kind)) days.add(entry.day)
  return [...days].sort()
}

/** Current and best streak from the active days (any order, repeats allowed), as of the local day `today`. */
export function streakOf(days: Iterable<LocalDay>, today: LocalDay): Streak {
  const sorted = [...new Set(days)].sort()
  const last = sorted.at(-1) ?? null
  let best = 0
  let run = 0
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && daysBetween(sorted[i - 1], sorted[i]) === 1 ? run + 1 : 1
    best = Math.max(best, run)
  }
  // `run` is now the run ending on the last active day.
  const end = last !== null && last > today ? last : today
  const activeToday = last !== null && last >= today
  const alive = last !== null && (activeToday || last === shiftDay(end, -1))
  return { current: alive ? run : 0, best, activeToday, lastActiveDay: last }
}
