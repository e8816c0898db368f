import { queryOptions, useQuery } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { fetchIsOperator } from './api'

/**
 * Whether the signed-in user is an operator. Kept for the session under `privateKeys.user(userId)`, so it
 * goes at sign-out. Tiny on purpose: the account menu imports it on every page.
 */
export const adminAccessQuery = (userId: number) =>
  queryOptions({ queryKey: privateKeys.isOperator(userId), queryFn: ({ signal }) => fetchIsOperator(signal), staleTime: Infinity })

/** The account menu's question, asked only once the menu is open (`enabled`); true only for an operator. */
export function useIsOperator(userId: number, enabled: boolean): boolean {
  return useQuery({ ...adminAccessQuery(userId), enabled }).data === true
}

/** The operator's id: the console sits behind the session guard, so there is one. */
export function useOperatorId(): number {
  return useSession()?.user.id ?? 0
}
