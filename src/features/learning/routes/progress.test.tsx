// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { ChartSpec } from '@/components/chart-config'
import { drawChart } from '@/components/draw-chart'
import type { LearningProgress } from '@/core/learning/schedule'
import { renderWithApp } from '@/lib/test-render'
import { PROGRESS } from '../test-fixtures'
import ProgressRoute from './progress'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
// jsdom has no canvas: the charts are checked by what they are handed and by their text alternatives.
vi.mock('@/components/draw-chart', () => ({ drawChart: vi.fn(() => () => undefined) }))
const progress = vi.hoisted(() => ({ current: undefined as LearningProgress | undefined }))
vi.mock('../deck', () => ({ useProgress: () => progress.current }))

beforeEach(() => {
  progress.current = PROGRESS
  vi.mocked(drawChart).mockClear()
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00.000Z'), toFake: ['Date'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const renderProgress = () => renderWithApp(<ProgressRoute />, { path: '/learn/progress' })
const figure = (name: string) => screen.getByRole('figure', { name })
const specOf = (name: string) => {
  const canvas = within(figure(name)).getByRole('img')
  return vi.mocked(drawChart).mock.calls.find(([drawn]) => drawn === canvas)![1] as ChartSpec
}
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent)

test('the deck in three numbers: proverbs, learned, retention', () => {
  renderProgress()
  expect(screen.getByRole('heading', { level: 1, name: 'Your progress' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Progress' }).getAttribute('aria-current')).toBe('page')
  const values = [...document.querySelectorAll('.progress-stats > div')].map((item) => item.textContent)
  expect(values).toEqual([
    'Proverbs in your deck14',
    'Learned9remembered over days, not minutes',
    'Retention92%of reviews of learned proverbs remembered',
  ])
})

test('reviews per day over the last 30 days: a bar chart with its text alternative, and every day in a table', async () => {
  renderProgress()
  const caption = 'Reviews per day, last 30 days'
  const canvas = within(figure(caption)).getByRole('img', {
    name: 'Reviews per day over the last 30 days: 24 reviews, 3 graded Again. Most on November 26th, 2026.',
  })
  await waitFor(() => expect(drawChart).toHaveBeenCalledTimes(3))
  const spec = specOf(caption)
  expect(spec.kind).toBe('bar')
  expect(spec.labels).toHaveLength(30)
  expect(spec.labels.slice(-4)).toEqual(['24 Nov', '25 Nov', '26 Nov', '27 Nov'])
  expect(spec.labels[0]).toBe('29 Oct')
  expect(spec.series.map((series) => [series.label, series.values.slice(-4)])).toEqual([
    ['Reviews', [8, 0, 12, 4]],
    ['Again', [2, 0, 1, 0]],
  ])
  expect(canvas).toBeTruthy()
  const table = screen.getByRole('table', { name: caption })
  const rows = rowsOf(table)
  expect(rows).toHaveLength(31)
  expect(rows[0]).toBe('DayReviewsAgain')
  expect(rows.slice(-3)).toEqual(['November 25th, 202600', 'November 26th, 2026121', 'November 27th, 202640'])
})

test('the deck learned and still being learned, and the share remembered on each day with reviews', async () => {
  renderProgress()
  await waitFor(() => expect(drawChart).toHaveBeenCalledTimes(3))
  const deck = 'Your deck, learned and still being learned'
  expect(within(figure(deck)).getByRole('img', { name: 'Your deck: 9 proverbs learned, 5 still being learned.' })).toBeTruthy()
  expect(specOf(deck)).toMatchObject({ kind: 'bar', horizontal: true, labels: ['Learned', 'Still being learned'] })
  expect(specOf(deck).series).toEqual([{ label: 'Proverbs', values: [9, 5] }])
  expect(rowsOf(screen.getByRole('table', { name: deck }))).toEqual(['StageProverbs', 'Learned9', 'Still being learned5'])

  const share = 'Share remembered per day, last 30 days'
  expect(
    within(figure(share)).getByRole('img', {
      name: 'Share of reviews remembered (not graded Again) per day over the last 30 days: 89% on average.',
    }),
  ).toBeTruthy()
  const spec = specOf(share)
  expect(spec.labels).toEqual(['24 Nov', '26 Nov', '27 Nov'])
  expect(spec.series[0].values).toEqual([75, 92, 100])
  expect(spec.format!(75)).toBe('75%')
  expect(rowsOf(screen.getByRole('table', { name: share }))).toEqual([
    'DayRemembered',
    'November 24th, 202675%',
    'November 26th, 202692%',
    'November 27th, 2026100%',
  ])
})

test('before any review: the numbers, "Not yet" for retention, no charts, and the way to start', () => {
  progress.current = { reviewsPerDay: [], learned: 0, deck: 3, retention: null }
  renderProgress()
  expect(document.querySelectorAll('.progress-stats > div')[2].textContent).toBe('RetentionNot yetshown once you review a learned proverb')
  expect(screen.getByText('No reviews yet')).toBeTruthy()
  expect(screen.getByText(/Review a few cards and your progress shows here\./)).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Start reviewing' }).getAttribute('href')).toBe('/learn')
  expect(screen.queryByRole('figure')).toBeNull()
})

test('while the device counts, the page says so', () => {
  progress.current = undefined
  renderProgress()
  expect(screen.getByText('Loading your progress').closest('[role="status"]')).toBeTruthy()
  expect(document.querySelector('.progress-stats')).toBeNull()
})
