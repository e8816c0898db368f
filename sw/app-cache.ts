import { readInstallBundle } from './install-bundle'
import type { AssetEntry } from './install-set'

/** The first install's hashed files in one file, written by the build beside the worker. */
export const INSTALL_BUNDLE = 'install.bin'

/** Each build's files and server pages live in caches named after the build; a new version's install never touches the old one's. */
export const APP_CACHE_PREFIX = 'owe-app-'
export const PAGE_CACHE_PREFIX = 'owe-pages-'
/** Caches of earlier versions of the worker (Workbox's precache), removed on activation. */
const OLD_CACHE = /^workbox-precache-/

/** How many files the first install fetches at once (a browser opens six connections to one host). */
const INSTALL_CONCURRENCY = 6
/** The rest, filled in while the connection is idle: one or two at a time, so a reader's own requests go first. */
const FILL_CONCURRENCY = 2

type Deps = {
  caches: CacheStorage
  fetch: (request: Request) => Promise<Response>
  origin: string
  /** Resolves once no request of a reader's has been in flight for a while (network-health.ts). */
  idle: () => Promise<void>
}

/** A short name for a build: FNV-1a over its files and their revisions. Two builds with the same files share it. */
export function buildIdOf(entries: AssetEntry[]): string {
  let hash = 0x811c9dc5
  for (const { url, revision } of entries)
    for (const char of `${url}\u0000${revision ?? ''}\u0001`) {
      hash ^= char.charCodeAt(0)
      hash = Math.imul(hash, 0x01000193)
    }
  return (hash >>> 0).toString(36)
}

/** Runs `work` over `items`, `limit` at a time; the first failure fails the whole. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

/**
 * The app's own files for one build (docs/decisions/022-device-first.md), in place of a precache that fetched them one
 * after another. `install` fetches the first install's files in parallel (the install fails, and is tried again by the
 * browser, when one cannot be had); `activate` removes every other build's files and pages; `fill` fetches the rest
 * while the connection is idle; `answer` serves a file of this build from its cache, else from the network (kept as it
 * is used). Names carry a content hash, so a file never changes under its name; the shell (`index.html`) is this
 * build's own: a version's files are never mixed with another's.
 */
export function createAppCache(entries: AssetEntry[], deps: Deps) {
  const build = buildIdOf(entries)
  const name = `${APP_CACHE_PREFIX}${build}`
  const pagesName = `${PAGE_CACHE_PREFIX}${build}`
  // The build may list a file twice (the plugin adds the root files again after the install was marked): once first, first.
  const byHref = new Map<string, AssetEntry>()
  for (const entry of entries) {
    const href = new URL(entry.url, deps.origin).href
    byHref.set(href, { ...entry, first: Boolean(entry.first || byHref.get(href)?.first) })
  }
  const shellHref = new URL('index.html', deps.origin).href

  /** Hashed files may come from the browser's HTTP cache (the page has just loaded them); the others are asked anew. */
  const requestFor = (href: string) =>
    new Request(href, { credentials: 'same-origin', cache: /\/assets\//.test(href) ? 'default' : 'reload' })

  async function keep(cache: Cache, href: string): Promise<Response> {
    const response = await deps.fetch(requestFor(href))
    if (!response.ok) throw new Error(`${href}: ${response.status}`)
    await cache.put(href, response.clone())
    return response
  }

  async function missing(cache: Cache, first: boolean): Promise<string[]> {
    const hrefs = [...byHref].filter(([, entry]) => Boolean(entry.first) === first).map(([href]) => href)
    const held = await Promise.all(hrefs.map((href) => cache.match(href)))
    return hrefs.filter((_, index) => !held[index])
  }

  /**
   * The first install's hashed files in one request (`install.bin`, scripts/install-bundle.mjs): on a slow line each
   * request pays its latency, and a browser sends six at a time. A file of another revision (the server moved on) or
   * missing is left for its own request; a bundle that cannot be had or read, wholly.
   */
  async function unbundle(cache: Cache): Promise<void> {
    try {
      const response = await deps.fetch(
        new Request(new URL(INSTALL_BUNDLE, deps.origin).href, { credentials: 'same-origin', cache: 'reload' }),
      )
      if (!response.ok) return
      for (const file of readInstallBundle(await response.arrayBuffer())) {
        const href = new URL(file.url, deps.origin).href
        if (byHref.get(href)?.revision !== file.revision) continue
        await cache.put(href, new Response(file.body, { headers: { 'Content-Type': file.type } }))
      }
    } catch (error) {
      console.warn('The install bundle could not be used', error)
    }
  }

  let filling: Promise<number> | undefined

  return {
    build,
    name,
    pagesName,
    /** The first install's files, fetched in parallel; what this build's cache holds already is not asked again. */
    async install(): Promise<void> {
      const cache = await deps.caches.open(name)
      if ((await missing(cache, true)).length > 1) await unbundle(cache)
      await inParallel(await missing(cache, true), INSTALL_CONCURRENCY, async (href) => void (await keep(cache, href)))
    },
    /** Removes the caches of other builds (their files and their pages) and of the precache this one replaced. */
    async activate(): Promise<void> {
      const names = await deps.caches.keys()
      await Promise.all(
        names
          .filter(
            (cacheName) =>
              ((cacheName.startsWith(APP_CACHE_PREFIX) || cacheName.startsWith(PAGE_CACHE_PREFIX)) &&
                cacheName !== name &&
                cacheName !== pagesName) ||
              OLD_CACHE.test(cacheName),
          )
          .map((cacheName) => deps.caches.delete(cacheName)),
      )
    },
    /**
     * The files the first install left out, fetched two at a time once the connection is idle; one round at a time. Resolves with how
     * many were added; a file that cannot be had now is tried at the next round.
     */
    fill(): Promise<number> {
      filling ??= (async () => {
        const cache = await deps.caches.open(name)
        let added = 0
        const rest = await missing(cache, false)
        if (rest.length) await deps.idle()
        await inParallel(rest, FILL_CONCURRENCY, async (href) => {
          if (await cache.match(href)) return
          try {
            await keep(cache, href)
            added++
          } catch (error) {
            console.warn('Could not keep', href, error)
          }
        })
        return added
      })().finally(() => (filling = undefined))
      return filling
    },
    /** Whether this is one of the build's files. */
    handles(url: URL): boolean {
      return byHref.has(url.href)
    },
    /** A file of this build: from its cache, else from the network and kept. */
    async answer(request: Request): Promise<Response> {
      const href = new URL(request.url).href
      const cache = await deps.caches.open(name)
      const held = await cache.match(href)
      if (held) return held
      const response = await deps.fetch(request)
      if (response.ok) await cache.put(href, response.clone()).catch((error: unknown) => console.warn('Could not keep', href, error))
      return response
    },
    /** The shell, which renders any route on the device. */
    async shell(): Promise<Response> {
      const held = await (await deps.caches.open(name)).match(shellHref)
      return held ?? deps.fetch(requestFor(shellHref))
    },
    /** Whether a page's HTML names only this build's files: a page of another build is not kept (its files may be gone). */
    ownsPage(html: string): boolean {
      const named = [...html.matchAll(/(?:src|href|content)="(\/assets\/[^"]+)"/g)].map((match) => new URL(match[1], deps.origin).href)
      return named.length > 0 && named.every((href) => byHref.has(href) || /\/assets\/draw-chart-/.test(href))
    },
  }
}

export type AppCache = ReturnType<typeof createAppCache>
