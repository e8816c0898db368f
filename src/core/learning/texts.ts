/**
 * What every page may say about learning (docs/requirements.md#r18-learning): the Learn tab and link, and what
 * introduces the streak. Small on purpose: the first page carries it. The streak card's and calendar's texts are
 * in ./streak-texts.ts (loaded with them, after the page is up), the deck button's in ./deck-texts.ts and the
 * Learn pages' own in ./review-texts.ts.
 */

export const LEARN_LINK = 'Learn'
/** What the Learn tab's and link's name says after "Learn" while cards are due ("Learn, 5 due"): their badge is not read out. */
export const dueSuffix = (due: number): string => (due > 0 ? `, ${due} due` : '')

/** What home and the profile show of the streak before its code has loaded. */
export const STREAK_INTRO = {
  title: 'Your streak',
  loading: 'Loading your streak',
  explain: 'A day counts when you read a proverb, review your deck or finish a quiz — offline too.',
} as const
