/**
 * The API paths the first page's code names: the public corpus reads and the signed-in reader's peoples and
 * favourites. API (src/core/http/api-paths.ts) holds them too, spread in, so the contract is still read in one place;
 * the first page's modules import them from here so that every visitor's first page does not carry the other hundred
 * paths (scripts/check-first-page.mjs holds its script to a budget).
 */
export const FIRST_PAGE_API = {
  // Specified paths: public
  ethnicGroupsPublic: '/api/proverbs/ethnic/public',
  categoriesPublic: '/api/proverbs/category/public',

  // Ours: public corpus reads the spec implies but does not name
  /** List and search: ?q=&ethnic=&category=&page=&size= (ethnic and category by id or slug). */
  proverbsPublic: '/api/proverbs/public',
  /** One proverb by id or slug. */
  proverbPublic: (idOrSlug: string | number) => `/api/proverbs/public/${encodeURIComponent(String(idOrSlug))}`,
  /** The proverb's published changes: corrections accepted, admins' edits, speakers' checks. */
  proverbHistory: (idOrSlug: string | number) => `/api/proverbs/public/${encodeURIComponent(String(idOrSlug))}/history`,
  /** A stable daily pick, one proverb per group: ?date=YYYY-MM-DD (the viewer's calendar day). */
  proverbsToday: '/api/proverbs/today',
  /** By views and likes of the last seven days, the recent counting most; then the most liked, then a daily rotation: ?limit= */
  trendingPublic: '/api/proverbs/trending/public',

  // Specified paths: authenticated
  ethnicGroupsLogged: '/api/proverbs/ethnic/logged',
  favourites: '/api/proverbs/favourites',
} as const
