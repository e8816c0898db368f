import { API } from '@/core/http/api-paths'
import type { CategoryPage, EthnicGroup, Proverb } from '@/core/proverbs/contract'
import { apiGet, withQuery } from '@/lib/api-client'

export const fetchGroups = (signal?: AbortSignal) => apiGet<EthnicGroup[]>(withQuery(API.ethnicGroupsPublic, { q: 'all' }), { signal })

export const fetchCategories = (signal?: AbortSignal) => apiGet<CategoryPage>(API.categoriesPublic, { signal })

export const fetchProverb = (idOrSlug: string, signal?: AbortSignal) => apiGet<Proverb>(API.proverbPublic(idOrSlug), { signal })
