import { formatLongDate } from '../shared/format'
import type { LocalDay } from './contract'

/** The streak's texts: its introduction on home and the profile, its card and its calendar (src/components/streak-card.tsx, activity-calendar.tsx). */

/** What home and the profile show of the streak around the card and calendar. */
export const STREAK_INTRO = {
  title: 'Your streak',
  loading: 'Loading your streak',
  explain: 'A day counts when you read a proverb, review your deck or finish a quiz — offline too.',
} as const

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
