// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest'
import { holdUntilSignedIn, releaseSessionHold, SESSION_PENDING_CLASS } from './server-render'

const held = () => document.documentElement.classList.contains(SESSION_PENDING_CLASS)

afterEach(() => {
  vi.useRealTimers()
  document.documentElement.className = ''
})

test('a visitor’s page holds nothing back', () => {
  holdUntilSignedIn(false)
  expect(held()).toBe(false)
})

test('a signed-in reader’s page holds back what follows their sections until a frame has been painted without it', () => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
  holdUntilSignedIn(true)
  expect(held()).toBe(true)
  releaseSessionHold()
  // Released in the same frame, it would be seen to move.
  expect(held()).toBe(true)
  vi.advanceTimersToNextFrame()
  expect(held()).toBe(true)
  vi.advanceTimersToNextFrame()
  expect(held()).toBe(false)
})

test('a page never taken over shows it all the same, after a few seconds', () => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'setTimeout'] })
  holdUntilSignedIn(true)
  vi.advanceTimersByTime(4999)
  expect(held()).toBe(true)
  vi.advanceTimersByTime(1)
  expect(held()).toBe(false)
})
