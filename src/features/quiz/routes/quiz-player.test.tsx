// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { expect, test, vi } from 'vitest'
import type { QuizData } from '@/core/quiz/contract'
import { QUIZ_FETCH_ERROR } from '@/core/shared/texts'
import { Toasts } from '@/components/toasts'
import { workerStandIn } from '@/lib/test-analytics'
import { readBatchDelivery } from '@/offline/outbox'
import { offlineDb } from '@/offline/schema'
import { emptyOutboxEachTest, offline, refusal, sendOutbox, storeAnswer, outboxEntries } from '../test-fixtures'
import QuizPlayerRoute from './quiz-player'

// The device's outbox is the real one (on fake-indexeddb): the tests read what the player stored in it.
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

const outbox = emptyOutboxEachTest()

/** What the outbox holds, in the order it will send it. */
const queued = async () => (await outboxEntries(outbox())).map((entry) => ({ kind: entry.kind, answerOptionId: entry.answerOptionId }))

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
  offline()
  renderPlayer()

  expect(await screen.findByText('Question 1 of 2')).toBeTruthy()
  expect(screen.getByRole('progressbar').getAttribute('value')).toBe('1')
  expect(screen.getByText('“Àgbájọ ọwọ́ la fi ń sọ̀yà”').closest('[lang]')?.getAttribute('lang')).toBe('yo')

  const group = screen.getByRole('group', { name: 'What does this proverb mean?' })
  fireEvent.click(within(group).getByRole('radio', { name: 'Unity is strength' }))
  expect((screen.getByRole('radio', { name: 'Unity is strength' }) as HTMLInputElement).checked).toBe(true)
  expect(screen.getByText('Saving on this device…')).toBeTruthy()
  expect(await screen.findByText('Saved — will send when online')).toBeTruthy()
  expect((await readBatchDelivery(outbox(), 7, 5)).answers).toEqual({ 51: { answerOptionId: 511, delivery: 'saved', error: null } })
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
  // Chosen on this device earlier, and refused by the server.
  await storeAnswer(outbox(), 5, 51, 512)
  await sendOutbox(outbox(), () => refusal('This quiz is closed.'))
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
  offline()
  renderPlayer()
  fireEvent.click(await screen.findByRole('radio', { name: 'Unity is strength' }))
  fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }))
  expect(screen.getByText('1 question has no answer yet. Submit anyway?')).toBeTruthy()
  await waitFor(async () => expect(await queued()).toEqual([{ kind: 'answer', answerOptionId: 511 }]))
  fireEvent.click(screen.getByRole('button', { name: 'Submit anyway' }))
  await waitFor(() => expect(where()).toBe('/quiz/5/submit/'))
  // The close is queued after the answer, so the server hears the answer first.
  expect((await queued()).map((entry) => entry.kind)).toEqual(['answer', 'close'])
  expect((await readBatchDelivery(outbox(), 7, 5)).closeQueued).toBe(true)
})

test('a quiz already closed opens its result', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [{ ...QUIZ, closedAt: '2026-11-18T10:00:00Z' }] })),
  )
  renderPlayer()
  await waitFor(() => expect(where()).toBe('/quiz/5/submit/'))
})

test('a quiz is counted as started by its first answer (not by a later one) and as finished when submitted', async () => {
  const worker = await workerStandIn()
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data: [QUIZ] })),
  )
  offline()
  renderPlayer()
  fireEvent.click(await screen.findByRole('radio', { name: 'Patience is bitter' }))
  fireEvent.click(screen.getByRole('radio', { name: 'Unity is strength' }))
  fireEvent.click(screen.getByRole('button', { name: 'Question 2, not answered' }))
  fireEvent.click(screen.getByRole('radio', { name: 'The Yoruba people' }))
  await waitFor(async () => expect(await queued()).toHaveLength(3))
  expect((await worker.events()).map((event) => event.type)).toEqual(['quiz_start'])
  fireEvent.click(screen.getByRole('button', { name: 'Submit answers' }))
  await waitFor(() => expect(where()).toBe('/quiz/5/submit/'))
  expect((await worker.events()).map((event) => event.type)).toEqual(['quiz_start', 'quiz_finish'])
  // And it counts towards the reader's streak, offline too.
  await waitFor(async () =>
    expect((await (await offlineDb()).getAll('learning')).map((e) => [e.userId, e.kind, 'batchId' in e ? e.batchId : null])).toContainEqual(
      [7, 'quiz', 5],
    ),
  )
  worker.remove()
})
