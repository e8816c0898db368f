import { API } from '@/core/http/api-paths'
import type { Paginated } from '@/core/http/contract'
import type { QuestionProperty, QuizBatchSummary, QuizData, QuizResult } from '@/core/quiz/contract'
import { apiGet, apiGetPage, apiSend, withQuery } from '@/lib/api-client'

const auth = { auth: true } as const

export const fetchWeekBatches = (currentDate: string, signal?: AbortSignal) =>
  apiGet<QuizBatchSummary[]>(withQuery(API.quizWeek, { currentDate }), { ...auth, signal })

export const fetchGeneratedBatches = (currentDate: string, signal?: AbortSignal) =>
  apiGet<QuizBatchSummary[]>(withQuery(API.quizWeekGenerated, { currentDate }), { ...auth, signal })

export const fetchRecentBatches = (signal?: AbortSignal) => apiGet<QuizBatchSummary[]>(API.quizRecent, { ...auth, signal })

export const fetchQuestionProperties = (page: number, size: number, signal?: AbortSignal) =>
  apiGetPage<Paginated<QuestionProperty>>(withQuery(API.questionProperties, { page, size }), { ...auth, signal })

/** A list whose first item is the quiz data (docs/requirements.md#r6-quizzes-and-leaderboard). */
export async function fetchQuiz(batchId: number, signal?: AbortSignal): Promise<QuizData> {
  const [quiz] = await apiGet<QuizData[]>(API.quiz(batchId), { ...auth, signal })
  if (!quiz) throw new Error(`Quiz ${batchId} came back empty.`)
  return quiz
}

/** 409 while the attempt is still open. */
export const fetchQuizResult = (batchId: number, signal?: AbortSignal) => apiGet<QuizResult>(API.quizResult(batchId), { ...auth, signal })

/**
 * "Generate one": an instant quiz of the chosen kind (the literal USER segment,
 * docs/requirements.md#r6-quizzes-and-leaderboard). 429 past the weekly limit.
 */
export const generateQuiz = (userId: number, questionPropertId: number) =>
  apiSend<QuizBatchSummary>('POST', API.quizGenerate(userId, questionPropertId), undefined, auth)
