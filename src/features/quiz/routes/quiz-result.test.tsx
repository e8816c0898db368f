// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { expect, test, vi } from 'vitest'
import type { QuizResult } from '@/core/quiz/contract'
import { emptyOutboxEachTest, offline, sendOutbox, storeAnswer, storeClose, outboxEntries } from '../test-fixtures'
import QuizResultRoute from './quiz-result'

// The device's outbox is the real one (on fake-indexeddb): each test stores what the device holds.
vi.mock('@/lib/session', () => import('@/lib/test-session'))

const RESULT: QuizResult = {
  batchId: 5,
  name: 'Yoruba wisdom',
  total: 3,
  correct: 1,
  wrong: 1,
  unanswered: 1,
  passScore: 2,
  points: 10,
  status: 'FAILED',
  closedAt: '2026-11-18T10:00:00Z',
  review: [
    {
      ethnicfactQuestionId: 51,
      position: 1,
      question: 'Which people say this proverb?',
      proverb: 'Àgbájọ ọwọ́',
      lang: 'yo',
      chosenOptionId: 511,
      correctOptionId: 511,
      answerOptions: [
        { id: 511, text: 'Yoruba' },
        { id: 512, text: 'Zulu' },
      ],
      note: null,
      source: {
        ethnic: { id: 1, name: 'Yoruba', slug: 'yoruba' },
        proverb: 'Àgbájọ ọwọ́ la fi ń sọ̀yà',
        lang: 'yo',
        transliteration: 'It is with joined hands that one beats the chest.',
        interpretation: 'Together we achieve more.',
      },
      sources: [],
    },
    {
      ethnicfactQuestionId: 52,
      position: 2,
      question: 'Who speaks it?',
      proverb: null,
      lang: null,
      chosenOptionId: 522,
      correctOptionId: 521,
      answerOptions: [
        { id: 521, text: 'Yoruba' },
        { id: 522, text: 'Zulu' },
      ],
      note: 'Yoruba is spoken in south-west Nigeria.',
      source: null,
      sources: [{ title: 'Yoruba language — Wikipedia', url: 'https://en.wikipedia.org/wiki/Yoruba_language' }],
    },
    {
      ethnicfactQuestionId: 53,
      position: 3,
      question: 'Where?',
      proverb: null,
      lang: null,
      chosenOptionId: null,
      correctOptionId: 531,
      answerOptions: [
        { id: 531, text: 'Nigeria' },
        { id: 532, text: 'Kenya' },
      ],
      note: null,
      source: null,
      sources: [],
    },
  ],
}

function renderResult() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/quiz/5/submit/']}>
        <Routes>
          <Route path="/quiz/:batchId/submit" element={<QuizResultRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const outbox = emptyOutboxEachTest()

const sent = () => new Response(JSON.stringify({ data: {} }), { status: 200 })

test('while answers wait on this device, it says how many and asks the server nothing', async () => {
  // One answer went before the device went offline; two more and the close wait on it.
  await storeAnswer(outbox(), 5, 53, 531)
  await sendOutbox(outbox(), sent)
  offline()
  await storeAnswer(outbox(), 5, 51, 511)
  await storeAnswer(outbox(), 5, 52, 522)
  await storeClose(outbox(), 5)
  const fetch = vi.fn()
  vi.stubGlobal('fetch', fetch)
  renderResult()
  expect(await screen.findByText('Waiting to sync')).toBeTruthy()
  expect(screen.getByText(/2 answers are saved on this device and not sent yet/)).toBeTruthy()
  expect(screen.getByText(/sent when you are back online/)).toBeTruthy()
  expect(fetch).not.toHaveBeenCalled()
  // Still all there, to go once online.
  expect(await outboxEntries(outbox())).toHaveLength(3)
})

test('once synced, the result: counts, points, the verdict in words once with the pass mark, and a review', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ data: RESULT }), { status: 200 }))
  vi.stubGlobal('fetch', fetch)
  // Everything went: the answers and the close.
  await storeAnswer(outbox(), 5, 51, 511)
  await storeAnswer(outbox(), 5, 52, 522)
  await storeClose(outbox(), 5)
  await sendOutbox(outbox(), sent)
  renderResult()
  expect(await screen.findByText('Not passed')).toBeTruthy()
  expect(screen.queryByText(/FAILED|Failed|PASSED|Passed/)).toBeNull()
  expect((fetch.mock.calls[0] as unknown[])[0]).toBe('/quiz_attempt/calculate/5')
  expect(screen.getByText('Pass mark: 2 of 3 · you had 1 right')).toBeTruthy()
  const items = within(screen.getByRole('list')).getAllByRole('listitem')
  expect(within(items[0]).getByText('✓ Correct')).toBeTruthy()
  expect(within(items[1]).getByText('✗ Wrong')).toBeTruthy()
  expect(within(items[1]).getByText('Zulu')).toBeTruthy()
  expect(within(items[1]).getByText('Yoruba')).toBeTruthy()
  expect(within(items[2]).getByText('No answer')).toBeTruthy()
  // Why the right answer is right: the proverb with its people, rendering and meaning; a fact's note.
  expect(within(items[0]).getByText(/^A Yoruba proverb:/)).toBeTruthy()
  expect(within(items[0]).getByText('“Àgbájọ ọwọ́ la fi ń sọ̀yà”').getAttribute('lang')).toBe('yo')
  expect(within(items[0]).getByText('It is with joined hands that one beats the chest.')).toBeTruthy()
  expect(within(items[0]).getByText('Together we achieve more.')).toBeTruthy()
  expect(within(items[1]).getByText('Yoruba is spoken in south-west Nigeria.')).toBeTruthy()
  expect(within(items[2]).queryByText('Why')).toBeNull()
  expect(screen.getByText('“Àgbájọ ọwọ́”').closest('[lang]')?.getAttribute('lang')).toBe('yo')
})

test('a quiz still open (409) offers to continue it', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ error: { code: 'conflict', message: 'This attempt is still open.' } }), { status: 409 }),
    ),
  )
  // Nothing of this quiz on the device: it was never submitted here.
  renderResult()
  expect(await screen.findByText('This quiz is still open')).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Continue the quiz' }).getAttribute('href')).toBe('/quiz/5')
})
