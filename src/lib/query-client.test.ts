// @vitest-environment jsdom
import { onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, expect, test } from 'vitest'
import { ApiError } from './api-client'
import { createQueryClient, shouldRetry } from './query-client'
import { markSavedCopy, oldestSavedCopyOnScreen, savedCopyTime } from './saved-copies'

afterEach(() => onlineManager.setOnline(true))

test('reads are offline-first (the worker answers them) and changes fail at once instead of pausing', () => {
  const client = createQueryClient()
  expect(client.getDefaultOptions().queries?.networkMode).toBe('offlineFirst')
  expect(client.getDefaultOptions().mutations?.networkMode).toBe('always')
  // Kept at least as long as the persisted cache is trusted.
  expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(7 * 24 * 60 * 60_000)
})

test('retries: never a 4xx, network failures only while online, at most two more tries', () => {
  const offline = new ApiError(0, 'network', 'offline')
  expect(shouldRetry(0, new ApiError(404, 'not_found', 'gone'))).toBe(false)
  expect(shouldRetry(0, new ApiError(503, 'unavailable', 'busy'))).toBe(true)
  expect(shouldRetry(2, new ApiError(503, 'unavailable', 'busy'))).toBe(false)
  expect(shouldRetry(0, offline)).toBe(true)
  onlineManager.setOnline(false)
  expect(shouldRetry(0, offline)).toBe(false)
})

test('equal data keeps its object, unless one copy came from the device and the other did not', async () => {
  const client = createQueryClient()
  const fromDevice = [{ id: 1 }]
  markSavedCopy(fromDevice, 1000)
  client.setQueryData(['today'], fromDevice)
  const fresh = [{ id: 1 }]
  client.setQueryData(['today'], fresh)
  expect(client.getQueryData(['today'])).toBe(fresh)
  expect(savedCopyTime(client.getQueryData(['today']))).toBeUndefined()
  client.setQueryData(['today'], [{ id: 1 }])
  expect(client.getQueryData(['today'])).toBe(fresh)
})

test('the oldest saved copy counts only queries on screen', () => {
  const client = createQueryClient()
  const older = { id: 'older' }
  const newer = { id: 'newer' }
  markSavedCopy(older, 1000)
  markSavedCopy(newer, 5000)
  client.setQueryData(['a'], older)
  client.setQueryData(['b'], newer)
  expect(oldestSavedCopyOnScreen(client)).toBeNull()
  const stop = new QueryObserver(client, { queryKey: ['b'], enabled: false }).subscribe(() => undefined)
  expect(oldestSavedCopyOnScreen(client)).toBe(5000)
  const stopToo = new QueryObserver(client, { queryKey: ['a'], enabled: false }).subscribe(() => undefined)
  expect(oldestSavedCopyOnScreen(client)).toBe(1000)
  stop()
  stopToo()
  expect(oldestSavedCopyOnScreen(client)).toBeNull()
})
