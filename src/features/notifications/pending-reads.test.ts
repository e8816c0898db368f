// @vitest-environment jsdom
import { onlineManager } from '@tanstack/react-query'
import { afterEach, expect, test, vi } from 'vitest'
import { addPendingRead, flushPendingReads, pendingReads, removePendingRead } from './pending-reads'
import { ADA, setTestSession } from '@/lib/test-session'

vi.mock('@/lib/session', () => import('@/lib/test-session'))

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
  onlineManager.setOnline(true)
  setTestSession(ADA)
})

test('pending reads are kept per user in local storage, once each', () => {
  addPendingRead(7, 2, '2026-11-21T10:00:00Z')
  addPendingRead(7, 2, '2026-11-21T11:00:00Z')
  addPendingRead(8, 5, '2026-11-21T10:00:00Z')
  expect(pendingReads(7)).toEqual([{ id: 2, readAt: '2026-11-21T10:00:00Z' }])
  expect(pendingReads(8)).toEqual([{ id: 5, readAt: '2026-11-21T10:00:00Z' }])
  removePendingRead(7, 2)
  expect(pendingReads(7)).toEqual([])
  expect(localStorage.getItem('owe-notification-reads:7')).toBeNull()
  localStorage.setItem('owe-notification-reads:7', 'not json')
  expect(pendingReads(7)).toEqual([])
})

test('a flush sends each read with the user’s token: done and gone kept out, failures kept for later', async () => {
  for (const id of [1, 2, 3, 4]) addPendingRead(7, id, '2026-11-21T10:00:00Z')
  const answers: Record<string, () => Response> = {
    '/user/notification/fetch/1': () => json({ data: { id: 1 } }),
    '/user/notification/fetch/2': () => json({ error: { code: 'not_found', message: 'Gone' } }, 404),
    '/user/notification/fetch/3': () => json({ error: { code: 'unavailable', message: 'Busy' } }, 503),
  }
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const answer = answers[url]
    if (!answer) throw new TypeError('Failed to fetch')
    return answer()
  })
  vi.stubGlobal('fetch', fetch)
  await flushPendingReads(7)
  expect(pendingReads(7).map((read) => read.id)).toEqual([3, 4])
  expect(fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual(
    Array(4).fill('Bearer token-7'),
  )
})

test('nothing is sent offline, nor for another user than the one signed in', async () => {
  addPendingRead(7, 1, '2026-11-21T10:00:00Z')
  addPendingRead(8, 2, '2026-11-21T10:00:00Z')
  const fetch = vi.fn(async () => json({ data: {} }))
  vi.stubGlobal('fetch', fetch)
  onlineManager.setOnline(false)
  await flushPendingReads(7)
  onlineManager.setOnline(true)
  await flushPendingReads(8)
  setTestSession(null)
  await flushPendingReads(7)
  expect(fetch).not.toHaveBeenCalled()
  expect(pendingReads(7)).toHaveLength(1)
  expect(pendingReads(8)).toHaveLength(1)
})

test('one request per message at a time: a flush joins a send already under way', async () => {
  addPendingRead(7, 1, '2026-11-21T10:00:00Z')
  let answer = (_response: Response) => undefined as void
  const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)))
  vi.stubGlobal('fetch', fetch)
  const first = flushPendingReads(7)
  const second = flushPendingReads(7)
  answer(json({ data: { id: 1 } }))
  await Promise.all([first, second])
  expect(fetch).toHaveBeenCalledTimes(1)
  expect(pendingReads(7)).toEqual([])
})
