import { formatLongDate } from '../shared/format'
import type { LocalDay } from './contract'

/** The streak card's and the calendar's texts (src/components/streak-card.tsx, activity-calendar.tsx); their introduction is STREAK_INTRO in ./texts.ts. */

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)

export const STREAK_TEXTS = {
  current: 'Current streak',
  best: 'Best',
  days,
  /** Today already counts. */
  today: 'Today counts. Come back tomorrow to keep it going.',
  /** A streak alive from yesterday, nothing yet today. */
  keep: 'Read a proverb today to keep it',
  /** No streak to keep. */
  start: 'Read a proverb today to start a streak',
  calendar: (count: number) => `Active days, last ${count} days`,
  /** A day of the calendar, as a screen reader says it: "November 27th, 2026: active". */
  day: (day: LocalDay, active: boolean, today: boolean) =>
    `${formatLongDate(day)}${today ? ' (today)' : ''}: ${active ? 'active' : 'not active'}`,
  legendActive: 'Active',
  legendInactive: 'Not active',
  legendToday: 'Today',
} as const
