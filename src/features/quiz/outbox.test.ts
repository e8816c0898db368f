// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { offlineDb } from '@/offline/schema'
import type { Session } from '@/lib/session'

let session: Session | null = null
let signedIn: ((userId: number) => void) | undefined
vi.mock('@/lib/session', () => ({
  getSession: () => session,
  onSignedIn: (listener: (userId: number) => void) => {
    signedIn = listener
    return () => undefined
  },
}))

const { requestDrain, saveAnswer, submitAttempt, useBatchDelivery, useFailedEntries, retryFailed, discardFailed } = await import('./outbox')
const { startQueues } = await import('@/lib/queues')

type Sent = { url: string; authorization: string | null; key: string | null }
let sent: Sent[]
let status: number

beforeEach(async () => {
  const db = await offlineDb()
  await db.clear('queue')
  await db.clear('queueState')
  await db.clear('quizAnswers')
  session = { token: 'token-of-7', user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Eze' } as Session['user'] }
  sent = []
  status = 200
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers)
    sent.push({ url, authorization: headers.get('Authorization'), key: headers.get('Idempotency-Key') })
    return Response.json(status < 300 ? { data: {} } : { error: { code: 'closed', message: 'This quiz is closed.' } }, { status })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'onLine')
})

const waitingAnswers = async () => (await offlineDb()).countFromIndex('queue', 'scope', IDBKeyRange.bound(['outbox'], ['outbox', []]))
const withQueries = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) }, children)

const answer = { userId: 7, batchId: 41, questionId: 1, answerOptionId: 11 }

test('an answer is stored before saveAnswer resolves; with no worker the page sends it with the session’s token', async () => {
  await saveAnswer(answer)
  // Stored (the screen says "saved" now); the send follows.
  const db = await offlineDb()
  expect(await db.count('quizAnswers')).toBe(1)
  await waitFor(() => expect(sent).toHaveLength(1))
  expect(sent[0]).toMatchObject({ url: '/quiz_attempt/submit-single', authorization: 'Bearer token-of-7' })
  await waitFor(async () => expect(await waitingAnswers()).toBe(0))
})

test('the page never sends another user’s entries with the session’s token', async () => {
  session = { ...session!, user: { ...session!.user, id: 8 } }
  await saveAnswer(answer)
  await submitAttempt({ userId: 7, batchId: 41 })
  requestDrain()
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(sent).toEqual([])
  expect(await waitingAnswers()).toBe(2)
})

test('a worker controlling the page is asked to send, with a message carrying the token; offline, Background Sync instead', async () => {
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
  await saveAnswer(answer)
  await waitFor(() => expect(posted).toEqual([{ type: 'QUEUE_SEND', queue: 'outbox', token: 'token-of-7', retryNow: false }]))
  expect(tags).toEqual([])
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  await saveAnswer({ ...answer, questionId: 2 })
  await waitFor(() => expect(tags).toEqual(['owe-outbox']))
  expect(posted).toHaveLength(1)
  expect(sent).toEqual([])
})

test('the hooks follow the outbox: saved, then delivered; refused, retried and discarded', async () => {
  const batch = renderHook(() => useBatchDelivery(7, 41), { wrapper: withQueries })
  const failed = renderHook(() => useFailedEntries(7), { wrapper: withQueries })
  await waitFor(() => expect(batch.result.current).toMatchObject({ synced: true, answers: {} }))

  status = 409
  await act(() => saveAnswer(answer))
  await waitFor(() => expect(failed.result.current.map((f) => f.error)).toEqual(['This quiz is closed.']))
  expect(batch.result.current!.answers[1]).toEqual({ answerOptionId: 11, delivery: 'failed', error: 'This quiz is closed.' })

  status = 200
  await act(() => retryFailed(7))
  await waitFor(() => expect(batch.result.current).toMatchObject({ synced: true, answers: { 1: { delivery: 'delivered' } } }))
  expect(failed.result.current).toEqual([])

  status = 404
  await act(() => saveAnswer({ ...answer, questionId: 2 }))
  await waitFor(() => expect(failed.result.current).toHaveLength(1))
  await act(() => discardFailed(7, failed.result.current[0].key))
  await waitFor(() => expect(failed.result.current).toEqual([]))
  expect(batch.result.current!.answers[2]).toBeUndefined()
  batch.unmount()
  failed.unmount()
})

test('answers that waited for their reader to sign in again are sent as soon as the sign-in is done', async () => {
  startQueues()
  // Signed out (the session ended): the answer is kept and waits.
  session = null
  await saveAnswer(answer)
  await new Promise((resolve) => setTimeout(resolve, 100))
  expect(sent.filter((s) => s.url.startsWith('/quiz'))).toEqual([])

  session = { token: 'new-token-of-7', user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Eze' } as Session['user'] }
  signedIn!(7)
  // Every queue goes then (the learning log is pulled too): the answer among them.
  const answers = () => sent.filter((s) => s.url === '/quiz_attempt/submit-single')
  await waitFor(() => expect(answers()).toHaveLength(1))
  expect(answers()[0]).toMatchObject({ authorization: 'Bearer new-token-of-7' })
})
