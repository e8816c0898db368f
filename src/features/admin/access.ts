import { queryOptions, useQuery } from '@tanstack/react-query'
import { API } from '@/core/api-paths'
import { ApiError, apiGetPage, withQuery } from '@/lib/api-client'
import { privateKey } from '@/lib/query-keys'

export const adminAccessKeys = {
  isOperator: (userId: number) => privateKey(userId, 'is-admin'),
}

/**
 * Whether the signed-in user is an operator: the app asks the smallest admin list and reads the answer
 * (403: not an operator). Kept for the session under `privateKeys.user(userId)`, so it goes at sign-out. Tiny on
 * purpose: the account menu imports it on every page.
 */
export const adminAccessQuery = (userId: number) =>
  queryOptions({
    queryKey: adminAccessKeys.isOperator(userId),
    queryFn: ({ signal }) =>
      apiGetPage(withQuery(API.admin.audit, { page: 1, size: 1 }), { auth: true, signal }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 403) return false
          throw error
        },
      ),
    staleTime: Infinity,
  })

/** The account menu's question, asked only once the menu is open (`enabled`); true only for an operator. */
export function useIsOperator(userId: number, enabled: boolean): boolean {
  return useQuery({ ...adminAccessQuery(userId), enabled }).data === true
}
