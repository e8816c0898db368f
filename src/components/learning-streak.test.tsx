// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { LocalDay, Streak } from '@/core/learning/contract'
import { LearningStreak } from './learning-streak'

const device = vi.hoisted(() => ({ streak: undefined as { today: LocalDay; streak: Streak; days: LocalDay[] } | undefined }))
vi.mock('@/lib/learning', () => ({ useStreak: () => device.streak }))

beforeEach(() => {
  device.streak = undefined
})
afterEach(cleanup)

test('from the device: the streak, the calendar and what counts', async () => {
  device.streak = {
    today: '2026-11-27',
    streak: { current: 2, best: 4, activeToday: false, lastActiveDay: '2026-11-26' },
    days: ['2026-11-25', '2026-11-26'],
  }
  render(<LearningStreak />)
  expect(await screen.findByText('Read a proverb today to keep it')).toBeTruthy()
  expect(screen.getByRole('cell', { name: 'November 26th, 2026: active' })).toBeTruthy()
  expect(screen.getByRole('cell', { name: 'November 27th, 2026 (today): not active' })).toBeTruthy()
  expect(screen.getByText('A day counts when you read a proverb, review your deck or finish a quiz — offline too.')).toBeTruthy()
  expect(document.querySelector('[aria-busy]')).toBeNull()
})

test('while its code loads, then while the device counts: said, and the place held, then by the same card and calendar unseen', async () => {
  // A fresh copy of the module: the streak's code is not loaded yet.
  vi.resetModules()
  const { LearningStreak: Fresh } = await import('./learning-streak')
  render(<Fresh />)
  expect(screen.getByRole('status').textContent).toBe('Loading your streak')
  expect(document.querySelector('.learning-streak__pending')!.getAttribute('aria-busy')).toBe('true')
  expect(await screen.findByText('A day counts when you read a proverb, review your deck or finish a quiz — offline too.')).toBeTruthy()
  await vi.waitFor(() => expect(document.querySelector('.learning-streak__pending')).toBeNull())
  expect(screen.getByRole('status').textContent).toBe('Loading your streak')
  expect(document.querySelector('.learning-streak__live')!.getAttribute('aria-busy')).toBe('true')
  const placeholder = document.querySelector('.learning-streak__placeholder')!
  expect(placeholder.getAttribute('aria-hidden')).toBe('true')
  expect(placeholder.querySelector('.streak-card')).not.toBeNull()
  expect(placeholder.querySelectorAll('.activity-calendar__day')).toHaveLength(120)
  expect(screen.queryByRole('table')).toBeNull()
})
