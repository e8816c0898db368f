/**
 * The API contract's paths, in one place. Paths the specification lists (§7) are kept exactly as
 * written; the others are Òwe's own choice and are marked "ours".
 */

export const API = {
  // Spec §7, public
  ethnicGroupsPublic: '/api/proverbs/ethnic/public',
  categoriesPublic: '/api/proverbs/category/public',
  packages: '/api/packages/',
  faq: '/api/faq/',

  // Ours: public corpus reads the spec implies but does not name
  /** List and search: ?q=&ethnic=&category=&page=&size= (ethnic and category by id or slug). */
  proverbsPublic: '/api/proverbs/public',
  /** One proverb by id or slug. */
  proverbPublic: (idOrSlug: string | number) => `/api/proverbs/public/${encodeURIComponent(String(idOrSlug))}`,
  /** A stable daily pick, one proverb per group: ?date=YYYY-MM-DD (the viewer's calendar day). */
  proverbsToday: '/api/proverbs/today',
  /** Most liked first; a daily rotation while nobody has liked anything: ?limit= */
  trendingPublic: '/api/proverbs/trending/public',
  /** Naira per dollar for showing prices (spec §7: "a conversion rate is fetched"). */
  exchangeRate: '/api/payments/exchange-rate',
  health: '/api/health',
} as const

/**
 * Path prefixes that belong to the API rather than to the app's routes: the server answers unknown
 * paths under these with a JSON 404, the dev server proxies them, and the service worker never treats
 * them as navigations.
 */
export const API_PREFIXES = ['/api/', '/accounts/', '/user/', '/quiz-batch/', '/quiz_attempt/', '/firebase/'] as const

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}
