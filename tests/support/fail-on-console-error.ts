import { afterEach, vi } from 'vitest'

// A console.error during a test is a bug the test did not notice: fail it.
const spy = vi.spyOn(console, 'error')

afterEach(() => {
  const calls = spy.mock.calls
  spy.mockClear()
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args) => args.map(String).join(' ')).join('\n')}`)
  }
})
