import {
  EVENT_BATCH_MAX,
  EVENT_FUTURE_SKEW_MS,
  EVENT_TYPES,
  SHARE_METHODS,
  SIGNUP_STEPS,
  type EventType,
  type SignupStep,
} from './contract'

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

/** The most days the console's Insights cover at once. */
export const INSIGHTS_MAX_DAYS = 366

/**
 * What the collector (POST /api/events) and the Insights call answer when they refuse a request. An event's
 * message names it by its place in the batch (`events[3].type`), so a developer finds it at once.
 */
export const ANALYTICS_API_TEXTS = {
  batch: 'Send { "events": [...] }: a list of events and nothing else.',
  batchEmpty: 'The batch has no events.',
  batchTooLarge: `A batch holds at most ${EVENT_BATCH_MAX} events.`,
  event: (path: string) => `${path} must be an object.`,
  unknownField: (path: string, fields: string) => `${path} has a field the collector does not take: ${fields}.`,
  id: (path: string) => `${path} must be a UUID (crypto.randomUUID()).`,
  type: (path: string) => `${path} must be one of ${EVENT_TYPES.join(', ')}.`,
  at: (path: string) => `${path} must be a time written in ISO 8601, e.g. 2026-11-25T10:30:00.000Z.`,
  path: (path: string) => `${path} must be a route pattern such as /quiz/:batchId: a slash, at most 200 characters, no query.`,
  slug: (path: string) => `${path} must be a slug of 1 to 160 letters A to Z, digits and - _ . ~.`,
  q: (path: string) => `${path} must be the words searched, 1 to 200 characters.`,
  results: (path: string) => `${path} must be a whole number from 0 to 1,000,000.`,
  detail: (path: string) => `${path} must be 1 to 60 letters A to Z, digits, spaces and - _ . :.`,
  currency: (path: string) => `${path} must be a currency code of three capital letters, e.g. USD.`,
  needs: (path: string, type: string, field: string) => `${path}: a ${type} event needs ${field}.`,
  signupStep: (path: string) => `${path} must be a sign-up step: ${SIGNUP_STEPS.join(', ')}.`,
  shareMethod: (path: string) => `${path} must be how the proverb was shared: ${SHARE_METHODS.join(' or ')}.`,
  future: (id: string) =>
    `Event ${id} is dated more than ${EVENT_FUTURE_SKEW_MS / 60_000} minutes after the server's clock, so the batch was not stored. Check the device's date and time.`,
  insightsOrder: '"from" must not be after "to".',
  insightsRange: `Insights cover at most ${INSIGHTS_MAX_DAYS} days at once; choose a shorter range.`,
} as const
