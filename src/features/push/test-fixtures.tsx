import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { vi } from 'vitest'

// Test-only: the browser's push pieces (Notification, service worker, storage) as small stand-ins, and
// a render with a query client and a router that shows where it is.

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** Notification with a permission the test sets, and PushManager, so push counts as supported. */
export function stubNotifications(state: { permission: NotificationPermission }) {
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return state.permission
      }
      static requestPermission = vi.fn(async () => state.permission)
    },
  )
  vi.stubGlobal('PushManager', class {})
}

export function stubServiceWorker(value: Partial<ServiceWorkerContainer> | undefined) {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value })
}

function Where() {
  const location = useLocation()
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>
}

export function renderWithApp(ui: ReactNode, { client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }), path = '/' } = {}) {
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
