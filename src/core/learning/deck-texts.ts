/** The deck button on a proverb's page (src/components/deck-button.tsx). */
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
