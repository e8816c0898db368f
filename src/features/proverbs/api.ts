import { FIRST_PAGE_API } from '@/core/http/first-page-paths'
import type { Paginated } from '@/core/http/contract'
import type { Proverb, ProverbChange } from '@/core/proverbs/contract'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'
import type { DeviceCoverage } from '@/offline/messages'

export type SearchParams = { q?: string; ethnic?: string; category?: string; page?: number; size?: number }

/** A page of proverbs; one answered from this device offline says what the device holds (`device`). */
export type ProverbPage = Paginated<Proverb> & { device?: DeviceCoverage }

export const fetchProverbs = (params: SearchParams, signal?: AbortSignal) =>
  apiGetPage<ProverbPage>(withQuery(FIRST_PAGE_API.proverbsPublic, params), { signal })

export const fetchToday = (date: string, signal?: AbortSignal) =>
  apiGet<Proverb[]>(withQuery(FIRST_PAGE_API.proverbsToday, { date }), { signal })

export const fetchTrending = (date: string, limit: number, signal?: AbortSignal) =>
  apiGet<Proverb[]>(withQuery(FIRST_PAGE_API.trendingPublic, { date, limit }), { signal })

export const fetchHistory = (idOrSlug: string, signal?: AbortSignal) =>
  apiGet<ProverbChange[]>(FIRST_PAGE_API.proverbHistory(idOrSlug), { signal })
