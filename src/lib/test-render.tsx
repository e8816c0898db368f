import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'

// Test-only helpers shared by the features' component tests: a JSON response, and a render with a
// query client and a router that shows where it is.

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function Where() {
  const location = useLocation()
  return <output aria-label="Location">{`${location.pathname}${location.search}${location.hash}`}</output>
}

/** A query client as the tests want it: a failure is shown at once, not retried. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })

export function renderWithApp(ui: ReactNode, { client = testQueryClient(), path = '/' } = {}) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return { ...result, client }
}
