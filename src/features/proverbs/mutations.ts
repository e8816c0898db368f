import { useMutation, useQueryClient } from '@tanstack/react-query'
import { API } from '@/core/http/api-paths'
import type { LikeResult, ProverbMarks } from '@/core/proverbs/contract'
import { errorMessage } from '@/components/query-state'
import { notify } from '@/components/toasts'
import { apiSend } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { holdsProverb, withLikes } from './like-counts'
import { markKeys } from './marks'
import { proverbKeys } from './queries'

type Toggle = { proverbId: number; on: boolean }

/**
 * Hearts and likes change on screen at once, and so does the like count wherever the proverb is shown
 * (its page, lists, trending, favourites); if the server refuses, the change is rolled back and the
 * user told why.
 */
function useToggleMark(kind: 'favourites' | 'likes') {
  const client = useQueryClient()
  const session = useSession()
  const userId = session?.user.id ?? 0
  const key = markKeys.marks(userId)
  const holders = (proverbId: number) =>
    [proverbKeys.all, markKeys.allFavourites(userId)].map((queryKey) => ({
      queryKey,
      predicate: (query: { state: { data: unknown } }) => holdsProverb(query.state.data, proverbId),
    }))
  const setCount = (proverbId: number, count: (likes: number) => number) => {
    for (const filters of holders(proverbId)) client.setQueriesData(filters, (data: unknown) => withLikes(data, proverbId, count))
  }
  const othersPending = (proverbId: number) =>
    client.isMutating({
      mutationKey: markKeys.toggle(kind),
      predicate: (m) => (m.state.variables as Toggle | undefined)?.proverbId === proverbId,
    }) > 1
  const setMark = (proverbId: number, on: boolean) =>
    client.setQueryData<ProverbMarks>(key, (marks = { favourites: [], likes: [] }) => ({
      ...marks,
      [kind]: on ? [...new Set([...marks[kind], proverbId])] : marks[kind].filter((id) => id !== proverbId),
    }))
  return useMutation({
    // Toggles reach the server one after another, in the order tapped: a double tap cannot arrive reversed.
    mutationKey: markKeys.toggle(kind),
    scope: { id: kind },
    mutationFn: ({ proverbId, on }: Toggle) =>
      apiSend<Partial<LikeResult>>(
        on ? 'PUT' : 'DELETE',
        kind === 'favourites' ? API.favourite(proverbId) : API.like(proverbId),
        undefined,
        { auth: true },
      ),
    onMutate: async ({ proverbId, on }: Toggle) => {
      await client.cancelQueries({ queryKey: key })
      setMark(proverbId, on)
      if (kind !== 'likes') return
      await Promise.all(holders(proverbId).map((filters) => client.cancelQueries(filters)))
      setCount(proverbId, (likes) => likes + (on ? 1 : -1))
    },
    onSuccess: (result, { proverbId }) => {
      // The server's count (others like too) — unless another tap on this proverb is still on its way.
      if (kind === 'likes' && typeof result.likes === 'number' && !othersPending(proverbId)) setCount(proverbId, () => result.likes!)
    },
    onError: (error, { proverbId, on }) => {
      // Only this proverb goes back; hearts toggled meanwhile on others stay as they are.
      setMark(proverbId, !on)
      if (kind === 'likes') setCount(proverbId, (likes) => likes + (on ? -1 : 1))
      const what =
        kind === 'favourites'
          ? on
            ? 'add this to your favourites'
            : 'remove this from your favourites'
          : on
            ? 'like this proverb'
            : 'remove your like'
      void notify(`Could not ${what}. ${errorMessage(error)}`, { type: 'error' })
    },
    onSettled: () => {
      if (client.isMutating({ mutationKey: markKeys.toggle(kind) }) > 1) return
      void client.invalidateQueries({ queryKey: key })
      // Proverb lists are not fetched again for a like: its answer carries the new count, set above.
      if (kind === 'favourites') void client.invalidateQueries({ queryKey: markKeys.allFavourites(userId) })
    },
  })
}

export const useToggleFavourite = () => useToggleMark('favourites')
export const useToggleLike = () => useToggleMark('likes')
