import { formatLongDate } from '../shared/format'
import type { LocalDay } from './contract'

/**
 * What every page may say about learning (docs/requirements.md#r18-learning): the Learn tab and link, the deck
 * button on a proverb's page, the streak and its calendar. Small on purpose: the first page carries it. The
 * Learn pages' own texts are in ./review-texts.ts.
 */

export const LEARN_LINK = 'Learn'
/** What the Learn tab's and link's name says after "Learn" while cards are due ("Learn, 5 due"): their badge is not read out. */
export const dueSuffix = (due: number): string => (due > 0 ? `, ${due} due` : '')

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)

export const STREAK_TEXTS = {
  title: 'Your streak',
  loading: 'Loading your streak',
  current: 'Current streak',
  best: 'Best',
  days,
  /** Today already counts. */
  today: 'Today counts. Come back tomorrow to keep it going.',
  /** A streak alive from yesterday, nothing yet today. */
  keep: 'Read a proverb today to keep it',
  /** No streak to keep. */
  start: 'Read a proverb today to start a streak',
  explain: 'A day counts when you read a proverb, review your deck or finish a quiz — offline too.',
  calendar: (count: number) => `Active days, last ${count} days`,
  /** A day of the calendar, as a screen reader says it: "November 27th, 2026: active". */
  day: (day: LocalDay, active: boolean, today: boolean) =>
    `${formatLongDate(day)}${today ? ' (today)' : ''}: ${active ? 'active' : 'not active'}`,
  legendActive: 'Active',
  legendInactive: 'Not active',
  legendToday: 'Today',
} as const

export const DECK_BUTTON_TEXTS = {
  add: 'Add to deck',
  /** In the deck: the button takes it out. */
  inDeck: 'In your deck — remove',
  added: 'Added to your deck. It comes up in Learn.',
  removed: 'Taken out of your deck.',
  failed: 'Could not change your deck on this device.',
  /** A visitor's prompt. */
  signIn: 'Sign in to add to your deck',
} as const
