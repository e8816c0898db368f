import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'

/** The app shell: every built asset listed by the injected manifest, old revisions removed. */
export function setupPrecache(manifest: (string | PrecacheEntry)[]): void {
  cleanupOutdatedCaches()
  precacheAndRoute(manifest)
}
