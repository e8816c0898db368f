import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { vi } from 'vitest'
import type { AdvertContent, AdvertFile } from '@/core/adverts/contract'
import { renderWithApp } from '@/lib/test-render'

// Test-only: a stand-in for the advert API speaking its shapes, and the app's render with links to move between pages.

/** A JSON answer whose body is read at once (no stream), so fake timers decide every delay (unlike @/lib/test-render's). */
export function json(body: unknown, status = 200): Response {
  const text = JSON.stringify(body)
  const response = new Response(text, { status, headers: { 'Content-Type': 'application/json' } })
  Object.defineProperty(response, 'json', { value: async () => JSON.parse(text) })
  return response
}

const WEBP = btoa('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')
const MP4 = btoa('\u0000\u0000\u0000\u0020ftypisom')

export const ADVERTS: AdvertContent[] = [
  {
    id: 1,
    type: 'image/webp',
    name: 'owe-eight-peoples',
    file: WEBP,
    alt: 'Read the proverbs of all eight peoples. See the plans.',
    link: '/pricing',
  },
  { id: 2, type: 'video/mp4', name: 'owe-weekly-quiz', file: MP4, alt: "Play this week's quiz.", link: '/quiz' },
  { id: 3, type: 'image/webp', name: 'owe-daily-reminder', file: WEBP, alt: 'A proverb every day.', link: null },
]

type Call = { method: string; path: string; at: number; body?: unknown }

/**
 * `adverts` is the list the server holds; `toggle` the user's ad toggle (a number answers with that
 * error status); `fail` makes one path answer 500; `holdList` keeps the list waiting until resolved.
 */
export function fakeAdServer(
  options: { adverts?: AdvertContent[]; toggle?: boolean | number; fail?: string; holdList?: Promise<void> } = {},
) {
  const state = { adverts: ADVERTS, toggle: false as boolean | number, ...options, calls: [] as Call[], listLoadedAt: 0 }
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://owe.test').pathname
    const method = init?.method ?? 'GET'
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    state.calls.push({ method, path, at: Date.now(), body })
    if (path === state.fail) return json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, 500)
    if (path === '/api/toggle') {
      if (typeof state.toggle === 'number') return json({ error: { code: 'error', message: `Answered ${state.toggle}` } }, state.toggle)
      if (method === 'POST') state.toggle = body.toggle
      return json({ data: { toggle: state.toggle } })
    }
    if (path === '/api/ads/adverts') {
      if (state.holdList) await state.holdList
      state.listLoadedAt = Date.now()
      return json({ data: state.adverts.map(({ id, type, name }): AdvertFile => ({ id, type, name })) })
    }
    const one = /^\/api\/ads\/(.+)$/.exec(path)
    const found = one && state.adverts.find((advert) => String(advert.id) === one[1] || advert.name === one[1])
    if (found) return json({ data: found })
    return json({ error: { code: 'not_found', message: 'No advert has that id or name.' } }, 404)
  })
  vi.stubGlobal('fetch', fetch)
  const requested = (prefix: string) => state.calls.filter((call) => call.path.startsWith(prefix))
  return { state, fetch, requested, contentRequests: () => state.calls.filter((call) => /^\/api\/ads\/\d+$/.test(call.path)) }
}

/** jsdom has no blob: URLs. */
export function stubObjectUrls() {
  let n = 0
  const urls = { created: [] as Blob[], revoked: [] as string[] }
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => (urls.created.push(blob), `blob:advert-${++n}`),
  })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => urls.revoked.push(url) })
  return urls
}

const PLACES = [
  '/',
  '/about',
  '/favourites',
  '/quiz',
  '/quiz/12',
  '/quiz/12/submit',
  '/auth/login',
  '/pricing',
  '/payment_success',
  '/register_payment_success',
  '/profile',
]

/** The app around the adverts (@/lib/test-render's render), with links to move between pages (each a focusable thing to return to). */
export const renderWithRouter = (ui: ReactNode, options: Parameters<typeof renderWithApp>[1] = {}) =>
  renderWithApp(
    <>
      <nav aria-label="Places">
        {PLACES.map((place) => (
          <Link key={place} to={place}>
            {`Go to ${place}`}
          </Link>
        ))}
      </nav>
      {ui}
    </>,
    options,
  )
