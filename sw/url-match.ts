import { API, API_PREFIXES } from '../src/core/http/api-paths'

/** Scroll backgrounds: /img/{language}-scroll.jpeg (docs/requirements.md#r1-proverbs-and-peoples) and the AVIF beside each. */
export function isScrollImage(url: URL): boolean {
  return url.pathname.startsWith('/img/') && /-scroll\.(jpeg|avif)$/.test(url.pathname)
}

/** Chart.js's own chunk (src/components/draw-chart.ts), built as /assets/draw-chart-{hash}.js and not precached. */
export function isChartChunk(url: URL): boolean {
  return /^\/assets\/draw-chart-[\w-]+\.js$/.test(url.pathname)
}

/** Navigations under these are API calls or the server's own files for crawlers (`/sitemap.xml`, `/robots.txt`), never app routes. */
export const API_NAVIGATION_DENYLIST = [
  ...API_PREFIXES.map((prefix) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
  /^\/(sitemap\.xml|robots\.txt)$/,
]

/** The quiz reads kept for the device's owner, so a quiz opened once can be played offline. */
export const QUIZ_READ_PATHS: readonly string[] = [API.quizWeek, API.quizWeekGenerated, API.quizRecent, API.questionProperties]
/** One batch's questions (never the answer key while open) and its result: per batch id. */
export const QUIZ_BATCH_READ = /^\/(?:api\/quiz\/all|quiz_attempt\/calculate)\/\d+$/

/** The reads the worker keeps in IndexedDB (data-store.ts decides per request). */
export function isDataPath(url: URL): boolean {
  const path = url.pathname
  return path.startsWith('/api/proverbs/') || path === API.userLanguages || QUIZ_READ_PATHS.includes(path) || QUIZ_BATCH_READ.test(path)
}
