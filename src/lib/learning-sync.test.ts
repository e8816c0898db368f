// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { LearningRetryNotice, SyncLearningCommand } from '@/offline/learning-messages'
import type { Session } from './session'

const ADA: Session = { token: 'token-7', user: { id: 7, email: 'ada@example.com', firstName: 'Ada', lastName: 'Obi' } as Session['user'] }
let session: Session | null = ADA
let signedIn: ((userId: number) => void) | undefined
vi.mock('@/lib/session', () => ({
  getSession: () => session,
  onSignedIn: (listener: (userId: number) => void) => {
    signedIn = listener
    return () => undefined
  },
}))

const { requestLearningSync, startLearningSync } = await import('./learning-sync')

let posted: SyncLearningCommand[]
let hear: ((event: MessageEvent<Partial<LearningRetryNotice>>) => void) | undefined

beforeEach(() => {
  session = ADA
  posted = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: { postMessage: (message: SyncLearningCommand) => posted.push(message) },
      getRegistration: async () => undefined,
      addEventListener: (_type: string, listener: (event: MessageEvent<Partial<LearningRetryNotice>>) => void) => (hear = listener),
    },
  })
})

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

test('changes made together are synced in one round', async () => {
  requestLearningSync()
  requestLearningSync()
  requestLearningSync()
  await waitFor(() => expect(posted).toHaveLength(1))
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(posted).toEqual([{ type: 'SYNC_LEARNING', token: 'token-7', retryNow: false }])
})

test('when first used, when the browser is back online and after a sign-in the log is synced; the worker’s retry time is kept', async () => {
  startLearningSync()
  await waitFor(() => expect(posted).toEqual([{ type: 'SYNC_LEARNING', token: 'token-7', retryNow: false }]), { timeout: 3000 })
  window.dispatchEvent(new Event('online'))
  await waitFor(() => expect(posted.at(-1)).toEqual({ type: 'SYNC_LEARNING', token: 'token-7', retryNow: true }))
  session = { ...ADA, token: 'token-7-new' }
  signedIn!(7)
  await waitFor(() => expect(posted.at(-1)).toEqual({ type: 'SYNC_LEARNING', token: 'token-7-new', retryNow: true }))
  // The worker's round failed: the page asks again when it is due (the worker may be stopped by then), not before.
  let count = posted.length
  hear!(new MessageEvent('message', { data: { type: 'LEARNING_RETRY', inMs: 1200, retryAt: Date.now() + 1200 } }))
  await new Promise((resolve) => setTimeout(resolve, 700))
  expect(posted).toHaveLength(count)
  await waitFor(() => expect(posted).toHaveLength(count + 1), { timeout: 1500 })
  // A worker of the version before says only when, by its clock; a notice saying neither is not a round at once.
  count = posted.length
  hear!(new MessageEvent('message', { data: { type: 'LEARNING_RETRY', retryAt: Date.now() + 1000 } }))
  await waitFor(() => expect(posted).toHaveLength(count + 1), { timeout: 2000 })
  count = posted.length
  hear!(new MessageEvent('message', { data: { type: 'LEARNING_RETRY' } }))
  await new Promise((resolve) => setTimeout(resolve, 1300))
  expect(posted).toHaveLength(count)
})

test('signed out nothing is synced', async () => {
  session = null
  requestLearningSync({ retryNow: true })
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(posted).toEqual([])
})
