/**
 * What the community calls answer (suggest a proverb, contact, unsubscribe); the sentences the app and the server
 * say about them are in texts.ts, the forms' validation messages (the spec's) in validation.ts.
 */

/** POST API.suggestProverb answers 201 with this. */
export type SuggestionResult = {
  message: string
  /** The proverb reads like one already in Òwe once tone marks are set aside. */
  duplicate: boolean
}

/** POST API.unsubscribe answers 200 with this. */
export type UnsubscribeResult = { message: string; email: string }

export type Faq = { id: number; question: string; answer: string }
