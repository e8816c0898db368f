// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { API } from '@/core/http/api-paths'
import type { LearningSummary } from '@/core/learning/contract'
import { localDayOf, shiftDay } from '@/core/learning/days'
import { dateEntry, recordEntry } from '@/offline/learning'
import { offlineDb } from '@/offline/schema'
import { onye } from '@/offline/test-fixtures'
import { learningServer, type LearningServer } from '@/offline/test-learning-server'
import { QUEUE_CHANNEL } from '@/offline/messages'
import { testQueryClient } from './test-render'
import { ADA, setTestSession } from './test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const { addToDeck, recordQuizFinished, recordRead, removeFromDeck, useInDeck, useLearningCounts, useStreak } = await import('./learning')

let server: LearningServer
let summary: LearningSummary | undefined

beforeEach(async () => {
  const db = await offlineDb()
  for (const store of ['learning', 'learningCards', 'queue', 'queueState', 'proverbs', 'search'] as const) await db.clear(store)
  setTestSession(ADA)
  onlineManager.setOnline(true)
  server = learningServer({ tokens: { [ADA.token]: ADA.user.id } })
  summary = undefined
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === API.proverbPublic(onye.id)) return Response.json({ data: onye })
    if (url.startsWith(API.learningSummary))
      return summary ? Response.json({ data: summary }) : Response.json({ error: { code: 'x', message: 'Down' } }, { status: 503 })
    return server.fetch(url, init)
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'onLine')
})

const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: testQueryClient() }, children)
const logOf = async (userId = ADA.user.id) => (await offlineDb()).getAllFromIndex('learning', 'userId', userId)
const today = () => localDayOf(new Date()).day

test('a signed-in reader’s proverb read is kept once a local day; a visitor’s is not kept at all', async () => {
  recordRead(5)
  await waitFor(async () => expect(await logOf()).toHaveLength(1))
  recordRead(5)
  recordQuizFinished(41)
  await waitFor(async () => expect((await logOf()).map((e) => e.kind).sort()).toEqual(['quiz', 'read']))
  // Kept with the local day and offset of the moment (sent at once and pulled back from the server, -0 may come back 0).
  for (const entry of await logOf()) expect([entry.day, entry.offset + 0]).toEqual([today(), -new Date().getTimezoneOffset() + 0])

  setTestSession(null)
  recordRead(6)
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect((await (await offlineDb()).getAll('learning')).map((e) => e.userId)).toEqual([7, 7])
})

test('with no worker the page sends the log itself with the reader’s token, and keeps the deck’s proverbs on the device', async () => {
  await addToDeck([onye.id])
  await waitFor(async () => expect((await (await offlineDb()).get('proverbs', onye.id))?.proverb).toEqual(onye))
  await waitFor(() => expect(server.log(7).map((e) => e.kind)).toEqual(['add']))
  expect(server.calls[0]).toMatchObject({ method: 'POST', token: ADA.token })
  await waitFor(async () => expect((await logOf()).every((e) => e.sent === 1)).toBe(true))
})

test('a worker controlling the page is asked to sync, with the token; offline, Background Sync is asked instead', async () => {
  const posted: unknown[] = []
  const tags: string[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: { postMessage: (message: unknown) => posted.push(message) },
      getRegistration: async () => ({ sync: { register: async (tag: string) => void tags.push(tag) } }),
      addEventListener: () => undefined,
    },
  })
  recordRead(5)
  await waitFor(() => expect(posted).toEqual([{ type: 'QUEUE_SEND', queue: 'learning', token: ADA.token, retryNow: false }]))
  expect(server.calls).toEqual([])

  Object.defineProperty(navigator, 'onLine', { configurable: true, value: false })
  recordRead(6)
  await waitFor(() => expect(tags).toEqual(['owe-learning']))
  expect(posted).toHaveLength(1)
})

test('the badges count the deck and what is due, and follow changes from this page, another tab and the clock', async () => {
  const { result } = renderHook(() => ({ counts: useLearningCounts(), inDeck: useInDeck(onye.id) }), { wrapper })
  await waitFor(() => expect(result.current).toEqual({ counts: { deck: 0, due: 0 }, inDeck: false }))

  await act(() => addToDeck([onye.id, 2]))
  await waitFor(() => expect(result.current).toEqual({ counts: { deck: 2, due: 2 }, inDeck: true }))
  await act(() => removeFromDeck(onye.id))
  await waitFor(() => expect(result.current).toEqual({ counts: { deck: 1, due: 1 }, inDeck: false }))

  // The worker (or another tab) reviews card 2, due again in a moment, and says so on the channel.
  const db = await offlineDb()
  await db.put('learningCards', { userId: 7, proverbId: 2, inDeck: 1, due: Date.now() + 300 })
  const other = new BroadcastChannel(QUEUE_CHANNEL)
  other.postMessage({ type: 'queue-changed', queue: 'learning', userId: 7 })
  other.close()
  await waitFor(() => expect(result.current.counts).toEqual({ deck: 1, due: 0 }))
  // It falls due: counted again then, with nothing said.
  await waitFor(() => expect(result.current.counts).toEqual({ deck: 1, due: 1 }), { timeout: 2000 })
})

test('a change made while no badge listened is counted when one shows again, though the count is cached', async () => {
  const client = testQueryClient()
  const shared = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children)
  const first = renderHook(() => useLearningCounts(), { wrapper: shared })
  await waitFor(() => expect(first.result.current).toEqual({ deck: 0, due: 0 }))
  first.unmount()
  // The worker pulls a card added on another device while no badge is drawn, and says so: nobody hears it.
  await (await offlineDb()).put('learningCards', { userId: 7, proverbId: 2, inDeck: 1, due: Date.now() - 1000 })
  const other = new BroadcastChannel(QUEUE_CHANNEL)
  other.postMessage({ type: 'queue-changed', queue: 'learning', userId: 7 })
  other.close()
  const again = renderHook(() => useLearningCounts(), { wrapper: shared })
  await waitFor(() => expect(again.result.current).toEqual({ deck: 1, due: 1 }))
})

test('signed out there is nothing to show, and another reader sees none of it', async () => {
  await addToDeck([2])
  setTestSession({ ...ADA, token: 'token-8', user: { ...ADA.user, id: 8 } })
  const { result } = renderHook(() => ({ counts: useLearningCounts(), streak: useStreak() }), { wrapper })
  await waitFor(() => expect(result.current.counts).toEqual({ deck: 0, due: 0 }))
  await waitFor(() => expect(result.current.streak?.days).toEqual([]))
  setTestSession(null)
  const visitor = renderHook(() => ({ counts: useLearningCounts(), streak: useStreak(), inDeck: useInDeck(2) }), { wrapper })
  expect(visitor.result.current).toEqual({ counts: undefined, streak: undefined, inDeck: undefined })
})

test('the streak counts the device’s own days at once, and the server’s days when it can be asked', async () => {
  const db = await offlineDb()
  const now = new Date()
  const day = today()
  // Yesterday, recorded on this device (sent or not).
  await recordEntry(db, 7, dateEntry({ kind: 'read', proverbId: 1 }, new Date(now.getTime() - 86_400_000)))
  onlineManager.setOnline(false)
  const { result } = renderHook(() => useStreak(), { wrapper })
  await waitFor(() => expect(result.current?.streak).toMatchObject({ current: 1, activeToday: false }))
  expect(result.current?.today).toBe(day)

  // Read today, offline: it counts at once.
  act(() => recordRead(1))
  await waitFor(() => expect(result.current?.streak).toMatchObject({ current: 2, activeToday: true }))

  // Online, the server knows the two days before (from another device).
  summary = {
    today: day,
    streak: { current: 3, best: 3, activeToday: false, lastActiveDay: shiftDay(day, -1) },
    days: [shiftDay(day, -3), shiftDay(day, -2), shiftDay(day, -1)],
    deck: 0,
    due: 0,
  }
  act(() => onlineManager.setOnline(true))
  await waitFor(() => expect(result.current?.streak).toMatchObject({ current: 4, best: 4, activeToday: true }))
  expect(result.current?.days).toEqual([shiftDay(day, -3), shiftDay(day, -2), shiftDay(day, -1), day])
})
