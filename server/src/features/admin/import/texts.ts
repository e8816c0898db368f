import { CATEGORIES_PER_PROVERB, PROVERB_TEXT_MAX } from '@core/admin/validation'

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_FIELDS = ['ethnic', 'proverb', 'transliteration', 'interpretation', 'categories'] as const
export type Field = (typeof IMPORT_FIELDS)[number]

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
  missing: (field: Field) => `${field} is missing`,
  notText: (field: Field) => `${field} must be text`,
  controlCharacters: (field: Field) => `${field} contains control characters`,
  tooLong: (field: Field) => `${field} is longer than ${PROVERB_TEXT_MAX} characters`,
  unknownGroup: (name: string) => `unknown ethnic group "${name}" (use a group's slug or name)`,
  categoryCount: `give ${CATEGORIES_PER_PROVERB.min} to ${CATEGORIES_PER_PROVERB.max} categories, separated by ";"`,
  unknownCategory: (name: string) => `unknown category "${name}" (add it under Categories first)`,
} as const
