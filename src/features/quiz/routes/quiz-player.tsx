import '../quiz.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom'
import { QUIZ_FIRST_QUESTION_INDEX } from '@/core/shared/constants'
import type { QuizData } from '@/core/quiz/contract'
import { QUIZ_FETCH_ERROR } from '@/core/shared/texts'
import { EmptyState, errorMessage, Loading } from '@/components/query-state'
import { notify } from '@/components/toasts'
import { useSubmitAttempt } from '../mutations'
import { saveAnswer, useBatchDelivery, type BatchDelivery } from '../outbox'
import { recordQuizFinished } from '@/lib/learning'
import { track } from '@/lib/track'
import { useSession } from '@/lib/session'
import { resultPath } from '../batch-status'
import { QuestionForm, QuestionNumbers } from '../components/question-form'
import {
  answerStatus,
  answerStatusText,
  currentChoices,
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
} from '../player-state'
import { quizQuery } from '../queries'

/** /quiz/:batchId — one question at a time; every choice is kept on the device first, then sent. */
export default function QuizPlayerRoute() {
  const session = useSession()
  const batchId = Number(useParams().batchId)
  if (!session) return null
  if (!Number.isInteger(batchId) || batchId <= 0) return <Navigate to="/quiz" replace />
  // A new batch (or user) is a new player: the batch id is set and it starts over
  // (docs/requirements.md#r6-quizzes-and-leaderboard).
  return <QuizPlayer key={`${session.user.id}:${batchId}`} userId={session.user.id} batchId={batchId} />
}

function QuizPlayer({ userId, batchId }: { userId: number; batchId: number }) {
  const [state, dispatch] = useReducer(playerReducer, batchId, initialPlayerState)
  const quiz = useQuery(quizQuery(userId, batchId))
  const delivery = useBatchDelivery(userId, batchId)
  const navigate = useNavigate()

  // The loading flag clears when the fetch ends, however it ended (docs/requirements.md#r6-quizzes-and-leaderboard).
  const settled = quiz.status !== 'pending'
  useEffect(() => {
    if (settled) dispatch({ type: 'fetchEnded' })
  }, [settled])

  // docs/requirements.md#r6-quizzes-and-leaderboard: questions that cannot be had (no network, nothing stored) → the
  // toast, and back to /quiz.
  const unavailable = quiz.isError && quiz.data === undefined
  useEffect(() => {
    if (!unavailable) return
    void notify(QUIZ_FETCH_ERROR, { type: 'error', toastId: 'quiz-fetch-error' })
    navigate('/quiz', { replace: true })
  }, [unavailable, navigate])

  if (unavailable) return null
  if (state.loading || !quiz.data) return <Loading label="Loading the questions" />
  if (quiz.data.closedAt || delivery?.closeQueued) return <Navigate to={resultPath(batchId)} replace />
  return <Player userId={userId} quiz={quiz.data} delivery={delivery} state={state} dispatch={dispatch} />
}

type PlayerProps = {
  userId: number
  quiz: QuizData
  delivery: BatchDelivery | undefined
  state: PlayerState
  dispatch: Dispatch<PlayerAction>
}

function Player({ userId, quiz, delivery, state, dispatch }: PlayerProps) {
  const { batchId } = quiz
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  // Writes still under way: the close must be queued after them, or it would overtake them.
  const writes = useRef(new Set<Promise<unknown>>())

  const questions = useMemo(() => [...quiz.questions].sort((a, b) => a.position - b.position), [quiz.questions])
  const total = questions.length
  const choices = currentChoices(questions, state.answers, delivery)
  const unanswered = total - Object.keys(choices).length
  const index = state.questionIndex
  const question = questions[index - QUIZ_FIRST_QUESTION_INDEX]

  const submit = useSubmitAttempt(userId, batchId, () => {
    track('quiz_finish')
    recordQuizFinished(batchId)
    // docs/requirements.md#r6-quizzes-and-leaderboard: on submit the index resets to 1, the answers are cleared, and
    // on to the result.
    dispatch({ type: 'submitted' })
    navigate(resultPath(batchId))
  })

  if (!question) return <EmptyState title="This quiz has no questions" />

  const choose = (optionId: number) => {
    // A quiz is started by its first answer (opening one and leaving is not taking it).
    if (unanswered === total) track('quiz_start')
    dispatch({ type: 'choose', index, optionId })
    const write = saveAnswer({ userId, batchId, questionId: question.ethnicfactQuestionId, answerOptionId: optionId }).then(
      () => dispatch({ type: 'saved', index, optionId }),
      (error: unknown) => dispatch({ type: 'saveFailed', index, optionId, message: errorMessage(error) }),
    )
    writes.current.add(write)
    void write.finally(() => writes.current.delete(write))
  }

  const status = answerStatus(state, index, question, choices[index], delivery)
  const askSubmit = () => (unanswered > 0 ? setConfirming(true) : submit.mutate(writes.current))

  return (
    <article className="quiz-player" aria-labelledby="quiz-title">
      <h1 id="quiz-title">{quiz.name}</h1>
      <div className="progress quiz-progress">
        <span id="quiz-progress-label">
          Question {index} of {total}
        </span>
        <progress aria-labelledby="quiz-progress-label" max={total} value={index} />
      </div>

      <QuestionForm
        key={question.ethnicfactQuestionId}
        question={question}
        chosen={choices[index]}
        pending={status.kind === 'saving'}
        onChoose={choose}
      />
      <p
        id={`question-${question.ethnicfactQuestionId}-status`}
        className={`quiz-answer-status quiz-answer-status--${status.kind}`}
        aria-live="polite"
      >
        {answerStatusText(status)}
      </p>

      <div className="quiz-player__nav">
        <button type="button" className="button" disabled={index <= QUIZ_FIRST_QUESTION_INDEX} onClick={() => dispatch({ type: 'back' })}>
          <span aria-hidden="true">←</span> Back
        </button>
        <button type="button" className="button" disabled={index >= total} onClick={() => dispatch({ type: 'next', total })}>
          Next <span aria-hidden="true">→</span>
        </button>
      </div>

      <QuestionNumbers
        total={total}
        current={index}
        answered={(i) => choices[i] !== undefined}
        onPick={(i) => dispatch({ type: 'goTo', index: i, total })}
      />

      <div className="quiz-player__submit">
        {confirming && !submit.isPending ? (
          <div className="notice" role="alert">
            <p className="notice__title">
              {unanswered} {unanswered === 1 ? 'question has' : 'questions have'} no answer yet. Submit anyway?
            </p>
            <div className="form__actions">
              <button type="button" className="button button--primary" onClick={() => submit.mutate(writes.current)}>
                Submit anyway
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep answering
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="button button--primary" disabled={submit.isPending} onClick={askSubmit}>
            {submit.isPending ? 'Submitting…' : 'Submit answers'}
          </button>
        )}
        {submit.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(submit.error)}
          </p>
        )}
      </div>
      <p>
        <Link to="/quiz">Back to quizzes</Link> <span className="subtle">(your answers stay on this device)</span>
      </p>
    </article>
  )
}
