import type { QuizBatchSummary } from '@/core/quiz/contract'
import type { BatchDelivery } from './outbox'

export type BatchProgress = {
  state: 'not-started' | 'in-progress' | 'submitted' | 'finished'
  /** Questions answered, counting choices still on this device. */
  answered: number
  label: string
  action: 'Start' | 'Continue' | 'See result'
  to: string
}

export const playerPath = (batchId: number) => `/quiz/${batchId}`
export const resultPath = (batchId: number) => `/quiz/${batchId}/submit/`

/** A batch as the list shows it: what the server says, plus what this device has not sent yet. */
export function batchProgress(batch: QuizBatchSummary, delivery: BatchDelivery | undefined): BatchProgress {
  const onDevice = delivery ? Object.keys(delivery.answers).length : 0
  const answered = Math.min(batch.size, Math.max(batch.answered, onDevice))
  if (batch.closedAt) return { state: 'finished', answered, label: 'Finished', action: 'See result', to: resultPath(batch.batchId) }
  if (delivery?.closeQueued)
    return { state: 'submitted', answered, label: 'Submitted, waiting to sync', action: 'See result', to: resultPath(batch.batchId) }
  if (answered > 0) return { state: 'in-progress', answered, label: 'In progress', action: 'Continue', to: playerPath(batch.batchId) }
  return { state: 'not-started', answered, label: 'Not started', action: 'Start', to: playerPath(batch.batchId) }
}
