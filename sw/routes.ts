import { ExpirationPlugin } from 'workbox-expiration'
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { API_NAVIGATION_DENYLIST, isScrollImage } from './url-match'

export const SCROLL_IMAGE_CACHE = 'owe-scroll-images'

/** Navigations are answered with the precached shell, so every app route opens offline. */
export function registerNavigationRoute(): void {
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: API_NAVIGATION_DENYLIST }))
}

/** Scroll images rarely change: cache first, a bounded number kept. */
export function registerScrollImageRoute(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && isScrollImage(url),
    new CacheFirst({ cacheName: SCROLL_IMAGE_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 16 })] }),
  )
}
