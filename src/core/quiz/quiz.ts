import { DELIVERY_TEXTS } from '../shared/delivery'
import type { Medal, QuizOutcome } from './contract'

/** Points a correct answer earns on the leaderboard. */
export const POINTS_PER_CORRECT = 10
/** Quizzes a user may generate ("generate one") per week, so the leaderboard stays a weekly contest. */
export const INSTANT_QUIZZES_PER_WEEK = 5
/** Header carrying the client-generated id of an answer or a close: a replay is a no-op. */
export { IDEMPOTENCY_HEADER } from '../http/contract'

/** The words of a quiz's outcome and of where an answer is, as readers see them. */
export const QUIZ_TEXTS = {
  passed: 'Passed',
  notPassed: 'Not passed',
  answerSent: DELIVERY_TEXTS.sent,
  answerKept: DELIVERY_TEXTS.saved,
} as const

export const outcomeText = (status: QuizOutcome) => (status === 'PASSED' ? QUIZ_TEXTS.passed : QUIZ_TEXTS.notPassed)

/** "Pass mark: 6 of 10": the correct answers a batch needs to pass (outcomeOf). */
export const passMarkText = (passScore: number, total: number) => `Pass mark: ${passScore} of ${total}`

const DAY_MS = 86_400_000

/** Monday (YYYY-MM-DD) of the Monday-to-Sunday week holding a calendar date, in UTC. */
export function weekStartOf(date: string | Date): string {
  const day =
    typeof date === 'string'
      ? new Date(`${date}T00:00:00Z`)
      : new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  const sinceMonday = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10)
}

/** PASSED when the correct answers reach the batch's pass mark. */
export const outcomeOf = (correct: number, passScore: number): QuizOutcome => (correct >= passScore ? 'PASSED' : 'FAILED')

/** The medal of a leaderboard position: gold, silver and bronze for the top three. */
export function medalFor(position: number): Medal | null {
  return position === 1 ? 'gold' : position === 2 ? 'silver' : position === 3 ? 'bronze' : null
}
