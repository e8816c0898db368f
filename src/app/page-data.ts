import type { QueryClient } from '@tanstack/react-query'
import { SEARCH_PAGE } from '@/core/proverbs/pages'
import { categoriesQuery, groupsQuery, proverbQuery } from '@/entities/catalogue/queries'
import { plansQuery } from '@/entities/plans/queries'
import { faqQuery } from '@/features/pages/faq-list'
import { searchFor, searchQuery, todayQuery, trendingQuery } from '@/features/proverbs/queries'

/**
 * Fills the cache (for a page `isServerRendered`, src/core/shared/pages.ts) with what the page at `url` shows first, through the app's own queries (the same keys and
 * the same answers as in the browser). A query that fails is left out: the page then loads it itself.
 */
export async function loadPageData(client: QueryClient, url: URL, date: string): Promise<void> {
  const slug = url.searchParams.get('proverb')
  if (url.pathname === '/') {
    await Promise.all([
      client.prefetchQuery(todayQuery(date)),
      client.prefetchQuery(trendingQuery(date)),
      client.prefetchQuery(groupsQuery()),
      client.prefetchQuery(categoriesQuery()),
    ])
  } else if (url.pathname === SEARCH_PAGE && slug) {
    await client.prefetchQuery(proverbQuery(slug))
  } else if (url.pathname === SEARCH_PAGE) {
    await Promise.all([
      client.prefetchQuery(groupsQuery()),
      client.prefetchQuery(categoriesQuery()),
      client.prefetchQuery(searchQuery(searchFor(url.searchParams))),
    ])
  } else if (url.pathname === '/pricing') {
    await Promise.all([client.prefetchQuery(plansQuery()), client.prefetchQuery(faqQuery())])
  }
}
