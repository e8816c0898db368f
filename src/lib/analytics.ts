import type { AnalyticsEvent, EventType } from '@/core/analytics/contract'
import { isPublicRoute, MAX_QUERY_LENGTH } from '@/core/shared/constants'
import type { QueueCommand } from '@/offline/messages'

/**
 * Page-view analytics that identify no one (docs/requirements.md#r17-analytics), the page's side: `track`
 * makes an event (its own id, the time it happened, the route's pattern) and holds it a moment, then
 * hands what it holds to the worker controlling the page, which keeps it on the device and sends it when
 * online (sw/queues.ts). With no worker the page stores and sends it itself, through the same queue
 * (src/offline/analytics.ts). Do Not Track or Global Privacy Control: nothing is recorded.
 *
 * Small (well under 1 KB gzip), and off the first paint: the layout asks for it once a page has painted,
 * and the pages that record an event load it through src/lib/track.ts.
 */

type Fields = Omit<Partial<AnalyticsEvent>, 'id' | 'type' | 'at'>

/** Events are held this long, then handed over together (at once when the page is hidden or left). */
const HOLD_MS = 2000
/** A page left within this time was passed through (a redirect), not read: its view is not counted. */
const SETTLE_MS = 500

/** The router's patterns of the signed-in pages (src/app/router.tsx); the public ones are PUBLIC_ROUTES. */
const OWN_ROUTES = [
  '/profile',
  '/favourites',
  '/offline',
  '/quiz',
  '/quiz/:batchId',
  '/quiz/:batchId/submit',
  '/learn',
  '/learn/progress',
  '/notifications',
  '/notifications/:id',
  '/admin/*',
]

/**
 * The router's pattern for an address, never the address itself (the console's pages are all `/admin`);
 * null where the router has no page.
 */
export function routePattern(pathname: string): string | null {
  const path = pathname.replace(/(.)\/+$/, '$1')
  if (isPublicRoute(path)) return path
  const route = OWN_ROUTES.find((route) => new RegExp(`^${route.replace(/:\w+/g, '[^/]+').replace('/*', '(/.*)?')}$`).test(path))
  return route?.replace('/*', '') ?? null
}

/** A slug as the collector takes it (plain ASCII), or nothing. */
const slugIn = (value: string | null | undefined) => (value && /^[\w.~-]{1,160}$/.test(value) ? value : undefined)

let held: AnalyticsEvent[] = []
let holding: ReturnType<typeof setTimeout> | undefined
let settling: ReturnType<typeof setTimeout> | undefined

/**
 * Hands what is held to the worker controlling the page; with none, to the page's own queue (loaded on
 * first use), which sends what waits there too. `now`: the connection is back, so what waits is sent
 * at once, even with nothing new.
 */
function handOver(now?: boolean): void {
  clearTimeout(holding)
  holding = undefined
  const events = held
  held = []
  if (!events.length && !now) return
  const worker = navigator.serviceWorker?.controller
  if (worker) {
    worker.postMessage({ type: 'QUEUE_SEND', queue: 'analytics', add: events, retryNow: now } satisfies QueueCommand)
  } else {
    import('./queues')
      .then((queues) => queues.keepHere('analytics', events, !!now))
      .catch((error: unknown) => console.warn('Analytics could not be kept', error))
  }
}

function hold(event: AnalyticsEvent | undefined): void {
  if (!event) return
  held.push(event)
  holding ??= setTimeout(handOver, HOLD_MS)
}

// What is held goes when the page is hidden (switched away from, left, closed); what waits goes when the
// connection comes back. (Not where there is no page: the server renders the pages that import this.)
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => document.hidden && handOver())
  addEventListener('online', () => handOver(true))
  addEventListener('appinstalled', () => track('install'))
}

/**
 * An event as the collector takes it: a slug or a people it would refuse (not plain ASCII, from a
 * hand-typed address) is left out rather than costing the whole batch, and the words searched are trimmed.
 */
function make(type: EventType, fields: Fields): AnalyticsEvent | undefined {
  const path = fields.path ?? routePattern(location.pathname)
  const signals = navigator as { doNotTrack?: string | null; globalPrivacyControl?: boolean }
  if (!path || signals.doNotTrack === '1' || signals.globalPrivacyControl === true) return undefined
  return {
    ...fields,
    slug: slugIn(fields.slug),
    q: fields.q?.trim().slice(0, MAX_QUERY_LENGTH) || undefined,
    ethnic: slugIn(fields.ethnic?.toLowerCase()),
    id: crypto.randomUUID(),
    type,
    at: new Date().toISOString(),
    path,
  }
}

/** Records that something happened, on the current page. */
export function track(type: EventType, fields: Fields = {}): void {
  hold(make(type, fields))
}

/**
 * Records a page view: the route's pattern, with the proverb's slug on a proverb's page, and the words
 * and people on a search, once the reader has stayed SETTLE_MS.
 */
export function pageView(pathname: string, search: string): void {
  clearTimeout(settling)
  const path = routePattern(pathname)
  const { proverb, q, ethnic } = Object.fromEntries(new URLSearchParams(search)) as Record<string, string | undefined>
  const view = make('page_view', path === '/search_result' ? { path, slug: proverb, q, ethnic } : { path: path ?? '' })
  settling = setTimeout(() => hold(view), SETTLE_MS)
}
