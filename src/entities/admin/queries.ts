import { queryOptions, useQuery } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { fetchIsAdmin } from './api'

/**
 * Whether the signed-in user is an admin. Kept for the session under `privateKeys.user(userId)`, so it
 * goes at sign-out. Tiny on purpose: the account menu imports it on every page.
 */
export const adminAccessQuery = (userId: number) =>
  queryOptions({ queryKey: privateKeys.isAdmin(userId), queryFn: ({ signal }) => fetchIsAdmin(signal), staleTime: Infinity })

/** The account menu's question, asked only once the menu is open (`enabled`); true only for an admin. */
export function useIsAdmin(userId: number, enabled: boolean): boolean {
  return useQuery({ ...adminAccessQuery(userId), enabled }).data === true
}

/** The admin's id: the console sits behind the session guard, so there is one. */
export function useAdminId(): number {
  return useSession()?.user.id ?? 0
}
