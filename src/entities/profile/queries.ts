import { queryOptions, useQuery } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { fetchFullProfile } from './api'

/** The full profile ('me'): the account's forms refresh it when they save, the contact form fills in from it. */
export const fullProfileQuery = (userId: number) =>
  queryOptions({ queryKey: privateKeys.fullProfile(userId), queryFn: ({ signal }) => fetchFullProfile(signal) })

/** The signed-in reader's full profile; for a visitor the query waits (disabled). */
export function useProfile() {
  const session = useSession()
  return useQuery({ ...fullProfileQuery(session?.user.id ?? 0), enabled: Boolean(session) })
}
