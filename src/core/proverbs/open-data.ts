/**
 * The corpus as open data (GET API.proverbsExport): its licence and how to cite it, said once for the
 * export, the README and the about page.
 */
export const OPEN_DATA = {
  name: 'Òwe proverb corpus',
  licence: {
    name: 'CC BY 4.0',
    url: 'https://creativecommons.org/licenses/by/4.0/',
    statement:
      'The proverbs are traditional sayings of the peoples who speak them and belong to no one. Òwe’s English renderings, meanings, categories and cousin notes are released under the Creative Commons Attribution 4.0 International licence (CC BY 4.0): share and adapt them freely, naming Òwe. Each proverb names where it is recorded; those pages and books keep their own terms.',
  },
  citation: (year: number, url: string) =>
    `Òwe proverb corpus (${year}). African proverbs with English renderings, meanings and sources. ${url}`,
} as const

export type ExportFormat = 'json' | 'csv'
export const EXPORT_FORMATS: readonly ExportFormat[] = ['json', 'csv']

/** The columns of the CSV export, in order. */
export const EXPORT_COLUMNS = [
  'slug',
  'people',
  'language',
  'proverb',
  'transliteration',
  'interpretation',
  'categories',
  'sources',
  'cousin_key',
  'cousin_note',
  'checked_by',
  'url',
] as const
