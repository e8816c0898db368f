// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { QuizData } from '@/core/contract'
import { QUIZ_FETCH_ERROR } from '@/core/texts'
import { Toasts } from '@/components/toasts'
import type { BatchDelivery } from '../outbox'
import QuizPlayerRoute from './quiz-player'

// The outbox is another module's concern (and still being built): the player only talks to its interface.
const outbox = vi.hoisted(() => ({
  saveAnswer: vi.fn<(input: { userId: number; batchId: number; questionId: number; answerOptionId: number }) => Promise<void>>(),
  submitAttempt: vi.fn<(input: { userId: number; batchId: number }) => Promise<void>>(),
  delivery: undefined as BatchDelivery | undefined,
}))
vi.mock('../outbox', () => ({
  saveAnswer: outbox.saveAnswer,
  submitAttempt: outbox.submitAttempt,
  useBatchDelivery: () => outbox.delivery,
  useFailedEntries: () => [],
  retryFailed: vi.fn(),
  discardFailed: vi.fn(),
  requestDrain: vi.fn(),
}))
vi.mock('@/lib/session', () => import('@/lib/test-session'))

const QUIZ: QuizData = {
  batchId: 5,
  name: 'Yoruba wisdom',
  source: 'WEEKLY',
  weekStart: '2026-11-16',
  passScore: 1,
  closedAt: null,
  questions: [
    {
      ethnicfactQuestionId: 51,
      position: 1,
      kind: 'meaning',
      question: 'What does this proverb mean?',
      proverb: 'Àgbájọ ọwọ́ la fi ń sọ̀yà',
      ethnic: { id: 1, name: 'Yoruba', slug: 'yoruba' },
      lang: 'yo',
      answerOptions: [
        { id: 511, text: 'Unity is strength' },
        { id: 512, text: 'Patience is bitter' },
      ],
      chosenOptionId: null,
    },
    {
      ethnicfactQuestionId: 52,
      position: 2,
      kind: 'people',
      question: 'Who speaks Yoruba?',
      proverb: null,
      ethnic: null,
      lang: null,
      answerOptions: [
        { id: 521, text: 'The Yoruba people' },
        { id: 522, text: 'The Zulu people' },
      ],
      chosenOptionId: null,
    },
  ],
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function Where() {
  const { pathname } = useLocation()
  return <output data-testid="where">{pathname}</output>
}

function renderPlayer(path = '/quiz/5') {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0, gcTime: Infinity } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/quiz" element={<h1>Quizzes</h1>} />
          <Route path="/quiz/:batchId" element={<QuizPlayerRoute />} />
          <Route path="/quiz/:batchId/submit" element={<h1>Quiz result</h1>} />
        </Routes>
        <Where />
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const where = () => screen.getByTestId('where').textContent

beforeEach(() => {
  outbox.saveAnswer.mockReset()
  outbox.submitAttempt.mockReset().mockResolvedValue(undefined)
  outbox.delivery = undefined
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

// docs/requirements.md#r6-quizzes-and-leaderboard
test('when the questions cannot be fetched, the toast says so and the user is back on /quiz', async () => {
  const fetch = vi.fn(async () => {
    throw new TypeError('Failed to fetch')
  })
  vi.stubGlobal('fetch', fetch)
  renderPlayer()
  const toast = await screen.findByText(QUIZ_FETCH_ERROR)
  expect(toast.closest('.Toastify__toast--error')).toBeTruthy()
  expect(QUIZ_FETCH_ERROR).toBe('An error occured fetching questions')
  expect(where()).toBe('/quiz')
  // One try and one retry at most, then it gives up.
  expect(fetch.mock.calls.length).toBeLessThanOrEqual(2)
  expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/api/quiz/all/5')
})

test('a question shows its proverb in its own language, the choice is pending until stored, then saved', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [QUIZ] })),
  )
  let store!: () => void
  outbox.saveAnswer.mockImplementation(() => new Promise<void>((resolve) => (store = resolve)))
  renderPlayer()

  expect(await screen.findByText('Question 1 of 2')).toBeTruthy()
  expect(screen.getByRole('progressbar').getAttribute('value')).toBe('1')
  expect(screen.getByText('“Àgbájọ ọwọ́ la fi ń sọ̀yà”').closest('[lang]')?.getAttribute('lang')).toBe('yo')

  const group = screen.getByRole('group', { name: 'What does this proverb mean?' })
  fireEvent.click(within(group).getByRole('radio', { name: 'Unity is strength' }))
  expect((screen.getByRole('radio', { name: 'Unity is strength' }) as HTMLInputElement).checked).toBe(true)
  expect(outbox.saveAnswer).toHaveBeenCalledWith({ userId: 7, batchId: 5, questionId: 51, answerOptionId: 511 })
  expect(screen.getByText('Saving on this device…')).toBeTruthy()
  await act(async () => store())
  expect(screen.getByText('Saved — will send when online')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Question 1, answered' })).toBeTruthy()

  fireEvent.click(screen.getByRole('button', { name: /Next/ }))
  expect(screen.getByText('Question 2 of 2')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: /Back/ }))
  expect(screen.getByText('Question 1 of 2')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Question 2, not answered' }))
  expect(screen.getByText('Question 2 of 2')).toBeTruthy()
})

test('choices come back from the device and the server; a refused one says why', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [{ ...QUIZ, questions: [QUIZ.questions[0], { ...QUIZ.questions[1], chosenOptionId: 522 }] }] })),
  )
  outbox.delivery = {
    answers: { 51: { answerOptionId: 512, delivery: 'failed', error: 'This quiz is closed.' } },
    pending: 0,
    failed: [],
    closeQueued: false,
    closeDelivered: false,
    synced: false,
  }
  renderPlayer()
  expect(((await screen.findByRole('radio', { name: 'Patience is bitter' })) as HTMLInputElement).checked).toBe(true)
  expect(screen.getByText('Could not send: This quiz is closed.')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Question 2, answered' }))
  expect((screen.getByRole('radio', { name: 'The Zulu people' }) as HTMLInputElement).checked).toBe(true)
  expect(screen.getByText('Sent')).toBeTruthy()
})

test('submitting with unanswered questions asks first, then queues the close and goes to the result', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [QUIZ] })),
  )
  outbox.saveAnswer.mockResolvedValue(undefined)
  renderPlayer()
  fireEvent.click(await screen.findByRole('radio', { name: 'Unity is strength' }))
  fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }))
  expect(screen.getByText('1 question has no answer yet. Submit anyway?')).toBeTruthy()
  expect(outbox.submitAttempt).not.toHaveBeenCalled()
  fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }))
  await waitFor(() => expect(where()).toBe('/quiz/5/submit/'))
  expect(outbox.submitAttempt).toHaveBeenCalledWith({ userId: 7, batchId: 5 })
  expect(outbox.saveAnswer.mock.invocationCallOrder[0]).toBeLessThan(outbox.submitAttempt.mock.invocationCallOrder[0])
})

test('a quiz already closed opens its result', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [{ ...QUIZ, closedAt: '2026-11-18T10:00:00Z' }] })),
  )
  renderPlayer()
  await waitFor(() => expect(where()).toBe('/quiz/5/submit/'))
})
