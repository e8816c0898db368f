// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Paginated, QuestionProperty } from '@/core/contract'
import type { FailedEntry } from '../outbox'
import { localDate } from '../queries'
import { QuizHome } from './quiz-home'
import { batchSummary } from '../test-fixtures'

const outbox = vi.hoisted(() => ({ failed: [] as FailedEntry[], retryFailed: vi.fn(), discardFailed: vi.fn() }))
vi.mock('../outbox', () => ({
  saveAnswer: vi.fn(),
  submitAttempt: vi.fn(),
  useBatchDelivery: () => undefined,
  useFailedEntries: () => outbox.failed,
  retryFailed: outbox.retryFailed,
  discardFailed: outbox.discardFailed,
  requestDrain: vi.fn(),
}))
vi.mock('@/lib/session', () => import('@/lib/test-session'))

const batch = batchSummary

const PROPERTIES: Paginated<QuestionProperty> = {
  data: [
    {
      id: 2,
      name: 'Quick ten',
      description: 'Ten questions from your groups.',
      preferredCount: 5,
      otherCount: 3,
      generalCount: 2,
      size: 10,
      passScore: 6,
      weekly: false,
    },
  ],
  page: 1,
  size: 20,
  totalPages: 1,
  totalElements: 1,
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })
const date = localDate()

function serve(overrides: Record<string, () => Response> = {}) {
  const routes: Record<string, () => Response> = {
    [`/quiz-batch/user/week?currentDate=${date}`]: () =>
      json({
        data: [
          batch(1),
          batch(2, { answered: 4 }),
          batch(3, { closedAt: '2026-11-17T09:00:00Z', answered: 10, result: { correct: 8, points: 80, status: 'PASSED' } }),
        ],
      }),
    [`/quiz-batch/user/week-gen-source?currentDate=${date}`]: () => json({ data: [] }),
    '/quiz-batch/user/recent/all': () => json({ data: [] }),
    '/api/quiz/all/1': () => json({ data: [] }),
    '/api/quiz/all/2': () => json({ data: [] }),
    '/api/questionProperty/all?page=1&size=20': () => json(PROPERTIES),
    ...overrides,
  }
  const fetch = vi.fn(async (url: string) => routes[url]?.() ?? json({ error: { code: 'not_found', message: url } }, 404))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <QuizHome />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  outbox.failed = []
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('this week’s quizzes say where they stand; the open ones’ questions are fetched for offline play', async () => {
  const fetch = serve()
  renderHome()
  const week = screen.getByRole('region', { name: "This week's quizzes" })
  expect(await within(week).findByRole('link', { name: 'Start: Quiz 1' })).toBeTruthy()
  expect(within(week).getByRole('link', { name: 'Continue: Quiz 2' })).toBeTruthy()
  expect(within(week).getByRole('link', { name: 'See result: Quiz 3' }).getAttribute('href')).toBe('/quiz/3/submit/')
  expect(within(week).getByText('Passed')).toBeTruthy()
  expect(within(screen.getByRole('region', { name: 'Recently finished' })).getByText('No finished quizzes yet')).toBeTruthy()
  const asked = () => fetch.mock.calls.map(([url]) => url)
  await vi.waitFor(() => expect(asked()).toEqual(expect.arrayContaining(['/api/quiz/all/1', '/api/quiz/all/2'])))
  expect(asked()).not.toContain('/api/quiz/all/3')
  // Nothing refused: no "Could not send" section.
  expect(screen.queryByRole('region', { name: 'Could not send' })).toBeNull()
})

test('generating a quiz past the weekly limit shows the server’s message', async () => {
  serve({
    '/api/quiz/7/2/USER': () => json({ error: { code: 'too_many_requests', message: 'You have generated 5 quizzes this week.' } }, 429),
  })
  renderHome()
  fireEvent.click(screen.getByRole('button', { name: 'Generate a quiz' }))
  fireEvent.click(await screen.findByRole('radio', { name: /Quick ten/ }))
  expect(screen.getByText(/pass mark 6/)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
  expect((await screen.findByRole('alert')).textContent).toBe('You have generated 5 quizzes this week.')
})

test('what the server refused is listed with its message, and can be retried or discarded', async () => {
  serve()
  outbox.retryFailed.mockResolvedValue(undefined)
  outbox.discardFailed.mockResolvedValue(undefined)
  outbox.failed = [
    { key: 'k1', kind: 'answer', batchId: 1, questionId: 11, answerOptionId: 111, error: 'This quiz is closed.', createdAt: 0 },
  ]
  renderHome()
  const section = screen.getByRole('region', { name: 'Could not send' })
  expect(within(section).getByText('This quiz is closed.')).toBeTruthy()
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Retry' })))
  expect(outbox.retryFailed).toHaveBeenCalledWith(7, ['k1'])
  await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Discard' })))
  expect(outbox.discardFailed).toHaveBeenCalledWith(7, 'k1')
})
