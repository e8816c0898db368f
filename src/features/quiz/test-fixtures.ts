import type { QuizBatchSummary } from '@/core/contract'

/** A batch as the week's list gives it: "Quiz {id}", weekly, not started, unless changed. */
export const batchSummary = (batchId: number, changes: Partial<QuizBatchSummary> = {}): QuizBatchSummary => ({
  batchId,
  name: `Quiz ${batchId}`,
  questionPropertId: 1,
  source: 'WEEKLY',
  weekStart: '2026-11-16',
  createdAt: '2026-11-16T08:00:00Z',
  size: 10,
  answered: 0,
  attempts: 0,
  closedAt: null,
  result: null,
  ...changes,
})
