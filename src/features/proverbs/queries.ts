import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { MAX_QUERY_LENGTH } from '@/core/shared/constants'
import { HOME_TRENDING_LIMIT } from '@/core/proverbs/local-date'
import { catalogueKeys } from '@/lib/query-keys'
import { fetchHistory, fetchProverbs, fetchToday, fetchTrending, type SearchParams } from './api'

/** Under the corpus's prefix (`catalogueKeys.all`), with the groups, the categories and one proverb (src/entities/catalogue). */
export const proverbKeys = {
  all: catalogueKeys.all,
  search: (params: SearchParams) => [...proverbKeys.all, 'search', params] as const,
  history: (idOrSlug: string) => [...proverbKeys.all, 'history', idOrSlug] as const,
  today: (date: string) => [...proverbKeys.all, 'today', date] as const,
  trending: (date: string, limit: number) => [...proverbKeys.all, 'trending', date, limit] as const,
}

const DAY = 24 * 60 * 60_000

export const SEARCH_PAGE_SIZE = 20

/** The search a `/search_result` address asks for: the page reads it so, and so does the server's render of it. */
export function searchFor(params: URLSearchParams): SearchParams {
  return {
    q: (params.get('q') ?? '').slice(0, MAX_QUERY_LENGTH) || undefined,
    ethnic: params.get('ethnic') || undefined,
    category: params.get('category') || undefined,
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    size: SEARCH_PAGE_SIZE,
  }
}

export const searchQuery = (params: SearchParams) =>
  queryOptions({
    queryKey: proverbKeys.search(params),
    queryFn: ({ signal }) => fetchProverbs(params, signal),
    placeholderData: keepPreviousData,
  })

export const todayQuery = (date: string) =>
  queryOptions({ queryKey: proverbKeys.today(date), queryFn: ({ signal }) => fetchToday(date, signal), staleTime: DAY })

/** How many trending proverbs home shows: what the worker keeps for home too (./keeper.ts). */

export const trendingQuery = (date: string, limit = HOME_TRENDING_LIMIT) =>
  queryOptions({ queryKey: proverbKeys.trending(date, limit), queryFn: ({ signal }) => fetchTrending(date, limit, signal) })

/** A proverb's published changes: asked of the server only, and not retried (the page shows nothing without them). */
export const historyQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: proverbKeys.history(idOrSlug),
    queryFn: ({ signal }) => fetchHistory(idOrSlug, signal),
    staleTime: DAY,
    retry: false,
  })
