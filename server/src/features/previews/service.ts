import { PUBLIC_PAGE_TITLES, type PublicPagePath } from '@core/shared/pages'
import { SEARCH_PAGE } from '@core/proverbs/pages'
import { MAX_QUERY_LENGTH } from '@core/shared/constants'
import type { Db } from '../../db/client'
import { searchTerms } from '@core/proverbs/search'
import { countProverbs, findProverb, listCategories, listGroups, withAbout } from '../../services/proverbs'
import {
  categoryHead,
  groupHead,
  homeHead,
  privateHead,
  proverbHead,
  publicPageHead,
  searchHead,
  searchResultsHead,
  type PageHead,
} from './head'

const isPublicPage = (path: string): path is PublicPagePath => Object.hasOwn(PUBLIC_PAGE_TITLES, path)

/** The head of the page at this address (path and query), from what the database holds now. */
export async function headFor(db: Db, base: string, address: string): Promise<PageHead> {
  const url = new URL(address, 'http://page.invalid')
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname
  if (path === '/') return homeHead(base)
  if (isPublicPage(path)) return publicPageHead(base, path)
  if (path !== SEARCH_PAGE) return privateHead(base)

  const query = url.searchParams
  // No text the database holds has a NUL (PostgreSQL refuses one): an address with one names nothing there,
  // and asking would only make the database fail.
  if ([...query.values()].some((value) => value.includes('\u0000'))) return searchHead(base, false)
  const slug = query.get('proverb')
  if (slug) {
    const proverb = await findProverb(db, slug)
    return proverb ? proverbHead(base, proverb) : searchHead(base, false)
  }
  const ethnic = query.get('ethnic')
  if (ethnic) {
    const group = (await listGroups(db)).find((g) => g.slug === ethnic.toLowerCase() || String(g.id) === ethnic)
    return group ? groupHead(base, withAbout(group)) : searchHead(base, false)
  }
  const category = query.get('category')
  if (category) {
    const found = (await listCategories(db)).find((c) => c.slug === category.toLowerCase() || String(c.id) === category)
    return found ? categoryHead(base, found) : searchHead(base, false)
  }
  // A search that finds proverbs is a page to land on ("proverbs about water"), under the address of its
  // first page; one that finds none is shown but not listed. The whole list is listed.
  // The page searches for as much as the search box takes (src/features/proverbs/queries.ts `searchFor`).
  const q = query.get('q')?.slice(0, MAX_QUERY_LENGTH).trim() ?? ''
  const terms = searchTerms(q)
  if (terms.length) {
    const total = await countProverbs(db, { terms })
    return total > 0 ? searchResultsHead(base, q, total) : searchHead(base, false)
  }
  return searchHead(base, ![...query.keys()].length)
}
