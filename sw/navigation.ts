import { KEPT_AT_ATTRIBUTE, PAGE_DATA_ID } from '../src/core/shared/constants'
import { isServerRendered } from '../src/core/shared/pages'
import { HANG_BOUND_MS, type NetworkHealth } from './network-health'

/** The header a kept page carries: when the worker kept it (ms since the epoch). */
export const KEPT_AT_HEADER = 'X-Owe-Kept-At'
/** How many of the server's pages the device keeps (the most recently read). */
export const KEPT_PAGES = 60

/** The server's pages as read online, one per address, for this build (docs/decisions/022-device-first.md). */
export type PageStore = {
  match: (href: string) => Promise<{ response: Response; keptAt: number } | undefined>
  put: (href: string, response: Response) => Promise<void>
}

/**
 * Keeps the server's pages in one cache: a page is kept only when it names this build's files alone (`owns`), so a page
 * rendered by a newer server never lands among the older build's files; the oldest pages make room.
 */
export function createPageStore(caches: CacheStorage, name: string, now: () => number, owns: (html: string) => boolean): PageStore {
  return {
    async match(href) {
      const response = await (await caches.open(name)).match(href)
      const keptAt = Number(response?.headers.get(KEPT_AT_HEADER))
      return response && Number.isFinite(keptAt) ? { response, keptAt } : undefined
    },
    async put(href, response) {
      if (!response.ok || !response.headers.get('Content-Type')?.startsWith('text/html')) return
      const html = await response.text()
      if (!owns(html)) return
      const keptAt = now()
      const headers = new Headers(response.headers)
      headers.set(KEPT_AT_HEADER, String(keptAt))
      headers.delete('Content-Length')
      headers.delete('Content-Encoding')
      // The page learns it is a kept copy (src/lib/server-render.ts reads its data again once it has taken over).
      const marked = html.replace(`id="${PAGE_DATA_ID}"`, `id="${PAGE_DATA_ID}" ${KEPT_AT_ATTRIBUTE}="${keptAt}"`)
      const cache = await caches.open(name)
      await cache.delete(href)
      await cache.put(href, new Response(marked, { status: response.status, statusText: response.statusText, headers }))
      const keys = await cache.keys()
      await Promise.all(keys.slice(0, Math.max(0, keys.length - KEPT_PAGES)).map((key) => cache.delete(key)))
    },
  }
}

/** Asks the server for a page and keeps it (the install keeps home so): a page that cannot be had now is left for a visit. */
export async function keepPage(pages: PageStore, path: string, fetcher: (request: Request) => Promise<Response> = fetch): Promise<void> {
  try {
    const request = new Request(path, { credentials: 'same-origin', cache: 'reload' })
    await pages.put(request.url, await fetcher(request))
  } catch (error) {
    console.warn('Could not keep', path, error)
  }
}

type Deps = {
  fetch: (request: Request) => Promise<Response>
  /** The shell, which renders any route on the device. */
  shell: () => Promise<Response>
  pages: PageStore
  health: NetworkHealth
  now: () => number
  waitUntil: (work: Promise<unknown>) => void
  boundMs?: number
}

const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString()
const TIMED_OUT = Symbol('timed out')

/**
 * A navigation. A reader's own page starts from the shell. A page the server renders:
 * - kept on the device today: the kept page answers at once, and the server's answer replaces it in the store for the
 *   next visit (its data is refreshed by the page itself);
 * - otherwise the server's page when it answers within the bound shared with the data reads (network-health.ts) — or at
 *   once, when the server is known to hang — else the page kept on an earlier day, else the shell, which renders the page
 *   from the device's data.
 * The server's page is kept whenever it comes, in time or late.
 */
export async function answerNavigation(request: Request, deps: Deps): Promise<Response> {
  if (!isServerRendered(new URL(request.url).pathname)) return deps.shell()
  const bound = Math.min(deps.boundMs ?? HANG_BOUND_MS, deps.health.remaining())
  const network = deps.health.watch(deps.fetch(request)).catch(() => null)
  deps.waitUntil(
    network
      .then((response) => (response?.ok ? deps.pages.put(request.url, response.clone()) : undefined))
      .catch((error: unknown) => console.warn('Could not keep', request.url, error)),
  )
  const kept = await deps.pages.match(request.url).catch(() => undefined)
  const fallback = () => kept?.response ?? deps.shell()
  if (kept && sameDay(kept.keptAt, deps.now())) return kept.response
  if (deps.health.hanging()) return fallback()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), bound)))
  try {
    const first = await Promise.race([network, late])
    if (first === TIMED_OUT) deps.health.timedOut()
    else if (first?.ok) return first
    return await fallback()
  } finally {
    clearTimeout(timer)
  }
}
