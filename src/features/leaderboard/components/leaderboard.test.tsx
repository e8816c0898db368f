// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import type { LeaderboardEntry, LeaderboardPage, LeaderboardPlayer } from '@/core/quiz/contract'
import { Leaderboard } from './leaderboard'

// The signed-in user is Ada Obi, id 7 — and so is someone else's name.
vi.mock('@/lib/session', () => import('@/lib/test-session'))

const entry = (position: number, userId: number, firstName = 'Kofi', lastName = 'Mensah'): LeaderboardEntry => ({
  position,
  userId,
  firstName,
  lastName,
  points: 1000 - position * 10,
  date: '2026-11-18T10:00:00Z',
  medal: position <= 3 ? (['gold', 'silver', 'bronze'] as const)[position - 1] : null,
})

const page = (data: LeaderboardEntry[], changes: Partial<LeaderboardPage> = {}): LeaderboardPage => ({
  data,
  page: 1,
  size: 20,
  totalPages: 1,
  totalElements: data.length,
  period: 'week',
  weekStart: '2026-11-16',
  ...changes,
})

const player = (userId: number, e: LeaderboardEntry | null): LeaderboardPlayer => ({
  period: 'week',
  weekStart: '2026-11-16',
  entry: e,
  player: { userId, firstName: e?.firstName ?? 'Ada', lastName: e?.lastName ?? 'Obi' },
  recent: [
    { batchId: 3, name: 'Zulu sayings', correct: 8, total: 10, points: 80, status: 'PASSED', closedAt: '2026-11-17T09:00:00Z' },
    { batchId: 4, name: 'Oromo sayings', correct: 3, total: 10, points: 30, status: 'FAILED', closedAt: '2026-11-18T09:00:00Z' },
  ],
})

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } })

function serve(routes: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) => {
    const found = Object.entries(routes).find(([prefix]) => url === prefix)
    if (!found) return new Response(JSON.stringify({ error: { code: 'not_found', message: `No ${url}` } }), { status: 404 })
    return json(found[1])
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <Leaderboard />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

test('the caller’s row is found by id, not by name: of two Ada Obis only theirs says "You"', async () => {
  serve({
    '/api/leaderboard/get_players?period=week&page=1&size=20': page([
      entry(1, 3, 'Ada', 'Obi'),
      entry(2, 7, 'Ada', 'Obi'),
      entry(3, 9),
      entry(4, 11),
    ]),
  })
  renderBoard()
  const rows = (await screen.findAllByRole('row')).slice(1)
  expect(rows).toHaveLength(4)
  expect(within(rows[0]).queryByText('You')).toBeNull()
  expect(within(rows[1]).getByText('You')).toBeTruthy()
  expect(rows[1].getAttribute('aria-current')).toBe('true')
  expect(screen.getAllByText('You')).toHaveLength(1)
  // The caller is on the page: no separate line for their position.
  expect(screen.queryByText(/^You: position/)).toBeNull()
})

test('the top three wear gold, silver and bronze medals, named for screen readers', async () => {
  serve({ '/api/leaderboard/get_players?period=week&page=1&size=20': page([entry(1, 3), entry(2, 7), entry(3, 9), entry(4, 11)]) })
  renderBoard()
  const rows = (await screen.findAllByRole('row')).slice(1)
  expect(within(rows[0]).getByRole('img', { name: 'Gold medal' })).toBeTruthy()
  expect(within(rows[1]).getByRole('img', { name: 'Silver medal' })).toBeTruthy()
  expect(within(rows[2]).getByRole('img', { name: 'Bronze medal' })).toBeTruthy()
  expect(within(rows[3]).queryByRole('img')).toBeNull()
  expect(within(rows[0]).getByText('November 18th, 2026')).toBeTruthy()
})

test('a caller who is not on the page sees their own position beneath the table', async () => {
  serve({
    '/api/leaderboard/get_players?period=week&page=1&size=20': page([entry(1, 3), entry(2, 9)], { totalPages: 2, totalElements: 25 }),
    '/api/leaderboard/get_player?period=week': { data: player(7, entry(23, 7, 'Ada', 'Obi')) },
  })
  renderBoard()
  expect(await screen.findByText('You: position 23 with 770 points.')).toBeTruthy()
  expect(screen.queryByText('You')).toBeNull()
})

test('a player’s details open beneath their row and Escape closes them', async () => {
  serve({
    '/api/leaderboard/get_players?period=week&page=1&size=20': page([entry(1, 3, 'Chidi', 'Okafor'), entry(2, 7, 'Ada', 'Obi')]),
    '/api/leaderboard/get_player?period=week&userId=3': { data: player(3, entry(1, 3, 'Chidi', 'Okafor')) },
  })
  renderBoard()
  const button = await screen.findByRole('button', { name: 'Chidi Okafor' })
  fireEvent.click(button)
  expect(button.getAttribute('aria-expanded')).toBe('true')
  const details = screen.getByRole('region', { name: 'Details of Chidi Okafor' })
  expect(await within(details).findByText('Zulu sayings')).toBeTruthy()
  expect(within(details).getByText('Position 1 · 990 points')).toBeTruthy()
  // The quiz result's words: "Passed" or "Not passed".
  expect(within(details).getByText('Zulu sayings').parentElement!.textContent).toContain('✓ Passed')
  expect(within(details).getByText('Oromo sayings').parentElement!.textContent).toContain('✗ Not passed')
  fireEvent.keyDown(within(details).getByText('Zulu sayings'), { key: 'Escape' })
  expect(screen.queryByRole('region', { name: 'Details of Chidi Okafor' })).toBeNull()
  expect(document.activeElement).toBe(button)
})

test('an empty week says so; switching to all time asks for that period', async () => {
  const fetch = serve({
    '/api/leaderboard/get_players?period=week&page=1&size=20': page([]),
    '/api/leaderboard/get_players?period=all&page=1&size=20': page([entry(1, 3)], { period: 'all' }),
    '/api/leaderboard/get_player?period=all': { data: player(7, null) },
  })
  renderBoard()
  expect(await screen.findByText('No one has finished a quiz this week yet')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'All time' }))
  expect(screen.getByRole('button', { name: 'All time' }).getAttribute('aria-pressed')).toBe('true')
  expect(await screen.findByText('You have no points yet.')).toBeTruthy()
  expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/leaderboard/get_players?period=all&page=1&size=20')
})
