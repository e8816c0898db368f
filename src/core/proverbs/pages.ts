/**
 * The app's own addresses for what it shows publicly: one proverb, a people's proverbs, a category's. The
 * app links with them, the server names them as canonical addresses and in the sitemap.
 */
export const SEARCH_PAGE = '/search_result'

export const proverbPagePath = (slug: string) => `${SEARCH_PAGE}?proverb=${encodeURIComponent(slug)}`
export const groupPagePath = (slug: string) => `${SEARCH_PAGE}?ethnic=${encodeURIComponent(slug)}`
export const categoryPagePath = (slug: string) => `${SEARCH_PAGE}?category=${encodeURIComponent(slug)}`
