import { FIRST_PAGE_API } from '@/core/http/first-page-paths'
import type { CategoryPage, EthnicGroup, Proverb } from '@/core/proverbs/contract'
import { apiGet, withQuery } from '@/lib/api-client'

export const fetchGroups = (signal?: AbortSignal) =>
  apiGet<EthnicGroup[]>(withQuery(FIRST_PAGE_API.ethnicGroupsPublic, { q: 'all' }), { signal })

export const fetchCategories = (signal?: AbortSignal) => apiGet<CategoryPage>(FIRST_PAGE_API.categoriesPublic, { signal })

export const fetchProverb = (idOrSlug: string, signal?: AbortSignal) => apiGet<Proverb>(FIRST_PAGE_API.proverbPublic(idOrSlug), { signal })
