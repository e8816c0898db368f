import { groupPagePath, proverbPagePath, SEARCH_PAGE } from '@core/proverbs/pages'
import { PUBLIC_PAGE_TITLES } from '@core/shared/pages'

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** The pages a search engine may list: home, the public pages, the whole list, each people and each proverb. */
export function sitemapXml(base: string, groups: string[], proverbs: string[]): string {
  const paths = [
    '/',
    SEARCH_PAGE,
    ...groups.map(groupPagePath),
    ...proverbs.map(proverbPagePath),
    ...Object.keys(PUBLIC_PAGE_TITLES).filter((path) => !path.startsWith('/auth/')),
  ]
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** Everything may be fetched but the API and the pages of a reader's own; the sitemap says what to list. */
export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /profile',
    'Disallow: /favourites',
    'Disallow: /notifications',
    'Disallow: /admin',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
