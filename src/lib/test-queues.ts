import { vi } from 'vitest'
import { settled } from './queues'

/** For a test's end: every send its page asked for has ended, so none runs under the next test's fetch. */
export async function sendsSettled(): Promise<void> {
  await vi.dynamicImportSettled()
  await settled()
}
