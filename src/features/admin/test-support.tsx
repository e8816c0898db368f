import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import type { EthnicGroup } from '@/core/contract'
import { GroupsProvider } from './components/groups'

// Test-only: the console's routes under /admin/*, as the app mounts them, with the groups handed over.

export const GROUPS: EthnicGroup[] = [
  { id: 1, name: 'Yoruba', slug: 'yoruba', language: 'Yoruba', image: null, proverbCount: 120 },
  { id: 2, name: 'Igbo', slug: 'igbo', language: 'Igbo', image: null, proverbCount: 80 },
]

const useGroups = () => useQuery({ queryKey: ['test', 'groups'], queryFn: async () => GROUPS })

function Where() {
  const location = useLocation()
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
}

export function renderAdmin(ui: ReactNode, path = '/admin') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <GroupsProvider useGroups={useGroups}>
          <Routes>
            <Route path="/admin/*" element={ui} />
          </Routes>
        </GroupsProvider>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** A fetch stand-in that answers by method and path, and keeps what was sent. */
export function fakeApi(answer: (method: string, path: string, body: unknown) => Response | undefined) {
  const sent: { method: string; path: string; body: unknown }[] = []
  const fetch = async (url: string, init?: RequestInit) => {
    const { pathname } = new URL(url, 'http://localhost')
    const method = init?.method ?? 'GET'
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    sent.push({ method, path: pathname, body })
    return answer(method, pathname, body) ?? new Response(JSON.stringify({ error: { code: 'not_found', message: `No ${method} ${pathname}` } }), { status: 404 })
  }
  return { fetch, sent }
}
