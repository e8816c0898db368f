/** What the admin API answers besides field validation (the console's own texts are ADMIN_TEXTS in src/core/admin/texts.ts). */
export const ADMIN_API_TEXTS = {
  suggestionNotFound: 'No suggestion has that id.',
  suggestionReviewed: (status: string) => `This suggestion has already been ${status}; it cannot be reviewed again.`,
  suggestionStatus: 'status must be pending, approved or rejected.',
  approvedTitle: 'Your proverb is published',
  approvedBody: (proverb: string) => `Thank you: “${proverb}” is now in Òwe for everyone to read.`,
  rejectedTitle: 'About the proverb you suggested',
  rejectedBody: (proverb: string, reason: string) => `“${proverb}” was not published: ${reason}`,
  /** By email the suggester's own words are not repeated: the address was never verified, so a mail must carry only what an admin wrote. */
  rejectedByEmail: (reason: string) => `The proverb you suggested to Òwe was not published: ${reason}`,
  rejectedInvite: 'Thank you all the same. You are welcome to suggest another.',
  proverbNotFound: 'No proverb has that id.',
  correctionProverbGone: 'The proverb this correction is for has been deleted; decline it instead.',
  proverbExists: 'This proverb is already published in that group.',
  unknownGroup: 'No ethnic group has that id.',
  unknownCategories: 'Some of these categories do not exist.',
  categoryNotFound: 'No category has that id.',
  categoryExists: 'A category with this name (or one spelt the same in plain letters) already exists.',
  categoryNeedsLetters: 'The name needs at least one letter or digit from A to Z.',
  categoryInUse: (name: string, count: number) =>
    `“${name}” is used by ${count} proverb${count === 1 ? '' : 's'}; move them to other categories before deleting it.`,
  faqNotFound: 'No question has that id.',
  faqExists: 'This question is already in the FAQ.',
} as const
