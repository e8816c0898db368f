// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { Streak } from '@/core/learning/contract'
import { StreakCard } from './streak-card'

afterEach(cleanup)

const streak = (changes: Partial<Streak>): Streak => ({ current: 0, best: 0, activeToday: false, lastActiveDay: null, ...changes })
const numbers = () => [...document.querySelectorAll('.streak-card__numbers > div')].map((item) => item.textContent)

test('a streak that counts today: the run, the best, and that today is done', () => {
  render(<StreakCard streak={streak({ current: 5, best: 12, activeToday: true, lastActiveDay: '2026-11-27' })} />)
  expect(numbers()).toEqual(['Current streak5 days', 'Best12 days'])
  expect(screen.getByText('Today counts. Come back tomorrow to keep it going.')).toBeTruthy()
  expect(document.querySelector('.streak-card--today')).not.toBeNull()
})

test('a streak alive from yesterday asks for a proverb today', () => {
  render(<StreakCard streak={streak({ current: 1, best: 1, lastActiveDay: '2026-11-26' })} />)
  expect(numbers()).toEqual(['Current streak1 day', 'Best1 day'])
  expect(screen.getByText('Read a proverb today to keep it')).toBeTruthy()
  expect(document.querySelector('.streak-card--today')).toBeNull()
})

test('with no streak to keep, today starts one', () => {
  render(<StreakCard streak={streak({ current: 0, best: 9, lastActiveDay: '2026-11-02' })} />)
  expect(numbers()).toEqual(['Current streak0 days', 'Best9 days'])
  expect(screen.getByText('Read a proverb today to start a streak')).toBeTruthy()
})
