import type { QuizOutcome } from '@/core/quiz/contract'
import { outcomeText } from '@/core/quiz/quiz'

/** Passed or failed in words and a sign, never by colour alone. */
export function Outcome({ status }: { status: QuizOutcome }) {
  const passed = status === 'PASSED'
  return (
    <span className={`outcome outcome--${passed ? 'passed' : 'failed'}`} data-status={status}>
      <span aria-hidden="true">{passed ? '✓' : '✗'}</span> {outcomeText(status)}
    </span>
  )
}

export function Score({ result, size }: { result: { correct: number; points: number; status: QuizOutcome }; size: number }) {
  return (
    <span className="quiz-score">
      {result.correct} of {size} correct · {result.points} points · <Outcome status={result.status} />
    </span>
  )
}
