import { QUIZ_FIRST_QUESTION_INDEX } from '@/core/shared/constants'
import type { QuizQuestion } from '@/core/quiz/contract'
import { QUIZ_TEXTS } from '@/core/quiz/quiz'
import { DELIVERY_TEXTS } from '@/core/shared/delivery'
import type { BatchDelivery } from './outbox'

/**
 * The player's state (docs/requirements.md#r6-quizzes-and-leaderboard): the batch id is set, a loading flag clears when
 * the fetch of its questions ends, the question index starts at 1, chosen answers are kept per question index, and on
 * submit the index goes back to 1 and the answers are cleared. Besides, which choices are still being written on this
 * device, and which could not be.
 */
export type PlayerState = {
  batchId: number | null
  loading: boolean
  /** 1-based, like the spec's index. */
  questionIndex: number
  /** Option id chosen in this visit, by question index. */
  answers: Record<number, number>
  /** Option id being written on the device, by question index. */
  saving: Record<number, number>
  /** Why writing a choice on the device failed, by question index. */
  saveErrors: Record<number, string>
}

export type PlayerAction =
  | { type: 'open'; batchId: number }
  | { type: 'fetchEnded' }
  | { type: 'goTo'; index: number; total: number }
  | { type: 'next'; total: number }
  | { type: 'back' }
  | { type: 'choose'; index: number; optionId: number }
  | { type: 'saved'; index: number; optionId: number }
  | { type: 'saveFailed'; index: number; optionId: number; message: string }
  | { type: 'submitted' }

export function initialPlayerState(batchId: number | null = null): PlayerState {
  return { batchId, loading: batchId !== null, questionIndex: QUIZ_FIRST_QUESTION_INDEX, answers: {}, saving: {}, saveErrors: {} }
}

const clamp = (index: number, total: number) =>
  Math.min(Math.max(index, QUIZ_FIRST_QUESTION_INDEX), Math.max(total, QUIZ_FIRST_QUESTION_INDEX))

function without<T>(record: Record<number, T>, key: number): Record<number, T> {
  const rest = { ...record }
  delete rest[key]
  return rest
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'open':
      return initialPlayerState(action.batchId)
    case 'fetchEnded':
      return state.loading ? { ...state, loading: false } : state
    case 'goTo':
      return { ...state, questionIndex: clamp(action.index, action.total) }
    case 'next':
      return { ...state, questionIndex: clamp(state.questionIndex + 1, action.total) }
    case 'back':
      return { ...state, questionIndex: Math.max(QUIZ_FIRST_QUESTION_INDEX, state.questionIndex - 1) }
    case 'choose':
      return {
        ...state,
        answers: { ...state.answers, [action.index]: action.optionId },
        saving: { ...state.saving, [action.index]: action.optionId },
        saveErrors: without(state.saveErrors, action.index),
      }
    case 'saved':
      // A later choice of the same question may still be on its way: only its own write clears the flag.
      return state.saving[action.index] === action.optionId ? { ...state, saving: without(state.saving, action.index) } : state
    case 'saveFailed':
      if (state.saving[action.index] !== action.optionId) return state
      return { ...state, saving: without(state.saving, action.index), saveErrors: { ...state.saveErrors, [action.index]: action.message } }
    case 'submitted':
      return { ...state, questionIndex: QUIZ_FIRST_QUESTION_INDEX, answers: {}, saving: {}, saveErrors: {} }
  }
}

/**
 * The choice shown for each question index: this visit's, else the latest made on this device (it may not
 * have reached the server yet), else the one the server has.
 */
export function currentChoices(
  questions: QuizQuestion[],
  answers: PlayerState['answers'],
  delivery: BatchDelivery | undefined,
): Record<number, number> {
  const choices: Record<number, number> = {}
  questions.forEach((question, i) => {
    const index = i + QUIZ_FIRST_QUESTION_INDEX
    const chosen = answers[index] ?? delivery?.answers[question.ethnicfactQuestionId]?.answerOptionId ?? question.chosenOptionId
    if (chosen !== null && chosen !== undefined) choices[index] = chosen
  })
  return choices
}

export type AnswerStatus =
  | { kind: 'none' }
  | { kind: 'saving' }
  | { kind: 'save-failed'; message: string }
  | { kind: 'saved' }
  | { kind: 'delivered' }
  | { kind: 'failed'; message: string }

/** Where the choice of one question is: being written, on this device, with the server, or refused. */
export function answerStatus(
  state: PlayerState,
  index: number,
  question: QuizQuestion,
  chosen: number | undefined,
  delivery: BatchDelivery | undefined,
): AnswerStatus {
  if (chosen === undefined) return { kind: 'none' }
  if (state.saving[index] === chosen) return { kind: 'saving' }
  const saveError = state.saveErrors[index]
  if (saveError !== undefined) return { kind: 'save-failed', message: saveError }
  const onDevice = delivery?.answers[question.ethnicfactQuestionId]
  if (onDevice && onDevice.answerOptionId === chosen) {
    if (onDevice.delivery === 'failed') return { kind: 'failed', message: onDevice.error ?? '' }
    return { kind: onDevice.delivery }
  }
  if (question.chosenOptionId === chosen) return { kind: 'delivered' }
  // Written (saveAnswer resolved) though the delivery list has not caught up yet.
  return { kind: 'saved' }
}

export function answerStatusText(status: AnswerStatus): string {
  switch (status.kind) {
    case 'none':
      return ''
    case 'saving':
      return DELIVERY_TEXTS.saving
    case 'save-failed':
      return DELIVERY_TEXTS.couldNotSave(status.message)
    case 'saved':
      return QUIZ_TEXTS.answerKept
    case 'delivered':
      return QUIZ_TEXTS.answerSent
    case 'failed':
      return DELIVERY_TEXTS.failed(status.message)
  }
}
