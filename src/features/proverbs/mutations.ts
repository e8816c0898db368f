import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ProverbMarks } from '@/core/proverbs/contract'
import { notify } from '@/components/toasts'
import { useSession } from '@/lib/session'
import { holdsProverb, withLikes } from './like-counts'
import { markKeys } from './marks'
import { proverbKeys } from './queries'

type Toggle = { proverbId: number; on: boolean }

/**
 * Hearts and likes change on screen at once, and so does the like count wherever the proverb is shown (its page,
 * lists, trending, favourites). The choice is kept on the device first and sent from there, online or not, exactly
 * once (src/entities/marks/device.ts); offline the reader is told it will be sent. Only a failure to keep it here rolls
 * the screen back; what the server refuses later is told by the queue's notice, and the marks are read again then.
 */
function useToggleMark(kind: 'favourites' | 'likes') {
  const client = useQueryClient()
  const session = useSession()
  const userId = session?.user.id ?? 0
  const key = markKeys.marks(userId)
  const setCount = (proverbId: number, count: (likes: number) => number) => {
    for (const queryKey of [proverbKeys.all, markKeys.allFavourites(userId)])
      client.setQueriesData({ queryKey, predicate: (query) => holdsProverb(query.state.data, proverbId) }, (data: unknown) =>
        withLikes(data, proverbId, count),
      )
  }
  const setMark = (proverbId: number, on: boolean) =>
    client.setQueryData<ProverbMarks>(key, (marks = { favourites: [], likes: [] }) => ({
      ...marks,
      [kind]: on ? [...new Set([...marks[kind], proverbId])] : marks[kind].filter((id) => id !== proverbId),
    }))
  return useMutation({
    // Kept in the order tapped: a double tap cannot reach the device (nor the server) reversed.
    mutationKey: markKeys.toggle(kind),
    scope: { id: kind },
    networkMode: 'always',
    mutationFn: async ({ proverbId, on }: Toggle) => (await import('@/entities/marks/device')).keepMark(userId, { kind, proverbId, on }),
    onMutate: async ({ proverbId, on }: Toggle) => {
      await client.cancelQueries({ queryKey: key })
      setMark(proverbId, on)
      if (kind === 'likes') {
        // A read of the proverb still on its way would put the count back as it was before the tap.
        await Promise.all(
          [proverbKeys.all, markKeys.allFavourites(userId)].map((queryKey) =>
            client.cancelQueries({ queryKey, predicate: (query) => holdsProverb(query.state.data, proverbId) }),
          ),
        )
        setCount(proverbId, (likes) => likes + (on ? 1 : -1))
      }
    },
    onError: (error, { proverbId, on }) => {
      // Only this proverb goes back; hearts toggled meanwhile on others stay as they are.
      setMark(proverbId, !on)
      if (kind === 'likes') setCount(proverbId, (likes) => likes + (on ? -1 : 1))
      void notify((error as Error).message, { type: 'error' })
    },
  })
}

export const useToggleFavourite = () => useToggleMark('favourites')
export const useToggleLike = () => useToggleMark('likes')
