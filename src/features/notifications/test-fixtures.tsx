import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter, Outlet, Route, Routes, useLocation } from 'react-router-dom'
import { vi } from 'vitest'
import { API } from '@/core/http/api-paths'
import type { AppNotification, NotificationPage } from '@/core/notifications/contract'
import { createQueryClient } from '@/lib/query-client'
import NotificationBell from './components/notification-bell'
import NotificationDetailRoute from './routes/notification-detail'
import NotificationsRoute from './routes/notifications'

/** Message {id}: "Message {id}", unread, from an hour before the test's clock unless changed. */
export const notification = (id: number, changes: Partial<AppNotification> = {}): AppNotification => ({
  id,
  kind: 'broadcast',
  title: `Message ${id}`,
  body: `Body of message ${id}`,
  url: null,
  read: false,
  readAt: null,
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
  ...changes,
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function paged(items: AppNotification[], url: URL): NotificationPage {
  const page = Number(url.searchParams.get('page') ?? 1)
  const size = Number(url.searchParams.get('size') ?? 7)
  return {
    data: items.slice((page - 1) * size, page * size),
    page,
    size,
    totalPages: Math.max(1, Math.ceil(items.length / size)),
    totalElements: items.length,
  }
}

/**
 * A stand-in for the notification API, newest first, speaking its shapes: opening a message marks it read.
 * `offline` makes every request fail as a dropped connection does; `readStatus` answers the opening GET
 * with that error status; `holdReads` keeps opening GETs waiting until it resolves.
 */
export function fakeServer(items: AppNotification[]) {
  const state = { items, offline: false, readStatus: 0, holdReads: null as Promise<void> | null }
  const fetch = vi.fn(async (input: string) => {
    if (state.offline) throw new TypeError('Failed to fetch')
    const url = new URL(input, 'http://owe.test')
    const opened = /^\/user\/notification\/fetch\/(\d+)$/.exec(url.pathname)
    if (opened) {
      if (state.holdReads) await state.holdReads
      if (state.offline) throw new TypeError('Failed to fetch')
      if (state.readStatus) return json({ error: { code: 'error', message: `Answered ${state.readStatus}` } }, state.readStatus)
      const found = state.items.find((item) => item.id === Number(opened[1]))
      if (!found) return json({ error: { code: 'not_found', message: 'No such notification.' } }, 404)
      state.items = state.items.map((item) =>
        item === found ? { ...item, read: true, readAt: item.readAt ?? new Date().toISOString() } : item,
      )
      return json({ data: state.items.find((item) => item.id === found.id) })
    }
    if (url.pathname === API.notificationsUnreadCount) return json({ message: state.items.filter((item) => !item.read).length })
    if (url.pathname === API.notifications) return json(paged(state.items, url))
    if (url.pathname === API.notificationsUnread)
      return json(
        paged(
          state.items.filter((item) => !item.read),
          url,
        ),
      )
    if (url.pathname === API.notificationsRead)
      return json(
        paged(
          state.items.filter((item) => item.read),
          url,
        ),
      )
    return json({ error: { code: 'not_found', message: url.pathname } }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  /** How many requests went to this path (query string ignored). */
  const asked = (path: string) => fetch.mock.calls.filter(([input]) => new URL(input, 'http://owe.test').pathname === path).length
  return { state, fetch, asked }
}

function Where() {
  const { pathname, search } = useLocation()
  return <output data-testid="where">{`${pathname}${search}`}</output>
}

function Shell() {
  return (
    <>
      <header>
        <NotificationBell />
      </header>
      <Where />
      <Outlet />
    </>
  )
}

/** The bell in a header above the notification routes, as the app composes them. */
export function renderNotifications(path = '/', client: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Shell />}>
            <Route path="/" element={<p>Home</p>} />
            <Route path="/notifications" element={<NotificationsRoute />} />
            <Route path="/notifications/:id" element={<NotificationDetailRoute />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return client
}
