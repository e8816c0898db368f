// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { testQueryClient } from './test-render'

// The header, the tab bar and the proverb page import src/lib/learning.ts: it must never bring the scheduler
// (ts-fsrs, 13 KB gzip) onto a page, nor its idb-backed log before it is used.

vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('ts-fsrs', () => {
  throw new Error('ts-fsrs was loaded')
})

const { addToDeck, recordRead, removeFromDeck, useInDeck, useLearningCounts } = await import('./learning')

beforeEach(() => {
  // The server cannot be reached: the log only waits.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: testQueryClient() }, children)

test('recording and the badges’ counts work without the scheduler', async () => {
  const warn = vi.spyOn(console, 'warn')
  const { result } = renderHook(() => ({ counts: useLearningCounts(), inDeck: useInDeck(1) }), { wrapper })
  await act(() => addToDeck([1, 2, 3]))
  await act(() => removeFromDeck(1))
  act(() => recordRead(3))
  await waitFor(() => expect(result.current).toEqual({ counts: { deck: 2, due: 2 }, inDeck: false }))
  // The round that tried to send them has run (and failed to reach the server) without loading it either.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(warn.mock.calls.flat().join(' ')).not.toContain('ts-fsrs')
})

/** Every source file of the app, as text. */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

function resolve(from: string, specifier: string): string {
  if (!specifier.startsWith('.') && !specifier.startsWith('@/')) return specifier
  const base = specifier.startsWith('@/') ? `/src/${specifier.slice(2)}` : new URL(specifier, `file://${from}`).pathname
  return [base, `${base}.ts`, `${base}.tsx`].find((path) => path in sources) ?? base
}

/** What a module brings with it: static imports (types aside), transitively; `import()` too when `lazy`. */
function graph(entry: string, { lazy }: { lazy: boolean }): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const source = sources[file]
    if (source === undefined) return
    const found = [...source.matchAll(/^(?:import|export)(?!\s+type\s)[^'"]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm)].map(
      (m) => m[1] ?? m[2],
    )
    if (lazy) found.push(...[...source.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]))
    for (const specifier of found) visit(resolve(file, specifier))
  }
  visit(entry)
  return seen
}

test('the page’s learning module imports neither ts-fsrs nor the schedule, and what it loads to record and count neither', () => {
  const eager = graph('/src/lib/learning.ts', { lazy: false })
  expect(eager.has('/src/lib/api-client.ts')).toBe(true)
  expect(eager.has('idb')).toBe(false)
  for (const heavy of ['ts-fsrs', '/src/core/learning/schedule.ts']) expect(eager.has(heavy)).toBe(false)
  // What recording and counting load on first use: the log (with idb), never the scheduler.
  const log = new Set([...graph('/src/offline/learning.ts', { lazy: true }), ...graph('/src/offline/schema.ts', { lazy: true })])
  expect(log.has('idb')).toBe(true)
  for (const heavy of ['ts-fsrs', '/src/core/learning/schedule.ts']) expect(log.has(heavy)).toBe(false)
})
