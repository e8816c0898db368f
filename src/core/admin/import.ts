/** What one proverb import may hold, and its columns (CSV header or JSON keys). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_FIELDS = ['ethnic', 'proverb', 'transliteration', 'interpretation', 'categories'] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]
