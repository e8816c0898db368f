import { Link } from 'react-router-dom'
import type { QuizBatchSummary } from '@/core/quiz/contract'
import { formatLongDate } from '@/core/shared/format'
import { useBatchDelivery } from '../outbox'
import { batchProgress } from '../batch-status'
import { Score } from './score'

/** Batches of the week: name, size, how many answered, where it stands, and the way in. */
export function BatchList({ userId, batches }: { userId: number; batches: QuizBatchSummary[] }) {
  return (
    <ul className="quiz-list">
      {batches.map((batch) => (
        <BatchCard key={batch.batchId} userId={userId} batch={batch} />
      ))}
    </ul>
  )
}

function BatchCard({ userId, batch }: { userId: number; batch: QuizBatchSummary }) {
  const progress = batchProgress(batch, useBatchDelivery(userId, batch.batchId))
  return (
    <li className="quiz-card" data-state={progress.state}>
      <h3 className="quiz-card__name">{batch.name}</h3>
      <p className="quiz-card__meta">
        {batch.size} {batch.size === 1 ? 'question' : 'questions'} · {progress.answered} answered
      </p>
      <p className="quiz-card__status">
        <span className={`tag quiz-status quiz-status--${progress.state}`}>{progress.label}</span>
        {batch.result && <Score result={batch.result} size={batch.size} />}
      </p>
      <Link
        className={`button${progress.state === 'finished' ? '' : ' button--primary'}`}
        to={progress.to}
        aria-label={`${progress.action}: ${batch.name}`}
      >
        {progress.action}
      </Link>
    </li>
  )
}

/** Finished quizzes, newest first, each with its score and a link to its result. */
export function RecentList({ batches }: { batches: QuizBatchSummary[] }) {
  return (
    <ul className="quiz-list">
      {batches.map((batch) => (
        <li key={batch.batchId} className="quiz-card" data-state="finished">
          <h3 className="quiz-card__name">{batch.name}</h3>
          <p className="quiz-card__meta">
            {batch.source === 'USER' ? 'Your quiz' : 'Weekly quiz'}
            {batch.closedAt && <> · finished {formatLongDate(batch.closedAt)}</>}
          </p>
          {batch.result && (
            <p className="quiz-card__status">
              <Score result={batch.result} size={batch.size} />
            </p>
          )}
          <Link className="button" to={`/quiz/${batch.batchId}/submit/`} aria-label={`See result: ${batch.name}`}>
            See result
          </Link>
        </li>
      ))}
    </ul>
  )
}
