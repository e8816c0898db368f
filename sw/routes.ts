import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'
import { API_NAVIGATION_DENYLIST, isScrollImage } from './url-match'

export const SCROLL_IMAGE_CACHE = 'owe-scroll-images'

/** Navigations are answered with the precached shell, so every app route opens offline. */
export function registerNavigationRoute(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: API_NAVIGATION_DENYLIST }))
}

/**
 * Scroll images: answered from the cache at once (offline too) and refreshed in the background, so a
 * redrawn image reaches installed apps on the next view. Only successful image responses are kept.
 */
export function registerScrollImageRoute(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isScrollImage(url),
    new StaleWhileRevalidate({
      cacheName: SCROLL_IMAGE_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 16, maxAgeSeconds: 90 * 86_400 })],
    }),
  )
}
