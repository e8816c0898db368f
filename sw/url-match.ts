import { API, API_PREFIXES } from '../src/core/api-paths'

/** Scroll backgrounds: /img/{language}-scroll.jpeg (spec §2). */
export function isScrollImage(url: URL): boolean {
  return url.pathname.startsWith('/img/') && url.pathname.endsWith('-scroll.jpeg')
}

/** Navigations under these are API calls, never app routes. */
export const API_NAVIGATION_DENYLIST = API_PREFIXES.map(
  (prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
)

/** The corpus reads the worker keeps in IndexedDB (data-store.ts decides per request). */
export function isDataPath(url: URL): boolean {
  return url.pathname.startsWith('/api/proverbs/') || url.pathname === API.userLanguages
}
