import type { EventType, SignupStep } from './contract'

/** The Insights' own texts (the console shows them, tests assert them): the date range's messages and the states. */
export const INSIGHTS_TEXTS = {
  fromRequired: 'Choose the first day of the range.',
  toRequired: 'Choose the last day of the range.',
  notADay: 'Enter a day as YYYY-MM-DD, for example 2026-11-30.',
  fromAfterTo: 'The first day must be on or before the last day.',
  tooLong: (max: number, days: number) =>
    `A range covers at most ${max} days; this one covers ${days.toLocaleString('en')}. Choose a later first day or an earlier last day.`,
  empty: 'No visits in this range yet.',
  emptyDetail: 'Counts show here once readers open Òwe on these days. Try a longer range.',
  chartFailed: 'The chart could not be drawn; its numbers are in the table.',
} as const

/** The sign-up funnel's steps as the console names them (the wizard's five steps, then the account made and activated). */
export const SIGNUP_STEP_LABELS: Record<SignupStep, string> = {
  '1': 'Step 1: about you',
  '2': 'Step 2: account',
  '3': 'Step 3: plan',
  '4': 'Step 4: languages',
  '5': 'Step 5: review',
  submitted: 'Account made',
  activated: 'Account activated',
}

/**
 * What each analytics event counts, in plain words, as the privacy policy lists it (in this order, that
 * of EVENT_TYPES). Keyed by every event type, so nothing can be counted that the policy does not name.
 */
export const COUNTED_EVENTS: Record<EventType, string> = {
  page_view:
    'Each page opened, by its kind (“a proverb”, “the search”, “a quiz”), never its full address; for a proverb, which proverb; for a search, the words searched and the people chosen.',
  proverb_view: 'Each proverb shown, by the name it has in its address.',
  search: 'Each search: its words, how many proverbs it found, and the people it was limited to.',
  share: 'Each proverb shared, as a link or as an image.',
  install: 'Òwe installed on a device.',
  push_opt_in: 'Push notifications turned on.',
  quiz_start: 'A quiz started (its first answer chosen).',
  quiz_finish: 'A quiz finished (its answers submitted).',
  signup_step: 'Each step of the sign-up form reached, an account created, and an account activated.',
  checkout_start: 'A payment started, with its plan and currency.',
  checkout_paid: 'A payment completed, with its plan and currency.',
}
