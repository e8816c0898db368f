/** The operators' console's own texts (ours, not the spec's), in one place: the console shows them and tests assert them. */
export const ADMIN_TEXTS = {
  operatorsOnly: 'This page is for Òwe’s operators.',
  operatorsOnlyDetail: 'Your account cannot open the operators’ console. If you think it should, ask another operator.',
  published: 'Published. The suggester has been notified.',
  publishedNoAccount: 'Published. The suggester has no account, so an email tells them (unless they unsubscribed from Òwe’s emails).',
  rejected: 'Rejected. The suggestion stays in the rejected list.',
  fileRequired: 'Choose a CSV or JSON file first.',
  fileType: 'Choose a .csv or .json file.',
  importColumns:
    'A CSV with a header row (UTF-8), or a JSON array of objects, with the fields: ethnic (the group’s slug or name), proverb, transliteration, interpretation and categories (one to three category names, separated by “;”).',
  saved: 'Saved.',
  unchanged: 'Nothing changed.',
  deleted: 'Deleted.',
  sentTo: (reached: number) => `Sent to ${reached.toLocaleString('en')} ${reached === 1 ? 'reader' : 'readers'}.`,
  builtIn: 'Built in',
  builtInNote: 'Comes with Òwe. Once you change or delete it here it is yours: Òwe’s own files no longer touch it.',
  moveUp: 'Move up',
  moveDown: 'Move down',
  generalQuestions: 'General (all peoples)',
  /** The flag on a suggestion whose words match a published proverb (the proverb keeps its own punctuation, inside the quotes). */
  possibleDuplicate: (proverb: string) => `Possible duplicate of “${proverb}”`,
  duplicateTitle: 'Approve a possible duplicate?',
  duplicateIntro: 'Òwe already publishes a proverb with the same words:',
  duplicateAsk: 'Publish this suggestion as a proverb of its own as well?',
  approveAnyway: 'Approve anyway',
  cancel: 'Cancel',
} as const
