import { API } from '@/core/api-paths'
import type { CategoryPage, EthnicGroup, Paginated, Proverb } from '@/core/contract'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'

export type SearchParams = { q?: string; ethnic?: string; category?: string; page?: number; size?: number }

export const fetchGroups = (signal?: AbortSignal) =>
  apiGet<EthnicGroup[]>(withQuery(API.ethnicGroupsPublic, { q: 'all' }), { signal })

export const fetchCategories = (signal?: AbortSignal) => apiGet<CategoryPage>(API.categoriesPublic, { signal })

export const fetchProverbs = (params: SearchParams, signal?: AbortSignal) =>
  apiGetPage<Paginated<Proverb>>(withQuery(API.proverbsPublic, params), { signal })

export const fetchProverb = (idOrSlug: string, signal?: AbortSignal) =>
  apiGet<Proverb>(API.proverbPublic(idOrSlug), { signal })

export const fetchToday = (date: string, signal?: AbortSignal) =>
  apiGet<Proverb[]>(withQuery(API.proverbsToday, { date }), { signal })

export const fetchTrending = (date: string, limit: number, signal?: AbortSignal) =>
  apiGet<Proverb[]>(withQuery(API.trendingPublic, { date, limit }), { signal })
