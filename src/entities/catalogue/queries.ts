import { queryOptions, useQuery } from '@tanstack/react-query'
import { catalogueKeys } from '@/lib/query-keys'
import { fetchCategories, fetchGroups, fetchProverb } from './api'

// The public catalogue the features share: the ethnic groups (the proverbs' pages, sign-up, the suggestion
// form, the console), the categories, and one proverb (its page, the correction form).

const DAY = 24 * 60 * 60_000

export const groupsQuery = () =>
  queryOptions({ queryKey: catalogueKeys.groups(), queryFn: ({ signal }) => fetchGroups(signal), staleTime: DAY })

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => fetchCategories(signal),
    select: (page) => page.content,
    staleTime: DAY,
  })

export const proverbQuery = (idOrSlug: string) =>
  queryOptions({ queryKey: catalogueKeys.proverb(idOrSlug), queryFn: ({ signal }) => fetchProverb(idOrSlug, signal), staleTime: DAY })

export const useGroups = () => useQuery(groupsQuery())

export const useCategories = () => useQuery(categoriesQuery())

export const useProverb = (idOrSlug: string) => useQuery(proverbQuery(idOrSlug))
