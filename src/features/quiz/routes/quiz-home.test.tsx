// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { expect, test, vi } from 'vitest'
import type { Paginated } from '@/core/http/contract'
import type { QuestionProperty } from '@/core/quiz/contract'
import { localDate } from '../queries'
import { QuizHome } from './quiz-home'
import { batchSummary, emptyOutboxEachTest, offline, refusal, sendOutbox, storeAnswer, outboxEntries } from '../test-fixtures'

// The device's outbox is the real one (on fake-indexeddb): each test stores what the device holds.
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

const outbox = emptyOutboxEachTest()

test('this week’s quizzes say where they stand; the open ones’ questions are fetched for offline play', async () => {
  const fetch = serve()
  renderHome()
  // One placeholder stands for the three lists until all are in; then they are shown together.
  expect(screen.getByRole('status').textContent).toBe('Loading your quizzes')
  expect(screen.queryByRole('region', { name: "This week's quizzes" })).toBeNull()
  const week = await screen.findByRole('region', { name: "This week's quizzes" })
  expect(screen.queryByText('Loading your quizzes')).toBeNull()
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
  fireEvent.click(await screen.findByRole('button', { name: 'Generate a quiz' }))
  fireEvent.click(await screen.findByRole('radio', { name: /Quick ten/ }))
  expect(screen.getByText(/pass mark 6/)).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
  expect((await screen.findByRole('alert')).textContent).toBe('You have generated 5 quizzes this week.')
})

test('what the server refused is listed with its message, and can be retried or discarded', async () => {
  serve()
  // Two answers in quiz 1 the server refused; offline now, so one put back waits on the device.
  await storeAnswer(outbox(), 1, 11, 111)
  await storeAnswer(outbox(), 1, 12, 121)
  await sendOutbox(outbox(), ({ questionId }) => refusal(questionId === 11 ? 'This quiz is closed.' : 'That is not one of the choices.'))
  offline()
  renderHome()
  const section = await screen.findByRole('region', { name: 'Could not send' })
  expect(within(section).getByText('This quiz is closed.')).toBeTruthy()
  expect(within(section).getByText('That is not one of the choices.')).toBeTruthy()
  const item = (message: string) => within(section).getByText(message).closest('li')!

  fireEvent.click(within(item('This quiz is closed.')).getByRole('button', { name: /^Retry/ }))
  await waitFor(() => expect(within(section).queryByText('This quiz is closed.')).toBeNull())
  fireEvent.click(within(item('That is not one of the choices.')).getByRole('button', { name: /^Discard/ }))
  await waitFor(() => expect(screen.queryByRole('region', { name: 'Could not send' })).toBeNull())
  // The first is queued again (to go once online); the second is gone.
  const held = await outboxEntries(outbox())
  expect(held.map(({ questionId, answerOptionId, state }) => ({ questionId, answerOptionId, state }))).toEqual([
    { questionId: 11, answerOptionId: 111, state: 'pending' },
  ])
})
