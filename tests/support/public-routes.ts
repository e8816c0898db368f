/**
 * The public pages that show content, as the spec lists them (docs/requirements.md#r1-proverbs-and-peoples):
 * what the accessibility sweep and the Lighthouse benchmark both visit. A proverb's own page is added by each,
 * with a slug asked of its server.
 */
export const PUBLIC_CONTENT_ROUTES = [
  '/',
  '/search_result?ethnic=yoruba',
  '/search_result?q=water',
  '/pricing',
  '/about',
  '/terms',
  '/privacy_policy',
  '/add_proverb',
  '/contact',
  '/auth/login',
  '/auth/signup',
] as const
