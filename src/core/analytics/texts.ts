import type { EventType } from './contract'

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
