// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, cleanup, screen } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { replayDeck } from '@/core/learning/schedule'
import { renderWithApp } from '@/lib/test-render'
import { dateEntry, learningQueue, recordEntry } from '@/offline/learning'
import { runQueue } from '@/offline/queue'
import { offlineDb } from '@/offline/schema'
import { learningServer } from '@/offline/test-learning-server'
import { LearnHeader } from './learn-header'

// The device's log is the real one (on fake-indexeddb), synced with a stand-in for the server's.
vi.mock('@/lib/session', () => import('@/lib/test-session'))
// The test runs the rounds itself; the page's own syncing (started by the header's device read) stays out of it.
vi.mock('@/lib/queues', () => ({ startQueues: vi.fn(), requestSend: vi.fn() }))

afterEach(cleanup)

const MINUTE = 60_000

test('while the server calls what was done early the Learn pages say so: how fast the clock is, then, set right, that entries wait; then nothing', async () => {
  const db = await offlineDb()
  let clock = Date.UTC(2026, 10, 27, 9)
  let ahead = 12 * MINUTE
  const server = learningServer({ tokens: { 'token-7': 7 }, now: () => clock - ahead })
  const sync = () =>
    runQueue(
      learningQueue(async () => replayDeck),
      {
        db,
        fetch: server.fetch,
        now: () => clock,
        tokenFor: async (userId) => (userId === 7 ? 'token-7' : undefined),
        reader: 7,
      },
    )
  await recordEntry(db, 7, dateEntry({ kind: 'review', proverbId: 1, grade: 3 }, new Date(clock)))

  renderWithApp(<LearnHeader title="Learn" />, { path: '/learn' })
  expect(screen.getByRole('heading', { level: 1, name: 'Learn' })).toBeTruthy()
  const word = () => document.querySelector('.learn-header__clock')
  expect(word()).toBeNull()
  // The live region is there before anything is said in it, so what comes into it is heard.
  const live = document.querySelector('.learn-header > [role="status"]')!
  expect(live.textContent).toBe('')

  expect(await sync()).toMatchObject({ sent: 0, waiting: 1 })
  await screen.findByText('This device’s clock is about 12 minutes fast.')
  expect(live.contains(word())).toBe(true)
  expect(live.textContent).toContain(
    'What you did while it was fast is kept on this device and saved to your account once the right time catches up with it. Set the date and time to automatic so that what you do next is saved at once.',
  )

  // Set right: the review still waits, and the word says that instead.
  clock -= ahead
  ahead = 0
  expect(await sync()).toMatchObject({ sent: 0, waiting: 1 })
  await screen.findByText('Some of what you did waits on this device')
  expect(live.textContent).toContain(
    'It was dated ahead of the right time, while this device’s clock was fast, and is saved to your account once the right time catches up with it.',
  )

  clock += 7 * MINUTE + 1000
  expect(await sync()).toMatchObject({ sent: 1, waiting: 0 })
  await vi.waitFor(() => expect(word()).toBeNull())
  expect(live.textContent).toBe('')
})

test('what cannot be sent yet is said saved, with how much, until it is sent: offline, then with the server out of reach', async () => {
  const db = await offlineDb()
  const clock = Date.UTC(2026, 10, 28, 9)
  const server = learningServer({ tokens: { 'token-7': 7 }, now: () => clock })
  let serverUp = false
  const sync = () =>
    runQueue(
      learningQueue(async () => replayDeck),
      {
        db,
        fetch: (input, init) => (serverUp ? server.fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'))),
        now: () => clock,
        tokenFor: async (userId) => (userId === 7 ? 'token-7' : undefined),
        reader: 7,
        retryNow: true,
      },
    )
  act(() => onlineManager.setOnline(false))
  await recordEntry(db, 7, dateEntry({ kind: 'review', proverbId: 2, grade: 3 }, new Date(clock)))
  await recordEntry(db, 7, dateEntry({ kind: 'read', proverbId: 3 }, new Date(clock)))

  renderWithApp(<LearnHeader title="Learn" />, { path: '/learn' })
  const live = document.querySelector('.learn-header > [role="status"]')!
  await vi.waitFor(() => expect(live.textContent).toBe('Saved — will send when online: 2 readings and reviews'))
  expect(screen.getByText('You’re offline. Reviews are kept on this device and sent when you’re back online.')).toBeTruthy()

  // Online again, but the server cannot be reached: still saved, not sent.
  act(() => onlineManager.setOnline(true))
  expect(await sync()).toMatchObject({ sent: 0 })
  await vi.waitFor(() => expect(live.textContent).toBe('Saved — will send when online: 2 readings and reviews'))

  serverUp = true
  expect(await sync()).toMatchObject({ sent: 2, waiting: 0 })
  await vi.waitFor(() => expect(live.textContent).toBe('Sent'))
})
