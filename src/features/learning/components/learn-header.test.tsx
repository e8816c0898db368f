// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { replayDeck } from '@/core/learning/schedule'
import { renderWithApp } from '@/lib/test-render'
import { dateEntry, recordEntry, syncLearning } from '@/offline/learning'
import { offlineDb } from '@/offline/schema'
import { learningServer } from '@/offline/test-learning-server'
import { LearnHeader } from './learn-header'

// The device's log is the real one (on fake-indexeddb), synced with a stand-in for the server's.
vi.mock('@/lib/session', () => import('@/lib/test-session'))

afterEach(cleanup)

const MINUTE = 60_000

test('while the server calls what was done early (the clock is 12 minutes fast) the Learn pages say so, and stop once it is sent', async () => {
  const db = await offlineDb()
  let clock = Date.UTC(2026, 10, 27, 9)
  const server = learningServer({ tokens: { 'token-7': 7 }, now: () => clock - 12 * MINUTE })
  const sync = () =>
    syncLearning({ db, fetch: server.fetch, now: () => clock, userId: 7, token: 'token-7', loadReplay: async () => replayDeck })
  await recordEntry(db, 7, dateEntry({ kind: 'review', proverbId: 1, grade: 3 }, new Date(clock)))

  renderWithApp(<LearnHeader title="Learn" />, { path: '/learn' })
  expect(screen.getByRole('heading', { level: 1, name: 'Learn' })).toBeTruthy()
  const clockWord = () => document.querySelector('.learn-header__clock')
  expect(clockWord()).toBeNull()

  expect(await sync()).toMatchObject({ sent: 0, waiting: 1, clockAheadMs: 12 * MINUTE })
  const title = await screen.findByText('This device’s clock is about 12 minutes fast.')
  // Said politely, once, in the header of both Learn pages.
  const status = title.closest('[role="status"]')!
  expect(status).toBe(clockWord())
  expect(status.textContent).toContain(
    'What you did in the last few minutes is kept on this device and saved to your account once the right time catches up with it. Set the date and time to automatic so that new reviews are saved at once.',
  )

  clock += 7 * MINUTE + 1000
  expect(await sync()).toMatchObject({ sent: 1, waiting: 0, clockAheadMs: null })
  await vi.waitFor(() => expect(clockWord()).toBeNull())
})
