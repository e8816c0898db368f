import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { CHART_CACHE, offlineDb, SCROLL_IMAGE_CACHE } from '../src/offline/schema'
import type { AppCache } from './app-cache'
import { answerData } from './data-store'
import { answerNavigation, type PageStore } from './navigation'
import { answerShare } from './share-target'
import { SHARE_TARGET_PATH } from '../src/core/shared/share-target'
import { HANG_BOUND_MS, type NetworkHealth } from './network-health'
import { API_NAVIGATION_DENYLIST, isChartChunk, isDataPath, isScrollImage } from './url-match'

/**
 * The app's own files (sw/app-cache.ts): from this build's cache, else from the network and kept.
 */
export function registerAppFilesRoute(app: AppCache): void {
  registerRoute(
    ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && app.handles(url),
    ({ request }) => app.answer(request),
  )
}

/** What another app shares into the installed app (the manifest's share target), answered offline too (share-target.ts). */
export function registerShareTargetRoute(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === SHARE_TARGET_PATH,
    ({ request }) => answerShare(request),
    'POST',
  )
}

/**
 * Navigations: the server's page kept on the device, the server's page when it answers within the bound, else the
 * shell, so every app route opens offline (navigation.ts).
 */
export function registerNavigationRoute(app: AppCache, pages: PageStore, health: NetworkHealth): void {
  registerRoute(
    new NavigationRoute(
      ({ request, event }) =>
        answerNavigation(request, {
          fetch: (r) => fetch(r),
          shell: () => app.shell(),
          pages,
          health,
          now: Date.now,
          waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
        }),
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

/**
 * Corpus reads, public and signed-in: network first within the bound shared with pages, IndexedDB when offline, slow
 * or hanging (data-store.ts). `fresh` is told of a read the device answered whose server's answer came later.
 */
export function registerDataRoutes(health: NetworkHealth, fresh: (url: string) => void): void {
  registerRoute(
    ({ url, sameOrigin, request }) => sameOrigin && request.method === 'GET' && isDataPath(url),
    ({ request, event }) =>
      answerData(request, {
        db: offlineDb,
        fetch: (r) => fetch(r),
        now: Date.now,
        timeoutMs: HANG_BOUND_MS,
        waitUntil: (work) => (event as ExtendableEvent).waitUntil(work),
        health,
        fresh,
      }),
  )
}
