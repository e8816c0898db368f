import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within, type RenderResult } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, expect, vi } from 'vitest'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { groupsQuery } from '@/entities/catalogue/queries'
import { json, testQueryClient } from '@/lib/test-render'

// Test-only: the console's routes under /admin/*, as the app mounts them, with the groups already loaded,
// and a stand-in for the API at the fetch boundary. Each test starts on an empty page with the real fetch.
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

export const GROUPS: EthnicGroup[] = [
  { id: 1, name: 'Yoruba', slug: 'yoruba', language: 'Yoruba', image: null, proverbCount: 120 },
  { id: 2, name: 'Igbo', slug: 'igbo', language: 'Igbo', image: null, proverbCount: 80 },
]

function Where() {
  const location = useLocation()
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
}

export function renderAdmin(ui: ReactNode, path = '/admin'): RenderResult {
  const client = testQueryClient()
  client.setQueryData(groupsQuery().queryKey, GROUPS)
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin/*" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** A fetch stand-in that answers by method, path (and query), and keeps what was sent and what was asked. */
export function fakeApi(
  answer: (method: string, path: string, body: unknown, query: URLSearchParams) => Response | Promise<Response> | undefined,
) {
  const sent: { method: string; path: string; body: unknown }[] = []
  /** Each request's path and query string: "GET /api/admin/proverbs?page=1&size=20". */
  const asked: string[] = []
  const fetch = async (url: string, init?: RequestInit) => {
    const { pathname, search, searchParams } = new URL(url, 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    sent.push({ method, path: pathname, body })
    asked.push(`${method} ${pathname}${search}`)
    return (
      (await answer(method, pathname, body, searchParams)) ??
      new Response(JSON.stringify({ error: { code: 'not_found', message: `No ${method} ${pathname}` } }), { status: 404 })
    )
  }
  return { fetch, sent, asked }
}

/** `fakeApi`, put in place of fetch for this test. */
export function serveApi(answer: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(answer)
  vi.stubGlobal('fetch', vi.fn(api.fetch))
  return api
}

/**
 * A section whose list the server refuses shows the server's message in an alert, under what failed.
 * Afterwards the server answers with `then` (for "Try again").
 */
export async function expectLoadFailure(ui: ReactNode, path: string, noun: string, then?: Parameters<typeof fakeApi>[0]) {
  let failing = true
  const api = serveApi((...request) => (failing ? failure(500, 'The database is away.', 'internal') : then?.(...request)))
  renderAdmin(ui, path)
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain(`Could not load the ${noun}`)
  expect(alert.textContent).toContain('The database is away.')
  failing = false
  return { alert, api }
}

/** Types into a form's fields, found by their labels: { Question: 'Why?', Answer: 'Because.' }. */
export function fill(form: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(form).getByLabelText(label), { target: { value } })
}

/** One page of a paged list, as the server sends it. */
export const pageOf = <T,>(data: T[], { page = 1, size = 20, totalPages = data.length ? 1 : 0, totalElements = data.length } = {}) => ({
  data,
  page,
  size,
  totalPages,
  totalElements,
})

/** The server's error body. */
export const failure = (status: number, message: string, code = 'conflict') => json({ error: { code, message } }, status)
