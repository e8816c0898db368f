import { CALENDAR_DAYS, type LearningSummary, type LocalDay, type Streak } from './contract'
import { shiftDay } from './days'
import { streakOf } from './streak'

/**
 * The streak a device shows (docs/decisions/019-learning.md): the active days of its own log, sent or not,
 * so a day spent offline counts at once, together with what the server's summary knows, which is the
 * truth: days the device lacks count too, and so does a current run reaching back past the calendar the
 * summary sends. `today` is the device's local day now.
 */
export function mergeStreak(
  deviceDays: Iterable<LocalDay>,
  server: LearningSummary | undefined,
  today: LocalDay,
): { today: LocalDay; streak: Streak; days: LocalDay[] } {
  const days = new Set(deviceDays)
  if (server) {
    for (const day of server.days) days.add(day)
    // The server's current run ends on its last active day; every day of it was active.
    const { current, lastActiveDay } = server.streak
    if (lastActiveDay) for (let back = 0; back < current; back++) days.add(shiftDay(lastActiveDay, -back))
  }
  const streak = streakOf(days, today)
  const from = shiftDay(today, -(CALENDAR_DAYS - 1))
  return {
    today,
    streak: { ...streak, best: Math.max(streak.best, server?.streak.best ?? 0) },
    days: [...days].filter((day) => day >= from).sort(),
  }
}
