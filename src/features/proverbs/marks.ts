import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { FIRST_PAGE_API } from '@/core/http/first-page-paths'
import type { EthnicGroup, Proverb } from '@/core/proverbs/contract'
import type { Paginated } from '@/core/http/contract'
import { apiGet, apiGetPage, withQuery } from '@/lib/api-client'
import { privateKey, privateKeys } from '@/lib/query-keys'

/** Private data sits under `privateKeys.user(userId)`, so it is keyed by user and dropped at sign-out. */
export const markKeys = {
  /** The marks themselves are shared (src/entities/marks): the toggles here change them. */
  marks: (userId: number) => privateKeys.marks(userId),
  favourites: (userId: number, page: number) => [...markKeys.allFavourites(userId), page] as const,
  allFavourites: (userId: number) => privateKeys.favourites(userId),
  readableGroups: (userId: number) => privateKey(userId, 'ethnic-logged'),
  /** Hearts or likes: toggles of one kind reach the server in the order tapped. */
  toggle: (kind: 'favourites' | 'likes') => [kind] as const,
}

export const readableGroupsQuery = (userId: number) =>
  queryOptions({
    queryKey: markKeys.readableGroups(userId),
    queryFn: ({ signal }) => apiGet<EthnicGroup[]>(FIRST_PAGE_API.ethnicGroupsLogged, { signal, auth: true }),
    meta: { persist: true },
  })

export const favouritesQuery = (userId: number, page: number, size: number) =>
  queryOptions({
    queryKey: markKeys.favourites(userId, page),
    queryFn: ({ signal }) => apiGetPage<Paginated<Proverb>>(withQuery(FIRST_PAGE_API.favourites, { page, size }), { signal, auth: true }),
    placeholderData: keepPreviousData,
  })
