// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SiteNav } from './site-nav'

const counts = vi.hoisted(() => ({ current: undefined as { deck: number; due: number } | undefined }))
const useLearningCounts = vi.hoisted(() => vi.fn(() => counts.current))
vi.mock('@/lib/learning', () => ({ useLearningCounts }))

beforeEach(() => {
  counts.current = { deck: 30, due: 7 }
  useLearningCounts.mockClear()
})
afterEach(cleanup)

const renderNav = (signedIn: boolean, path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteNav signedIn={signedIn} />
    </MemoryRouter>,
  )
const links = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')

test('a signed-in reader’s header has Learn after Quiz, named with the cards due, the badge beside it', async () => {
  renderNav(true, '/learn/progress')
  expect(links().map((link) => link.getAttribute('href'))).toEqual(['/', '/search_result', '/quiz', '/learn', '/pricing', '/about'])
  const learn = await screen.findByRole('link', { name: 'Learn, 7 due' })
  expect(learn.querySelector('.site-nav__badge')!.textContent).toBe('7')
  expect(learn.querySelector('.site-nav__badge')!.getAttribute('aria-hidden')).toBe('true')
  // Marked on its progress page too.
  expect(learn.className).toBe('site-nav__due active')
})

test('past 99 the header’s badge says 99+; with none due there is none', async () => {
  counts.current = { deck: 300, due: 120 }
  const { unmount } = renderNav(true)
  expect((await screen.findByRole('link', { name: 'Learn, 120 due' })).querySelector('.site-nav__badge')!.textContent).toBe('99+')
  unmount()
  counts.current = { deck: 300, due: 0 }
  useLearningCounts.mockClear()
  renderNav(true)
  await vi.waitFor(() => expect(useLearningCounts).toHaveBeenCalled())
  expect(screen.getByRole('link', { name: 'Learn' }).querySelector('.site-nav__badge')).toBeNull()
})

test('a visitor’s header has neither Quiz nor Learn, and the device is not asked', async () => {
  renderNav(false)
  expect(links().map((link) => link.textContent)).toEqual(['Home', 'Search', 'Pricing', 'About'])
  expect(useLearningCounts).not.toHaveBeenCalled()
})
