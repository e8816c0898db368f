/** Our own texts (the spec gives none). */
export const AD_TEXTS = {
  notFound: 'No advert has that id or name.',
  badIdOrName: 'An advert is named by its id or by a name of 1 to 100 letters, digits, dots, dashes or underscores.',
  toggle: 'toggle must be true or false.',
} as const
