// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { expect, test, vi } from 'vitest'
import { testQueryClient } from './test-render'
import { ADA } from './test-session'

// The page's side of syncing starts with the first use of learning on a page, not with the first page's script.
vi.mock('@/lib/session', () => import('@/lib/test-session'))

const { useLearningCounts } = await import('./learning')

test('a badge shown asks for the reader’s log to be synced, with nothing recorded', async () => {
  const posted: unknown[] = []
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      controller: { postMessage: (message: unknown) => posted.push(message) },
      getRegistration: async () => undefined,
      addEventListener: () => undefined,
    },
  })
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: testQueryClient() }, children)
  const { result, unmount } = renderHook(() => useLearningCounts(), { wrapper })
  await waitFor(() => expect(result.current).toEqual({ deck: 0, due: 0 }))
  await waitFor(() => expect(posted).toEqual([{ type: 'SYNC_LEARNING', token: ADA.token, retryNow: false }]))
  unmount()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})
