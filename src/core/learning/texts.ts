/**
 * What every page may say about learning (docs/requirements.md#r18-learning): the Learn tab and link, (its due count's words are
 * src/app/due-count.tsx's). Small on purpose: the first page carries it. The streak's texts are in ./streak-texts.ts (loaded with
 * it, after the page is up), the deck button's in ./deck-texts.ts and the
 * Learn pages' own in ./review-texts.ts.
 */

export const LEARN_LINK = 'Learn'
