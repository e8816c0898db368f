import { useMutation, useQueryClient } from '@tanstack/react-query'
import { generateQuiz } from './api'
import { discardFailed, retryFailed, submitAttempt } from './outbox'
import { quizKeys } from './queries'

/** "Generate a quiz": the new batch joins this week's list; the server refuses past the weekly limit (429). */
export function useGenerateQuiz(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (questionPropertId: number) => generateQuiz(userId, questionPropertId),
    onSuccess: () => client.invalidateQueries({ queryKey: quizKeys.lists(userId) }),
  })
}

/**
 * Submits an attempt: once the answers being written (`writes`) are stored, the close is queued after them
 * in the outbox; then the quiz lists are asked again and `onSubmitted` runs.
 */
export function useSubmitAttempt(userId: number, batchId: number, onSubmitted: () => void) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (writes: Iterable<Promise<unknown>>) => {
      await Promise.allSettled([...writes])
      await submitAttempt({ userId, batchId })
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: quizKeys.lists(userId) })
      onSubmitted()
    },
  })
}

/** Puts entries the server refused (by key) back in the outbox and asks for a send. */
export function useRetryFailed(userId: number) {
  return useMutation({ mutationFn: (keys: string[]) => retryFailed(userId, keys) })
}

/** Lets an entry the server refused go. */
export function useDiscardFailed(userId: number) {
  return useMutation({ mutationFn: (key: string) => discardFailed(userId, key) })
}
