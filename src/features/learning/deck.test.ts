// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { replayDeck } from '@/core/learning/schedule'
import { dateEntry, readCounts, readLog, recordEntry } from '@/offline/learning'
import { QUEUE_CHANNEL } from '@/offline/messages'
import { offlineDb } from '@/offline/schema'
import { saveProverbs } from '@/offline/store'
import { iwaLesin, onye, zomo } from '@/offline/test-fixtures'
import { ADA, setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const { useProgress, useReviewQueue } = await import('./deck')

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/**
 * A reader of their own for each test: the deck's store in memory outlives a test by a while (it is kept
 * between Learn pages), and would otherwise hold the last test's cards.
 */
let reader = 100

beforeEach(async () => {
  const db = await offlineDb()
  for (const store of ['learning', 'learningCards', 'queue', 'queueState', 'proverbs', 'search'] as const) await db.clear(store)
  reader++
  setTestSession({ ...ADA, user: { ...ADA.user, id: reader } })
  // The server cannot be reached: everything here is the device's.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** Cards put in the deck a while ago, so all are due; their proverbs on the device where given. */
async function deckOf(ids: number[], ago = DAY) {
  const db = await offlineDb()
  for (const [i, proverbId] of ids.entries())
    await recordEntry(db, reader, dateEntry({ kind: 'add', proverbId }, new Date(Date.now() - ago + i)))
  return db
}

test('the queue is the deck’s due cards, longest overdue first, with their proverbs from the device', async () => {
  const db = await deckOf([iwaLesin.id, onye.id, zomo.id])
  await saveProverbs(db, [iwaLesin, onye], Date.now())
  const { result, unmount } = renderHook(() => useReviewQueue())
  expect(result.current.status).toBe('loading')
  await waitFor(() => expect(result.current.status).toBe('ready'))
  expect(result.current.due.map((c) => c.proverbId)).toEqual([iwaLesin.id, onye.id, zomo.id])
  expect(result.current.deck).toHaveLength(3)
  expect(result.current.nextDue).toBeNull()
  expect([...result.current.proverbs.keys()].sort()).toEqual([iwaLesin.id, onye.id].sort())
  expect(result.current.proverbs.get(onye.id)).toEqual(onye)
  unmount()
})

test('a graded card leaves the queue at once; the review is then on the device, the badge’s card store agreeing with the replay', async () => {
  const db = await deckOf([1, 2])
  const { result, unmount } = renderHook(() => useReviewQueue())
  await waitFor(() => expect(result.current.status).toBe('ready'))
  act(() => result.current.grade(1, 3))
  // No waiting: the very next render shows the next card.
  expect(result.current.due.map((c) => c.proverbId)).toEqual([2])
  expect(result.current.nextDue).toBe(result.current.deck.find((c) => c.proverbId === 1)!.due)

  await waitFor(async () => expect((await readLog(db, reader)).filter((e) => e.kind === 'review')).toHaveLength(1))
  const replayed = replayDeck(await readLog(db, reader))
  expect(replayed.get(1)!.due).toBe(result.current.deck.find((c) => c.proverbId === 1)!.due)
  await waitFor(async () =>
    expect(await readCounts(db, reader, Date.now())).toMatchObject({ deck: 2, due: 1, nextDue: Date.parse(replayed.get(1)!.due) }),
  )
  unmount()
})

test('a grade is written once the next card has had its frame, and within a tenth of a second where no frame comes (a hidden tab)', async () => {
  const db = await deckOf([1, 2, 3])
  const frames: FrameRequestCallback[] = []
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
  const { result, unmount } = renderHook(() => useReviewQueue())
  await waitFor(() => expect(result.current.status).toBe('ready'))
  const reviews = async () =>
    (await readLog(db, reader))
      .filter((e) => e.kind === 'review')
      .map((e) => e.proverbId)
      .sort()

  act(() => result.current.grade(1, 3))
  await new Promise((resolve) => setTimeout(resolve, 20))
  // The frame has not come: nothing written yet, while the queue has moved on.
  expect(await reviews()).toEqual([])
  expect(result.current.due.map((c) => c.proverbId)).toEqual([2, 3])
  frames.splice(0).forEach((frame) => frame(performance.now()))
  await waitFor(async () => expect(await reviews()).toEqual([1]))

  // No frame ever (the tab was hidden as the reader graded): written all the same.
  act(() => result.current.grade(2, 3))
  await waitFor(async () => expect(await reviews()).toEqual([1, 2]), { timeout: 1000 })
  expect(frames).toHaveLength(1)
  unmount()
})

test('a card graded Again comes back the same session once it falls due', async () => {
  await deckOf([1, 2])
  const { result, unmount } = renderHook(() => useReviewQueue())
  await waitFor(() => expect(result.current.status).toBe('ready'))
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() })
  act(() => result.current.grade(1, 1))
  expect(result.current.due.map((c) => c.proverbId)).toEqual([2])
  act(() => vi.advanceTimersByTime(MINUTE + 100))
  expect(result.current.due.map((c) => c.proverbId)).toContain(1)
  vi.useRealTimers()
  unmount()
})

test('grade a card → next card shown: median under 30 ms', async () => {
  await deckOf(Array.from({ length: 200 }, (_, i) => i + 1))
  const { result, unmount } = renderHook(() => useReviewQueue())
  await waitFor(() => expect(result.current.status).toBe('ready'))
  const times: number[] = []
  for (let i = 0; i < 40; i++) {
    const card = result.current.due[0]
    const start = performance.now()
    act(() => result.current.grade(card.proverbId, ((i % 4) + 1) as 1 | 2 | 3 | 4))
    expect(result.current.due[0]?.proverbId).not.toBe(card.proverbId)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  expect(times[times.length / 2]).toBeLessThan(30)
  unmount()
})

test('a change made elsewhere (another tab, the worker’s pull) reaches the queue', async () => {
  const db = await deckOf([1])
  const { result, unmount } = renderHook(() => useReviewQueue())
  await waitFor(() => expect(result.current.deck).toHaveLength(1))
  // Written by another runtime, heard on the channel.
  await db.put('learning', { ...dateEntry({ kind: 'add', proverbId: 2 }, new Date()), userId: reader, sent: 1, seq: 5 })
  const other = new BroadcastChannel(QUEUE_CHANNEL)
  other.postMessage({ type: 'queue-changed', queue: 'learning', userId: reader })
  other.close()
  await waitFor(() => expect(result.current.deck.map((c) => c.proverbId).sort()).toEqual([1, 2]))
  // The deck's proverb arriving on the device is shown too.
  await saveProverbs(db, [onye], Date.now())
  await recordEntry(db, reader, dateEntry({ kind: 'add', proverbId: onye.id }, new Date()))
  await waitFor(() => expect(result.current.proverbs.get(onye.id)).toEqual(onye))
  unmount()
})

test('progress counts the reviews of today, graded here or not yet written', async () => {
  await deckOf([1, 2])
  const { result, unmount } = renderHook(() => ({ queue: useReviewQueue(), progress: useProgress() }))
  await waitFor(() => expect(result.current.progress).toMatchObject({ deck: 2, learned: 0, retention: null, reviewsPerDay: [] }))
  act(() => result.current.queue.grade(1, 1))
  act(() => result.current.queue.grade(2, 3))
  expect(result.current.progress?.reviewsPerDay).toEqual([{ day: expect.any(String), reviews: 2, again: 1 }])
  unmount()
})

test('signed out there is no queue to grade', () => {
  setTestSession(null)
  const { result } = renderHook(() => ({ queue: useReviewQueue(), progress: useProgress() }))
  expect(result.current.queue).toMatchObject({ status: 'loading', due: [], deck: [], nextDue: null })
  expect(result.current.progress).toBeUndefined()
  act(() => result.current.queue.grade(1, 3))
})
