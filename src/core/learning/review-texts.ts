import { formatLongDate } from '../shared/format'
import type { Grade } from './contract'
import { localDayOf, shiftDay } from './days'

/** The Learn pages' texts (docs/requirements.md#r18-learning): reviewing the deck, adding to it, progress. */

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const GRADE_LABELS: Record<Grade, string> = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' }

export const LEARN_TEXTS = {
  title: 'Learn',
  review: 'Review',
  progress: 'Progress',
  loading: 'Loading your deck',
  failed: 'Could not open your deck on this device',
  failedDetail: 'Your reviews are safe on this device. Reload the page to try again.',
  reload: 'Reload',
  offline: 'You’re offline. Reviews are kept on this device and sent when you’re back online.',
  /** While the server calls entries early and the device's clock is still fast: `aheadMs`, by how much. */
  clockAhead: (aheadMs: number) => `This device’s clock is about ${formatInterval(aheadMs).long} fast.`,
  clockAheadDetail:
    'What you did while it was fast is kept on this device and saved to your account once the right time catches up with it. Set the date and time to automatic so that what you do next is saved at once.',
  /** While entries made on a fast clock wait, the clock since set right. */
  clockWaiting: 'Some of what you did waits on this device',
  clockWaitingDetail:
    'It was dated ahead of the right time, while this device’s clock was fast, and is saved to your account once the right time catches up with it.',
  showAnswer: 'Show answer',
  showAnswerKeys: 'Space or Enter',
  english: 'In English',
  meaning: 'Meaning',
  gradeGroup: 'How well did you remember it?',
  left: (n: number) => count(n, 'card left', 'cards left'),
  /** Said after a grade: what was chosen and what is left. */
  graded: (grade: Grade, left: number) => `${GRADE_LABELS[grade]}. ${LEARN_TEXTS.left(left)}.`,
  /**
   * A grade button's name, the words it shows ("Good, 10 min"): speech input matches them (WCAG 2.5.3, which axe
   * holds to). What they mean is its description: `gradeBack`.
   */
  gradeName: (grade: Grade, shown: string) => `${GRADE_LABELS[grade]}, ${shown}`,
  /** A grade button's description: "Back in 10 minutes". */
  gradeBack: (back: string) => `Back in ${back}`,
  missing: 'This proverb is not on this device yet',
  missingDetail: 'It will show once you are online. Skip it for now; it stays due.',
  skip: 'Skip for now',
  emptyTitle: 'Your deck is empty',
  emptyWhat:
    'Your deck holds the proverbs you want to remember. Each comes back just before you would forget it: soon at first, then days, weeks and months apart.',
  emptyHow: 'Add a proverb from its page with “Add to deck”, or add all your favourites at once.',
  findProverbs: 'Find proverbs',
  doneTitle: 'All done for now',
  /** `when`: from `dueWhen`. */
  nextDue: (when: string) => `The next card is due ${when}.`,
  seeProgress: 'See your progress',
  deckTitle: 'Your deck',
  deckCount: (n: number, due: number) => `${count(n, 'proverb', 'proverbs')}, ${due} due now.`,
  addFavourites: 'Add all favourites',
  addingFavourites: (n: number) => `Adding ${count(n, 'proverb', 'proverbs')}…`,
  added: (n: number) => `${count(n, 'proverb', 'proverbs')} added.`,
  allFavouritesIn: 'All your favourites are in your deck.',
  noFavourites: 'You have no favourites yet. Tap the heart on any proverb to keep it, then add them here.',
  favouritesLoading: 'Loading your favourites…',
  favouritesUnavailable: 'Your favourites could not be loaded. Try again when you’re online.',
  addFailed: 'Could not add your favourites',
} as const

export const PROGRESS_TEXTS = {
  title: 'Your progress',
  loading: 'Loading your progress',
  empty: 'No reviews yet',
  emptyDetail: 'Review a few cards and your progress shows here.',
  startReviewing: 'Start reviewing',
  deck: 'Proverbs in your deck',
  learned: 'Learned',
  learnedDetail: 'remembered over days, not minutes',
  retention: 'Retention',
  retentionDetail: 'of reviews of learned proverbs remembered',
  retentionNone: 'Not yet',
  retentionNoneDetail: 'shown once you review a learned proverb',
  perDay: (days: number) => `Reviews per day, last ${days} days`,
  /** The chart's text alternative; `busiest`: the day with most reviews, written out. */
  perDaySummary: (days: number, reviews: number, again: number, busiest: string | null) =>
    `Reviews per day over the last ${days} days: ${count(reviews, 'review', 'reviews')}, ${again} graded Again.` +
    (busiest ? ` Most on ${busiest}.` : ''),
  reviews: 'Reviews',
  again: 'Again',
  day: 'Day',
  cards: 'Your deck, learned and still being learned',
  cardsSummary: (learned: number, learning: number) =>
    `Your deck: ${count(learned, 'proverb', 'proverbs')} learned, ${learning} still being learned.`,
  stillLearning: 'Still being learned',
  stage: 'Stage',
  proverbs: 'Proverbs',
  remembered: (days: number) => `Share remembered per day, last ${days} days`,
  /** `mean`: the days' shares averaged, in whole percent; null with no reviews. */
  rememberedSummary: (days: number, mean: number | null) =>
    mean === null
      ? `Share of reviews remembered (not graded Again) per day over the last ${days} days: no reviews.`
      : `Share of reviews remembered (not graded Again) per day over the last ${days} days: ${mean}% on average.`,
  share: 'Remembered',
  numbers: 'The numbers',
} as const

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long until a card comes back, short for its button ("10 min", "3 days", "2 mo") and long for its name
 * ("10 minutes", "3 days", "2 months").
 */
export function formatInterval(ms: number): { short: string; long: string } {
  const round = (unit: number) => Math.max(1, Math.round(ms / unit))
  if (ms < HOUR) {
    const n = round(MINUTE)
    return { short: `${n} min`, long: count(n, 'minute', 'minutes') }
  }
  if (ms < DAY) {
    const n = round(HOUR)
    return { short: `${n} h`, long: count(n, 'hour', 'hours') }
  }
  if (ms < 30 * DAY) {
    const n = round(DAY)
    return { short: count(n, 'day', 'days'), long: count(n, 'day', 'days') }
  }
  if (ms < 365 * DAY) {
    const n = round(30 * DAY)
    return { short: `${n} mo`, long: count(n, 'month', 'months') }
  }
  const n = Math.round((ms / (365 * DAY)) * 10) / 10
  return { short: `${n} yr`, long: `${n} ${n === 1 ? 'year' : 'years'}` }
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * When a card is due, as the sentence "The next card is due …" ends: "in 8 minutes", "today at 18:30", "tomorrow", "on
 * December 3rd, 2026". Under a minute is "in 1 minute", not "now": "All done for now" says it just after a card graded
 * Again (back in a minute), while nothing is due yet.
 */
export function dueWhen(due: Date, now: Date): string {
  const ms = due.getTime() - now.getTime()
  if (ms <= 0) return 'now'
  if (ms < HOUR) return `in ${formatInterval(ms).long}`
  const day = localDayOf(due).day
  const today = localDayOf(now).day
  if (day === today) return `today at ${pad(due.getHours())}:${pad(due.getMinutes())}`
  if (day === shiftDay(today, 1)) return 'tomorrow'
  return `on ${formatLongDate(day)}`
}
