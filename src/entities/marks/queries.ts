import { queryOptions, useQuery } from '@tanstack/react-query'
import { privateKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'

/**
 * The reader's hearts and likes as ids: the proverbs feature draws and toggles them, Learn adds the favourites
 * to the deck. Kept on the device (persisted), so both work offline with what was last loaded; the choices made
 * here and not yet sent are laid over what the server says (./device.ts, loaded on use; the app reads the marks
 * again when the queue sends or refuses one: src/main.tsx).
 */
export const marksQuery = (userId: number) =>
  queryOptions({
    queryKey: privateKeys.marks(userId),
    queryFn: async ({ signal }) => (await import('./device')).readMarks(userId, signal),
    meta: { persist: true },
  })

/** The signed-in user's hearts and likes; empty for visitors. */
export function useMarks() {
  const session = useSession()
  const marks = useQuery({ ...marksQuery(session?.user.id ?? 0), enabled: Boolean(session) })
  return { signedIn: Boolean(session), userId: session?.user.id, marks: marks.data, query: marks }
}
