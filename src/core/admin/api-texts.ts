import { MAIL_STATUS_FILTERS } from './contract'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportField } from './import'
import { ADVERT_MAX_BYTES, CATEGORIES_PER_PROVERB, PROVERB_TEXT_MAX } from './validation'

// What the admin API answers besides field validation, one object a section; the console's own texts
// are ADMIN_TEXTS in ./texts.ts.

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

/** The advert uploads and edits. */
export const ADMIN_ADVERT_TEXTS = {
  notFound: 'No advert has that id.',
  notMultipart: 'Send the advert as multipart/form-data: the file, with name, alt and link.',
  noFile: 'Choose a WebP image or an MP4 video to upload.',
  tooLarge: `The advert must be ${ADVERT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  wrongType: 'Upload a WebP image or an MP4 video.',
  unreadable: 'The upload could not be read. Please try again.',
  nameTaken: 'An advert with this name exists already.',
} as const

/** The proverb import (its file and each row). */
export const IMPORT_TEXTS = {
  slugClash:
    'its address on Òwe would be the same as another proverb’s: add it on its own from the console, where the clash can be resolved',
  notMultipart: 'Send the file as multipart/form-data.',
  noFile: 'Choose a CSV or JSON file to import.',
  unreadable: 'The upload could not be read. Please try again.',
  tooLarge: `The file must be ${IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS} proverbs; split it.`,
  wrongType: 'Upload a CSV file (UTF-8, with a header row) or a JSON array of proverbs.',
  badJson: 'The JSON file is not valid JSON.',
  jsonShape: 'The JSON file must hold an array of objects with ethnic, proverb, transliteration, interpretation and categories.',
  badCsv: (message: string) => `The CSV file cannot be read: ${message}.`,
  missingColumns: (names: string[]) => `The CSV header lacks the column${names.length === 1 ? '' : 's'} ${names.join(', ')}.`,
  missing: (field: ImportField) => `${field} is missing`,
  notText: (field: ImportField) => `${field} must be text`,
  controlCharacters: (field: ImportField) => `${field} contains control characters`,
  tooLong: (field: ImportField) => `${field} is longer than ${PROVERB_TEXT_MAX} characters`,
  unknownGroup: (name: string) => `unknown ethnic group "${name}" (use a group's slug or name)`,
  categoryCount: `give ${CATEGORIES_PER_PROVERB.min} to ${CATEGORIES_PER_PROVERB.max} categories, separated by ";"`,
  unknownCategory: (name: string) => `unknown category "${name}" (add it under Categories first)`,
} as const

/** The question bank. */
export const QUIZ_BANK_TEXTS = {
  notFound: 'No question of the bank has that id.',
  groupFilter: 'ethnicGroupId is a group id, or "general".',
  answeredOption: 'Answers already given use an option you removed: keep as many options, or retire this question and write a new one.',
} as const

/** The mail queue. */
export const MAIL_TEXTS = {
  status: `status is one of ${MAIL_STATUS_FILTERS.join(', ')}.`,
  notFound: 'No mail has that id.',
  notFailed: 'Only a mail that failed can be sent again; this one is waiting or was delivered.',
} as const

/** Broadcasts. */
export const BROADCAST_TEXTS = {
  idempotencyKey: 'Idempotency-Key is 1 to 100 letters, digits, dots, colons, dashes or underscores.',
} as const

/** Readers, contact messages and payments. */
export const PEOPLE_TEXTS = {
  messageNotFound: 'No contact message has that id.',
  unread: 'unread is 1 or true (unread only), or 0 or false.',
  status: 'status is one of pending, success, failed or abandoned.',
} as const
