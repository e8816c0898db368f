import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { CHART_CACHE, offlineDb, SCROLL_IMAGE_CACHE } from '../src/offline/schema'
import { answerData } from './data-store'
import { answerNavigation } from './navigation'
import { API_NAVIGATION_DENYLIST, isChartChunk, isDataPath, isScrollImage } from './url-match'

/** How long a corpus read waits for the network before the stored copy answers. */
export const NETWORK_TIMEOUT_MS = 800

/**
 * Navigations: the server's rendered page when it answers in time, else the precached shell, so every app
 * route opens offline (navigation.ts).
 */
export function registerNavigationRoute(): void {
  const shell = createHandlerBoundToURL('/index.html')
  registerRoute(
    new NavigationRoute(
      (options) => answerNavigation(options.request, { fetch: (request) => fetch(request), shell: () => shell(options) }),
      { denylist: API_NAVIGATION_DENYLIST },
    ),
  )
}

/**
 * Scroll images: cache-first (they change with a redraw only, and a pack puts its image here too).
 * Only successful image responses are kept: room for each people's AVIF, JPEG and wide band.
 */
export function registerScrollImageRoute(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isScrollImage(url),
    new CacheFirst({
      cacheName: SCROLL_IMAGE_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 32, maxAgeSeconds: 90 * 86_400 })],
    }),
  )
}

/**
 * Chart.js's chunk: not precached (no device should fetch it at install, vite.config.ts), but kept cache-first once
 * a page has loaded it, so Learn's progress drawn once online draws its charts offline too. Its name changes with
 * its content: the newest two are kept.
 */
export function registerChartChunkRoute(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isChartChunk(url),
    new CacheFirst({
      cacheName: CHART_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 2 })],
    }),
  )
}

/** Corpus reads, public and signed-in: network first, IndexedDB when offline or slow (data-store.ts). */
export function registerDataRoutes(): void {
  registerRoute(
    ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && isDataPath(url),
    ({ request, event }) =>
      answerData(request, {
        db: offlineDb,
        fetch: (r) => fetch(r),
        now: Date.now,
        timeoutMs: NETWORK_TIMEOUT_MS,
        waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
      }),
  )
}
