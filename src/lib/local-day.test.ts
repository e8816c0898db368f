// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { onLocalDayChange, useLocalDay } from './local-day'

afterEach(() => {
  vi.useRealTimers()
})

test('the local day changes at local midnight, every night', () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 23, 23, 59, 0), toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  const heard = vi.fn()
  const stop = onLocalDayChange(heard)
  const { result } = renderHook(() => useLocalDay())
  expect(result.current).toBe('2026-11-23')
  act(() => vi.advanceTimersByTime(30_000))
  expect(heard).not.toHaveBeenCalled()
  act(() => vi.advanceTimersByTime(32_000))
  expect(heard).toHaveBeenCalledTimes(1)
  expect(result.current).toBe('2026-11-24')
  // And the next night too.
  act(() => vi.advanceTimersByTime(24 * 60 * 60_000))
  expect(heard).toHaveBeenCalledTimes(2)
  stop()
})
