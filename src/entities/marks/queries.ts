import { queryOptions, useQuery } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { fetchMarks } from './api'

/**
 * The reader's hearts and likes as ids: the proverbs feature draws and toggles them, Learn adds the favourites
 * to the deck. Kept on the device (persisted), so both work offline with what was last loaded.
 */
export const marksQuery = (userId: number) =>
  queryOptions({ queryKey: privateKeys.marks(userId), queryFn: ({ signal }) => fetchMarks(signal), meta: { persist: true } })

/** The signed-in user's hearts and likes; empty for visitors. */
export function useMarks() {
  const session = useSession()
  const marks = useQuery({ ...marksQuery(session?.user.id ?? 0), enabled: Boolean(session) })
  return { signedIn: Boolean(session), userId: session?.user.id, marks: marks.data, query: marks }
}
