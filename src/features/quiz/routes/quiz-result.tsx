import '../quiz.css'
import { useQuery } from '@tanstack/react-query'
import { Link, Navigate, useParams } from 'react-router-dom'
import type { QuizResult, QuizReviewSource } from '@/core/quiz/contract'
import { sourceLabel } from '@/core/proverbs/sources'
import { passMarkText } from '@/core/quiz/quiz'
import { ApiError } from '@/lib/api-client'
import { EmptyState, ErrorState, errorMessage, Loading } from '@/components/query-state'
import { useRetryFailed } from '../mutations'
import { requestDrain, useBatchDelivery, type BatchDelivery } from '../outbox'
import { useSession } from '@/lib/session'
import { playerPath } from '../batch-status'
import { QuotedProverb } from '../components/question-form'
import { Outcome } from '../components/score'
import { quizResultQuery } from '../queries'

/** /quiz/:batchId/submit/ — waits until the device has sent everything, then shows the result. */
export default function QuizResultRoute() {
  const session = useSession()
  const batchId = Number(useParams().batchId)
  if (!session) return null
  if (!Number.isInteger(batchId) || batchId <= 0) return <Navigate to="/quiz" replace />
  return (
    <div className="quiz-result" key={`${session.user.id}:${batchId}`}>
      <ResultBody userId={session.user.id} batchId={batchId} />
      <p>
        <Link to="/quiz">Back to quizzes</Link>
      </p>
    </div>
  )
}

function ResultBody({ userId, batchId }: { userId: number; batchId: number }) {
  const delivery = useBatchDelivery(userId, batchId)
  // The result is asked for once nothing of this batch waits on the device: the server has it all.
  const waiting = delivery === undefined || delivery.pending > 0
  const result = useQuery({ ...quizResultQuery(userId, batchId), enabled: !waiting })

  if (!delivery) return <Loading label="Checking what this device has still to send" />
  const failed = delivery.failed.length > 0 && <FailedToSend userId={userId} delivery={delivery} />
  if (!delivery.synced && delivery.pending > 0) {
    return (
      <>
        <WaitingToSync delivery={delivery} />
        {failed}
      </>
    )
  }
  if (result.isPending) return <Loading label="Loading your result" />
  if (result.isError) {
    const open = result.error instanceof ApiError && result.error.status === 409
    return (
      <>
        <h1>Quiz result</h1>
        {failed}
        {open ? (
          <EmptyState title="This quiz is still open">
            <p>Submit your answers to see the result.</p>
            <Link className="button button--primary" to={playerPath(batchId)}>
              Continue the quiz
            </Link>
          </EmptyState>
        ) : (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} title="Could not load your result" />
        )}
      </>
    )
  }
  return (
    <>
      {failed}
      <ResultView result={result.data} />
    </>
  )
}

function WaitingToSync({ delivery }: { delivery: BatchDelivery }) {
  const waiting = Object.values(delivery.answers).filter((answer) => answer.delivery === 'saved').length
  return (
    <>
      <h1>Quiz result</h1>
      <div className="notice quiz-waiting" role="status">
        <p className="notice__title">Waiting to sync</p>
        <p>
          {waiting > 0 && `${waiting} ${waiting === 1 ? 'answer is' : 'answers are'} saved on this device and not sent yet. `}
          {delivery.closeQueued && !delivery.closeDelivered && 'Your submission is saved on this device. '}
          Everything will be sent when you are back online, and your result will show here.
        </p>
        <button type="button" className="button" onClick={() => requestDrain()}>
          Send now
        </button>
      </div>
    </>
  )
}

/** What the server refused for this batch, with its messages; sent again on request. */
function FailedToSend({ userId, delivery }: { userId: number; delivery: BatchDelivery }) {
  const retry = useRetryFailed(userId)
  return (
    <div className="notice notice--error quiz-waiting__failed">
      <p className="notice__title">Could not send</p>
      <ul>
        {delivery.failed.map((entry) => (
          <li key={entry.key}>{entry.error}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        disabled={retry.isPending}
        onClick={() => retry.mutate(delivery.failed.map((entry) => entry.key))}
      >
        Retry
      </button>
      {retry.isError && <p role="alert">{errorMessage(retry.error)}</p>}
    </div>
  )
}

function ResultView({ result }: { result: QuizResult }) {
  const passed = result.status === 'PASSED'
  return (
    <>
      <h1>{result.name}: result</h1>
      <div className={`quiz-verdict quiz-verdict--${passed ? 'passed' : 'failed'}`}>
        <p className="quiz-verdict__outcome">
          <Outcome status={result.status} />
        </p>
        <p className="quiz-verdict__mark">
          {passMarkText(result.passScore, result.total)} · you had {result.correct} right
        </p>
      </div>
      <dl className="summary quiz-summary">
        <dt>Correct</dt>
        <dd>{result.correct}</dd>
        <dt>Wrong</dt>
        <dd>{result.wrong}</dd>
        <dt>Unanswered</dt>
        <dd>{result.unanswered}</dd>
        <dt>Points</dt>
        <dd>{result.points}</dd>
      </dl>
      <section aria-labelledby="quiz-review-title">
        <h2 id="quiz-review-title">Review</h2>
        <ol className="quiz-review">
          {[...result.review]
            .sort((a, b) => a.position - b.position)
            .map((item) => (
              <ReviewItem key={item.ethnicfactQuestionId} item={item} />
            ))}
        </ol>
      </section>
    </>
  )
}

function ReviewItem({ item }: { item: QuizResult['review'][number] }) {
  const text = (id: number | null) => item.answerOptions.find((option) => option.id === id)?.text
  const mark = item.chosenOptionId === null ? 'unanswered' : item.chosenOptionId === item.correctOptionId ? 'correct' : 'wrong'
  const label = { correct: '✓ Correct', wrong: '✗ Wrong', unanswered: '– Not answered' }[mark]
  return (
    <li className={`quiz-review__item quiz-review__item--${mark}`}>
      <p className="quiz-review__question">
        <span className="tag">{label}</span> {item.question}
      </p>
      {item.proverb && <QuotedProverb text={item.proverb} lang={item.lang} />}
      <dl className="summary">
        <dt>Your answer</dt>
        <dd>{item.chosenOptionId === null ? 'No answer' : text(item.chosenOptionId)}</dd>
        <dt>Right answer</dt>
        <dd>{text(item.correctOptionId)}</dd>
      </dl>
      {(item.note || item.source) && (
        <div className="quiz-why">
          <p className="quiz-why__title">Why</p>
          {item.note && <p>{item.note}</p>}
          {item.source && <ProverbReason source={item.source} />}
          {(item.sources ?? []).length > 0 && (
            <p className="quiz-why__sources">
              Source:{' '}
              {(item.sources ?? []).map((source, i) => (
                <span key={`${source.title}-${i}`}>
                  {i > 0 && '; '}
                  {source.url ? (
                    <a href={source.url} target="_blank" rel="noopener noreferrer">
                      {sourceLabel(source)}
                    </a>
                  ) : (
                    <cite>{sourceLabel(source)}</cite>
                  )}
                </span>
              ))}
            </p>
          )}
        </div>
      )}
    </li>
  )
}

/** A question made from a proverb is answered by the proverb itself: whose it is, its words and meaning. */
function ProverbReason({ source }: { source: QuizReviewSource }) {
  return (
    <>
      <p>
        A {source.ethnic.name} proverb: <span lang={source.lang ?? undefined}>“{source.proverb}”</span>
      </p>
      <dl className="summary">
        <dt>In English</dt>
        <dd>{source.transliteration}</dd>
        <dt>Meaning</dt>
        <dd>{source.interpretation}</dd>
      </dl>
    </>
  )
}
