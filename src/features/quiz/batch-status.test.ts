import { expect, test } from 'vitest'
import type { QuizBatchSummary } from '@/core/quiz/contract'
import type { BatchDelivery } from './outbox'
import { batchProgress } from './batch-status'
import { batchSummary } from './test-fixtures'

const batch = (changes: Partial<QuizBatchSummary> = {}) => batchSummary(9, changes)

const onDevice = (count: number, closeQueued = false): BatchDelivery => ({
  answers: Object.fromEntries(
    Array.from({ length: count }, (_, i) => [i + 1, { answerOptionId: 1, delivery: 'saved' as const, error: null }]),
  ),
  pending: count,
  failed: [],
  closeQueued,
  closeDelivered: false,
  synced: false,
})

test('a batch nobody has touched is not started', () => {
  expect(batchProgress(batch(), undefined)).toMatchObject({ state: 'not-started', answered: 0, action: 'Start', to: '/quiz/9' })
})

test('answers still on this device count as answered', () => {
  expect(batchProgress(batch({ answered: 2 }), onDevice(4))).toMatchObject({ state: 'in-progress', answered: 4, action: 'Continue' })
  expect(batchProgress(batch({ answered: 3 }), undefined)).toMatchObject({ state: 'in-progress', answered: 3 })
})

test('a submission waiting on this device, and a closed batch, lead to the result', () => {
  expect(batchProgress(batch(), onDevice(10, true))).toMatchObject({ state: 'submitted', action: 'See result', to: '/quiz/9/submit/' })
  expect(batchProgress(batch({ closedAt: '2026-11-17T10:00:00Z', answered: 10 }), undefined)).toMatchObject({
    state: 'finished',
    to: '/quiz/9/submit/',
  })
})
