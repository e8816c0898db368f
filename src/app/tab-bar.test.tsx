// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { ADA, setTestSession } from '@/lib/test-session'
import { TabBar } from './tab-bar'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
const counts = vi.hoisted(() => ({ current: undefined as { deck: number; due: number } | undefined }))
const useLearningCounts = vi.hoisted(() => vi.fn(() => counts.current))
vi.mock('@/lib/learning', () => ({ useLearningCounts }))

beforeEach(() => {
  setTestSession(ADA)
  counts.current = { deck: 12, due: 5 }
  useLearningCounts.mockClear()
})
afterEach(cleanup)

const renderAt = (path: string, state?: unknown) =>
  render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <TabBar />
    </MemoryRouter>,
  )
const bar = () => screen.getByRole('navigation', { name: 'Main' })

test('six tabs in a row: Home, Search, Quiz, Learn, Saved, Me; Learn says how many cards are due', async () => {
  renderAt('/')
  await within(bar()).findByRole('link', { name: 'Learn, 5 due' })
  const links = within(bar()).getAllByRole('link')
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/search_result', '/quiz', '/learn', '/favourites', '/profile'])
  // What the eye reads: each tab's word (Learn's name, said by a hidden copy, and its badge aside).
  const words = (link: HTMLElement) =>
    [...link.querySelectorAll('span:not(.visually-hidden, .tab-bar__badge)')].map((span) => span.textContent).join('')
  expect(links.map(words)).toEqual(['Home', 'Search', 'Quiz', 'Learn', 'Saved', 'Me'])
  const learn = await within(bar()).findByRole('link', { name: 'Learn, 5 due' })
  const badge = learn.querySelector('.tab-bar__badge')!
  expect(badge.textContent).toBe('5')
  expect(badge.getAttribute('aria-hidden')).toBe('true')
})

test('past 99 cards due the badge says 99+, and the name the whole count', async () => {
  counts.current = { deck: 400, due: 150 }
  renderAt('/')
  const learn = await within(bar()).findByRole('link', { name: 'Learn, 150 due' })
  expect(learn.querySelector('.tab-bar__badge')!.textContent).toBe('99+')
})

test('with nothing due, or while the device counts, Learn is just "Learn", without a badge', async () => {
  counts.current = { deck: 12, due: 0 }
  const { unmount } = renderAt('/')
  await vi.waitFor(() => expect(useLearningCounts).toHaveBeenCalled())
  expect(within(bar()).getByRole('link', { name: 'Learn' }).querySelector('.tab-bar__badge')).toBeNull()
  unmount()
  counts.current = undefined
  useLearningCounts.mockClear()
  renderAt('/')
  await vi.waitFor(() => expect(useLearningCounts).toHaveBeenCalled())
  expect(within(bar()).getByRole('link', { name: 'Learn' }).querySelector('.tab-bar__badge')).toBeNull()
})

test('Learn is marked on the deck and on its progress', async () => {
  const { unmount } = renderAt('/learn')
  expect((await within(bar()).findByRole('link', { name: 'Learn, 5 due' })).getAttribute('aria-current')).toBe('page')
  unmount()
  renderAt('/learn/progress')
  expect((await within(bar()).findByRole('link', { name: 'Learn, 5 due' })).getAttribute('aria-current')).toBe('page')
  expect(within(bar()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull()
})

test('a visitor sees Learn without a count (the device is not asked); tapped, it meets sign-in with Learn still marked', async () => {
  setTestSession(null)
  renderAt('/auth/login', { from: { pathname: '/learn' } })
  const learn = within(bar()).getByRole('link', { name: 'Learn' })
  expect(learn.getAttribute('href')).toBe('/learn')
  expect(learn.getAttribute('aria-current')).toBe('page')
  expect(within(bar()).getByRole('link', { name: 'Me' }).getAttribute('href')).toBe('/auth/login')
  expect(useLearningCounts).not.toHaveBeenCalled()
})
