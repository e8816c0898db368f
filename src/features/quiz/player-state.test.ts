import { expect, test } from 'vitest'
import { QUIZ_FIRST_QUESTION_INDEX } from '@/core/shared/constants'
import type { QuizQuestion } from '@/core/quiz/contract'
import type { BatchDelivery } from './outbox'
import {
  answerStatus,
  answerStatusText,
  currentChoices,
  initialPlayerState,
  playerReducer,
  type PlayerAction,
  type PlayerState,
} from './player-state'

const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state)

const question = (id: number, chosenOptionId: number | null = null): QuizQuestion => ({
  ethnicfactQuestionId: id,
  position: id,
  kind: 'meaning',
  question: `Question ${id}?`,
  proverb: null,
  ethnic: null,
  lang: null,
  answerOptions: [1, 2, 3].map((n) => ({ id: id * 10 + n, text: `Option ${n}` })),
  chosenOptionId,
})

const delivery = (answers: BatchDelivery['answers']): BatchDelivery => ({
  answers,
  pending: 0,
  failed: [],
  closeQueued: false,
  closeDelivered: false,
  synced: true,
})

test('opening a batch sets its id, marks it loading, starts at question 1 with no answers', () => {
  const state = run(initialPlayerState(), { type: 'open', batchId: 42 })
  expect(state).toMatchObject({ batchId: 42, loading: true, questionIndex: 1, answers: {} })
  expect(QUIZ_FIRST_QUESTION_INDEX).toBe(1)
  expect(initialPlayerState(42)).toEqual(state)
})

test('the loading flag clears when the fetch ends, whatever its outcome', () => {
  const state = run(initialPlayerState(7), { type: 'fetchEnded' })
  expect(state.loading).toBe(false)
  expect(state.batchId).toBe(7)
})

test('opening another batch starts over', () => {
  const state = run(
    initialPlayerState(1),
    { type: 'fetchEnded' },
    { type: 'next', total: 5 },
    { type: 'choose', index: 2, optionId: 21 },
    { type: 'open', batchId: 2 },
  )
  expect(state).toEqual(initialPlayerState(2))
})

test('the index moves by Next and Back and never leaves 1..N', () => {
  let state = initialPlayerState(1)
  state = run(state, { type: 'back' })
  expect(state.questionIndex).toBe(1)
  state = run(state, { type: 'next', total: 3 }, { type: 'next', total: 3 }, { type: 'next', total: 3 })
  expect(state.questionIndex).toBe(3)
  state = run(state, { type: 'back' })
  expect(state.questionIndex).toBe(2)
  expect(run(state, { type: 'goTo', index: 9, total: 3 }).questionIndex).toBe(3)
  expect(run(state, { type: 'goTo', index: 0, total: 3 }).questionIndex).toBe(1)
  expect(run(state, { type: 'goTo', index: 1, total: 3 }).questionIndex).toBe(1)
})

test('chosen answers are kept per question index; a new choice replaces the old one', () => {
  const state = run(
    initialPlayerState(1),
    { type: 'choose', index: 1, optionId: 11 },
    { type: 'goTo', index: 3, total: 3 },
    { type: 'choose', index: 3, optionId: 31 },
    { type: 'choose', index: 3, optionId: 33 },
  )
  expect(state.answers).toEqual({ 1: 11, 3: 33 })
})

test('a choice is pending until its own write on the device ends', () => {
  let state = run(initialPlayerState(1), { type: 'choose', index: 1, optionId: 11 }, { type: 'choose', index: 1, optionId: 12 })
  expect(state.saving).toEqual({ 1: 12 })
  state = run(state, { type: 'saved', index: 1, optionId: 11 })
  expect(state.saving).toEqual({ 1: 12 })
  state = run(state, { type: 'saved', index: 1, optionId: 12 })
  expect(state.saving).toEqual({})
  state = run(state, { type: 'choose', index: 2, optionId: 21 }, { type: 'saveFailed', index: 2, optionId: 21, message: 'Storage is full' })
  expect(state.saveErrors).toEqual({ 2: 'Storage is full' })
  expect(run(state, { type: 'choose', index: 2, optionId: 22 }).saveErrors).toEqual({})
})

test('on submit the index resets to 1 and the answers are cleared; the batch stays', () => {
  const state = run(
    initialPlayerState(5),
    { type: 'fetchEnded' },
    { type: 'choose', index: 1, optionId: 11 },
    { type: 'next', total: 4 },
    { type: 'choose', index: 2, optionId: 21 },
    { type: 'submitted' },
  )
  expect(state).toMatchObject({ batchId: 5, loading: false, questionIndex: 1, answers: {}, saving: {} })
})

test('choices come from this visit, else the device, else the server', () => {
  const questions = [question(1, 11), question(2, 21), question(3), question(4)]
  const onDevice = delivery({
    2: { answerOptionId: 22, delivery: 'saved', error: null },
    3: { answerOptionId: 33, delivery: 'delivered', error: null },
  })
  expect(currentChoices(questions, { 3: 31 }, onDevice)).toEqual({ 1: 11, 2: 22, 3: 31 })
  expect(currentChoices(questions, {}, undefined)).toEqual({ 1: 11, 2: 21 })
})

test('the status line follows the choice: saving, on the device, delivered, refused', () => {
  const q = question(1)
  const chosen = run(initialPlayerState(1), { type: 'choose', index: 1, optionId: 11 })
  const status = (state: PlayerState, d?: BatchDelivery, qq = q) => answerStatusText(answerStatus(state, 1, qq, 11, d))
  expect(status(chosen)).toBe('Saving on this device…')
  const written = run(chosen, { type: 'saved', index: 1, optionId: 11 })
  expect(status(written)).toBe('Saved — will send when online')
  expect(status(written, delivery({ 1: { answerOptionId: 11, delivery: 'saved', error: null } }))).toBe('Saved — will send when online')
  expect(status(written, delivery({ 1: { answerOptionId: 11, delivery: 'delivered', error: null } }))).toBe('Sent')
  expect(status(written, delivery({ 1: { answerOptionId: 11, delivery: 'failed', error: 'This quiz is closed.' } }))).toBe(
    'Could not send: This quiz is closed.',
  )
  expect(status(initialPlayerState(1), undefined, question(1, 11))).toBe('Sent')
  expect(answerStatus(initialPlayerState(1), 1, q, undefined, undefined)).toEqual({ kind: 'none' })
})
