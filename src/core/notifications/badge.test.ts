import { expect, test, vi } from 'vitest'
import { appBadgeCount, applyAppBadge } from './badge'

test('the badge counts unread messages and cards due', () => {
  expect(appBadgeCount({ unread: 2, due: 5 })).toBe(7)
  expect(appBadgeCount({ unread: 0, due: 0 })).toBe(0)
})

test('a count is set, 0 clears, and a browser without badges is left alone', async () => {
  const calls: string[] = []
  const navigator = { setAppBadge: async (n?: number) => void calls.push(`set ${n}`), clearAppBadge: async () => void calls.push('clear') }
  await applyAppBadge(navigator, 7)
  await applyAppBadge(navigator, 0)
  await applyAppBadge(navigator, undefined)
  await applyAppBadge({}, 3)
  await applyAppBadge(undefined, 3)
  expect(calls).toEqual(['set 7', 'clear'])
})

test('a refusal (not installed, no permission) is logged, not thrown', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  await applyAppBadge({ setAppBadge: () => Promise.reject(new Error('NotAllowedError')) }, 1)
  expect(warn).toHaveBeenCalledOnce()
  warn.mockRestore()
})
