import { useMutation, useQueryClient } from '@tanstack/react-query'
import { generateQuiz } from './api'
import { quizKeys } from './queries'

/** "Generate a quiz": the new batch joins this week's list; the server refuses past the weekly limit (429). */
export function useGenerateQuiz(userId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (questionPropertId: number) => generateQuiz(userId, questionPropertId),
    onSuccess: () => client.invalidateQueries({ queryKey: quizKeys.lists(userId) }),
  })
}
