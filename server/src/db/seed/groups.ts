import type { LanguageSlug } from '@core/shared/constants'

/**
 * The eight peoples and languages, in their set order; slugs name the scroll images
 * (docs/requirements.md#r1-proverbs-and-peoples).
 */
export const GROUPS: { slug: LanguageSlug; name: string; language: string }[] = [
  { slug: 'yoruba', name: 'Yoruba', language: 'Yoruba' },
  { slug: 'igbo', name: 'Igbo', language: 'Igbo' },
  { slug: 'hausa', name: 'Hausa', language: 'Hausa' },
  { slug: 'akan', name: 'Akan', language: 'Akan (Twi)' },
  { slug: 'kiswahili', name: 'Swahili', language: 'Kiswahili' },
  { slug: 'zulu', name: 'Zulu', language: 'isiZulu' },
  { slug: 'amharic', name: 'Amhara', language: 'Amharic' },
  { slug: 'afan-oromo', name: 'Oromo', language: 'Afaan Oromo' },
]

export const CATEGORIES = [
  'Wisdom',
  'Patience',
  'Family',
  'Work',
  'Leadership',
  'Unity',
  'Character',
  'Wealth',
  'Friendship',
  'Humility',
  'Perseverance',
  'Caution',
  'Knowledge',
  'Consequences',
] as const

/**
 * Subscription plans: yearly prices in US dollars; noOfEthnics is how many peoples a reader has (kept
 * offline, quizzed weekly, shown first). Reading online is open to everyone whatever the plan; a paid plan
 * also removes adverts. Free is last in the list so the paid plans keep the ids they always had; `position`
 * puts it first on screen.
 */
export const PLANS = [
  {
    name: 'Bronze',
    amount: '9.99',
    noOfEthnics: 1,
    position: 1,
    description: 'One people kept offline, quizzed weekly and shown first. No adverts, for a year.',
  },
  {
    name: 'Silver',
    amount: '17.99',
    noOfEthnics: 2,
    position: 2,
    description: 'Two peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
  },
  {
    name: 'Gold',
    amount: '29.99',
    noOfEthnics: 4,
    position: 3,
    description: 'Four peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
  },
  {
    name: 'Platinum',
    amount: '49.99',
    noOfEthnics: 8,
    position: 4,
    description: 'All eight peoples kept offline, quizzed weekly and shown first. No adverts, for a year.',
  },
  {
    name: 'Free',
    amount: '0.00',
    noOfEthnics: 1,
    position: 0,
    description: 'One people kept offline, quizzed weekly and shown first. Adverts are shown.',
  },
]

/** Promo codes every installation starts with; admins add or retire others in promo_codes. */
export const PROMO_CODES = [{ code: 'WELCOME10', percentOff: 10 }]
