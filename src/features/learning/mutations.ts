import { useMutation } from '@tanstack/react-query'
import { addToDeck } from '@/lib/learning'

/**
 * Puts proverbs in the deck, all at once (the reader's favourites). It is the device's log that changes (synced
 * later), so it works offline; the mutation is there for its pending, result and error states. Answers how many
 * were put in.
 */
export function useAddToDeck() {
  return useMutation({
    mutationFn: async (proverbIds: number[]) => {
      await addToDeck(proverbIds)
      return proverbIds.length
    },
  })
}
