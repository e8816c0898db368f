/** What the operators' API answers besides field validation (ours: the spec shows no admin role). */
export const ADMIN_TEXTS = {
  suggestionNotFound: 'No suggestion has that id.',
  suggestionReviewed: (status: string) => `This suggestion has already been ${status}; it cannot be reviewed again.`,
  suggestionStatus: 'status must be pending, approved or rejected.',
  approvedTitle: 'Your proverb is published',
  approvedBody: (proverb: string) => `Thank you: “${proverb}” is now in Òwe for everyone to read.`,
  rejectedTitle: 'About the proverb you suggested',
  rejectedBody: (proverb: string, reason: string) => `“${proverb}” was not published: ${reason}`,
  proverbNotFound: 'No proverb has that id.',
  proverbExists: 'This proverb is already published in that group.',
  seedProverb:
    'This proverb comes from the corpus files (server/src/db/seed/corpus) and the next start would undo the change. Change it in the corpus file instead.',
  unknownGroup: 'No ethnic group has that id.',
  unknownCategories: 'Some of these categories do not exist.',
  categoryNotFound: 'No category has that id.',
  categoryExists: 'A category with this name (or one spelt the same in plain letters) already exists.',
  categoryNeedsLetters: 'The name needs at least one letter or digit from A to Z.',
  seedCategory: (name: string) =>
    `“${name}” is one of the built-in categories (server/src/db/seed/groups.ts); the next start would bring it back. Change it there instead.`,
  categoryInUse: (name: string, count: number) =>
    `“${name}” is used by ${count} proverb${count === 1 ? '' : 's'}; move them to other categories before deleting it.`,
  faqNotFound: 'No question has that id.',
  faqExists: 'This question is already in the FAQ.',
  seedFaq:
    'This question comes from server/src/db/seed/faq.json and the next start would write it back. Change it in that file instead.',
} as const
