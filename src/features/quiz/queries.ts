import { queryOptions } from '@tanstack/react-query'
import type { QuizBatchSummary } from '@/core/quiz/contract'
import { shouldRetry } from '@/lib/query-client'
import { privateKey } from '@/lib/query-keys'
import { fetchGeneratedBatches, fetchQuestionProperties, fetchQuiz, fetchQuizResult, fetchRecentBatches, fetchWeekBatches } from './api'

/** The viewer's calendar day: the week turns over at their midnight (the server is asked with it). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Quizzes are private: under `privateKeys.user(userId)`, dropped at sign-out. The lists share a prefix to be refreshed together. */
export const quizKeys = {
  all: (userId: number) => privateKey(userId, 'quiz'),
  lists: (userId: number) => [...quizKeys.all(userId), 'lists'] as const,
  week: (userId: number, date: string) => [...quizKeys.lists(userId), 'week', date] as const,
  generated: (userId: number, date: string) => [...quizKeys.lists(userId), 'generated', date] as const,
  recent: (userId: number) => [...quizKeys.lists(userId), 'recent'] as const,
  properties: (userId: number, page: number, size: number) => [...quizKeys.all(userId), 'properties', page, size] as const,
  batch: (userId: number, batchId: number) => [...quizKeys.all(userId), 'batch', batchId] as const,
  result: (userId: number, batchId: number) => [...quizKeys.all(userId), 'result', batchId] as const,
  /** What the device's outbox holds (src/offline/outbox.ts): read again whenever it changes, never from the network. */
  delivery: (userId: number, batchId: number) => [...quizKeys.all(userId), 'device', 'delivery', batchId] as const,
  failed: (userId: number) => [...quizKeys.all(userId), 'device', 'failed'] as const,
}

/**
 * The questions of one batch. The worker keeps what this returns for offline play, so a failure means nothing is stored
 * and there is no network: docs/requirements.md#r6-quizzes-and-leaderboard then sends the user back to /quiz, after one
 * more try at most.
 */
export const quizQuery = (userId: number, batchId: number) =>
  queryOptions({
    queryKey: quizKeys.batch(userId, batchId),
    queryFn: ({ signal }) => fetchQuiz(batchId, signal),
    retry: (failures, error) => failures < 1 && shouldRetry(failures, error),
  })

type Lister = (currentDate: string, signal?: AbortSignal) => Promise<QuizBatchSummary[]>

/**
 * A list of this week's batches. Once it arrives, the questions of every batch still open are fetched
 * too, so the worker has them stored when the user plays offline.
 */
const weekListQuery = (key: readonly unknown[], list: Lister, userId: number, date: string) =>
  queryOptions({
    queryKey: key,
    queryFn: async ({ signal, client }) => {
      const batches = await list(date, signal)
      for (const batch of batches) if (!batch.closedAt) void client.prefetchQuery(quizQuery(userId, batch.batchId))
      return batches
    },
    // Shown at once from the device, always asked again: answers and closes from the outbox change them.
    staleTime: 0,
    meta: { persist: true },
  })

export const weekBatchesQuery = (userId: number, date: string) => weekListQuery(quizKeys.week(userId, date), fetchWeekBatches, userId, date)

export const generatedBatchesQuery = (userId: number, date: string) =>
  weekListQuery(quizKeys.generated(userId, date), fetchGeneratedBatches, userId, date)

export const recentBatchesQuery = (userId: number) =>
  queryOptions({
    queryKey: quizKeys.recent(userId),
    queryFn: ({ signal }) => fetchRecentBatches(signal),
    staleTime: 0,
    meta: { persist: true },
  })

export const questionPropertiesQuery = (userId: number, page = 1, size = 20) =>
  queryOptions({
    queryKey: quizKeys.properties(userId, page, size),
    queryFn: ({ signal }) => fetchQuestionProperties(page, size, signal),
    staleTime: 60 * 60_000,
  })

/** A closed attempt's result never changes. Its arrival also means the lists on /quiz are out of date. */
export const quizResultQuery = (userId: number, batchId: number) =>
  queryOptions({
    queryKey: quizKeys.result(userId, batchId),
    queryFn: async ({ signal, client }) => {
      const result = await fetchQuizResult(batchId, signal)
      void client.invalidateQueries({ queryKey: quizKeys.lists(userId) })
      return result
    },
    staleTime: Infinity,
  })
