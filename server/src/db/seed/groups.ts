import type { LanguageSlug } from '../../../../src/core/constants'

/** The eight peoples and languages of spec §1, in the spec's order; slugs name the scroll images (§2). */
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

/** Subscription plans: yearly prices in US dollars; noOfEthnics is how many groups a plan opens. */
export const PLANS = [
  { name: 'Bronze', amount: '9.99', noOfEthnics: 1, description: 'One people’s proverbs and quizzes, ad-free, for a year.' },
  { name: 'Silver', amount: '17.99', noOfEthnics: 2, description: 'Two peoples’ proverbs and quizzes, ad-free, for a year.' },
  { name: 'Gold', amount: '29.99', noOfEthnics: 4, description: 'Four peoples’ proverbs and quizzes, ad-free, for a year.' },
  { name: 'Platinum', amount: '49.99', noOfEthnics: 8, description: 'All eight peoples’ proverbs and quizzes, ad-free, for a year.' },
]

/** Promo codes every installation starts with; operators add or retire others in promo_codes. */
export const PROMO_CODES = [{ code: 'WELCOME10', percentOff: 10 }]
