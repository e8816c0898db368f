import type { NetworkHealth } from './network-health'
import { API, ROUTES, routePattern } from '../src/core/http/api-paths'
import type { CategoryPage, EthnicGroup, Proverb } from '../src/core/proverbs/contract'
import type { Paginated } from '../src/core/http/contract'
import { OFFLINE_HEADER, SOURCE_HEADER, type DeviceCoverage, type KeepReadsCommand } from '../src/offline/messages'
import type { OfflineDb } from '../src/offline/schema'
import {
  deviceCoverage,
  ownerOfToken,
  queryProverbs,
  readCategories,
  readGroups,
  readList,
  readPrivate,
  readProverb,
  saveCategories,
  saveGroups,
  saveList,
  savePrivate,
  saveProverbs,
  type Saved,
} from '../src/offline/store'
import { QUIZ_BATCH_READ, QUIZ_READ_PATHS } from './url-match'

/**
 * The worker as the data layer: corpus reads go to the network first; what comes back is stored as
 * normalised records in IndexedDB, and when the network fails, errs (5xx) or is slow, the same request
 * is answered from those records, marked with the X-Owe-Offline header. A slow answer still arrives
 * and is stored, so the next read is fresh.
 */

export type DataDeps = {
  db: () => Promise<OfflineDb>
  fetch: (request: Request) => Promise<Response>
  now: () => number
  /** How long the network may take before a stored answer is given instead. */
  timeoutMs: number
  /** Keeps the worker alive for background work (ExtendableEvent.waitUntil). */
  waitUntil: (work: Promise<unknown>) => void
  /** Whether the server hangs, shared with navigations (network-health.ts): while it does, the device answers at once. */
  health?: NetworkHealth
  /** Told of a read the device answered whose server's answer came later, so the page can read it again. */
  fresh?: (url: string) => void
}

type Route = {
  /** Stores a successful answer's body. */
  save: (db: OfflineDb, body: unknown, now: number) => Promise<void>
  /**
   * Answers from the stored records, or undefined when nothing fits. `final` is set when the network
   * has failed for good: a list then answers even with nothing that fits, saying what the device holds.
   */
  read: (db: OfflineDb, now: number, final: boolean) => Promise<Saved<unknown> | undefined>
  /**
   * For answers that cannot change (a given date's pick of the day): a stored exact copy answers at
   * once, before the network, which refreshes it in the background.
   */
  readCurrent?: (db: OfflineDb) => Promise<Saved<unknown> | undefined>
  /** Whether the device holds this very answer (home's lists, the peoples, the categories): keepReads skips it then. */
  held?: (db: OfflineDb) => Promise<boolean>
}

const param = (url: URL, name: string) => url.searchParams.get(name)?.trim() || undefined
const numberParam = (url: URL, name: string) => {
  const value = Number(param(url, name))
  return Number.isFinite(value) && value > 0 ? value : undefined
}

const PROVERB_DETAIL = routePattern(ROUTES.proverbPublic)
const PROVERBS_LOGGED = routePattern(ROUTES.proverbsLogged)

/** The public corpus routes the worker keeps, by URL. */
function publicRoute(url: URL): Route | undefined {
  const path = url.pathname
  if (path === API.ethnicGroupsPublic) {
    const q = param(url, 'q') ?? 'all'
    return {
      save: (db, body, now) => (q === 'all' ? saveGroups(db, (body as { data: EthnicGroup[] }).data, now) : Promise.resolve()),
      held: async (db) => q !== 'all' || (await db.count('groups')) > 0,
      read: async (db) => {
        const all = await readGroups(db)
        if (!all || q === 'all') return all && { data: { data: all.data }, savedAt: all.savedAt }
        const match = all.data.filter((g) => g.slug === q || String(g.id) === q)
        return match.length ? { data: { data: match }, savedAt: all.savedAt } : undefined
      },
    }
  }
  if (path === API.categoriesPublic) {
    return {
      save: (db, body, now) => saveCategories(db, (body as { data: CategoryPage }).data.content, now),
      read: async (db) => wrap(await readCategories(db)),
      held: async (db) => (await db.count('categories')) > 0,
    }
  }
  if (path === API.proverbsPublic) {
    return {
      save: (db, body, now) => saveProverbs(db, (body as Paginated<Proverb>).data, now),
      read: (db, now, final) => deviceList(db, url, now, final),
    }
  }
  const detail = PROVERB_DETAIL.exec(path)
  if (detail) {
    return {
      save: (db, body, now) => saveProverbs(db, [(body as { data: Proverb }).data], now),
      read: async (db) => wrap(await readProverb(db, decodeURIComponent(detail[1]))),
    }
  }
  if (path === API.proverbsToday || path === API.trendingPublic) {
    const kind = path === API.proverbsToday ? 'today' : 'trending'
    const date = param(url, 'date')
    const key = kind === 'today' ? `today:${date ?? ''}` : `trending:${date ?? ''}:${param(url, 'limit') ?? ''}`
    return {
      save: (db, body, now) => saveList(db, { key, kind }, (body as { data: Proverb[] }).data, now),
      read: async (db) => wrap(await readList(db, key, kind, numberParam(url, 'limit'))),
      held: async (db) => (await db.get('lists', key)) !== undefined,
      // Today's pick for a named date is fixed (the server's daily order), so the device's copy of it is
      // current: the first proverb shows at once, however slow the network.
      readCurrent:
        kind === 'today' && date
          ? async (db) => {
              const list = await db.get('lists', key)
              return list && wrap(await readList(db, key, kind))
            }
          : undefined,
    }
  }
  return undefined
}

const listQuery = (url: URL) => ({
  q: param(url, 'q'),
  ethnic: param(url, 'ethnic'),
  category: param(url, 'category'),
  page: numberParam(url, 'page'),
  size: numberParam(url, 'size'),
})

/**
 * A list or search from the device, with what the device holds of the people searched (`device`), so the
 * page can say "No saved proverbs match … — 21 of 57 Yoruba proverbs are on this device". While the
 * network may still answer (it is only slow) an empty page is not an answer: the network is waited for.
 */
async function deviceList(db: OfflineDb, url: URL, now: number, final: boolean) {
  const query = listQuery(url)
  const saved = await queryProverbs(db, query, now)
  if (!final && saved.data.totalElements === 0) return undefined
  const device: DeviceCoverage = await deviceCoverage(db, query.ethnic)
  return { data: { ...saved.data, device }, savedAt: saved.savedAt }
}

const wrap = <T>(saved: Saved<T> | undefined): Saved<{ data: T }> | undefined =>
  saved && { data: { data: saved.data }, savedAt: saved.savedAt }

/**
 * Signed-in reads the worker keeps for their owner only, each by its exact URL (path and query): the
 * quiz reads among them (the week by its date, a batch's questions and result by id).
 */
const PRIVATE_PATHS: readonly string[] = [
  API.languagesPrivate,
  API.ethnicGroupsLogged,
  API.trendingPrivate,
  API.favourites,
  API.marks,
  API.userLanguages,
  ...QUIZ_READ_PATHS,
]

function privateRoute(url: URL, userId: number): Route | undefined {
  const key = url.pathname + url.search
  const logged = PROVERBS_LOGGED.exec(url.pathname)
  if (!logged && !PRIVATE_PATHS.includes(url.pathname) && !QUIZ_BATCH_READ.test(url.pathname)) return undefined
  return {
    save: async (db, body, now) => {
      await savePrivate(db, userId, key, body, now)
    },
    read: async (db, now) => {
      const exact = await readPrivate(db, userId, key)
      if (exact || !logged) return exact
      // A group with an offline pack: any page or search of it, from the pack's records.
      const group = decodeURIComponent(logged[1])
      const packs = await db.getAllFromIndex('packs', 'userId', userId)
      const pack = packs.find((p) => p.updatedAt !== null && (String(p.groupId) === group || p.groupSlug === group))
      if (!pack) return undefined
      // A pack holds the whole group, so an empty search of it is a true answer.
      return queryProverbs(db, { ...listQuery(url), ethnic: String(pack.groupId) }, now)
    },
  }
}

const bearer = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]

/** The route for a request the worker handles, or undefined to leave it to the network. */
export async function dataRouteFor(request: Request, db: OfflineDb): Promise<Route | undefined> {
  if (request.method !== 'GET') return undefined
  const url = new URL(request.url)
  const token = bearer(request)
  if (!token) return publicRoute(url)
  // Signed-in: kept only for the device's current owner; anyone else's token goes straight through.
  const userId = await ownerOfToken(db, token)
  return userId === undefined ? undefined : privateRoute(url, userId)
}

/**
 * An answer from the device. A fallback (network failed, erred or was slow) carries X-Owe-Offline with the
 * save time, and the page says it shows a saved copy; a current copy answered first carries only
 * X-Owe-Source: device.
 */
export function offlineResponse(saved: Saved<unknown>, kind: 'fallback' | 'current' = 'fallback'): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8', [SOURCE_HEADER]: 'device' }
  if (kind === 'fallback') headers[OFFLINE_HEADER] = new Date(saved.savedAt).toISOString()
  return new Response(JSON.stringify(saved.data), { status: 200, headers })
}

const TIMED_OUT = Symbol('timed out')

/**
 * Network first; stored records when it fails, errs or outlasts `timeoutMs` — at once while the server is known to hang.
 * A stored answer given while the network was only slow or hanging is followed by `fresh` once the server's answer came.
 */
export async function answerData(request: Request, deps: DataDeps): Promise<Response> {
  // The network starts at once: finding the route (opening IndexedDB, hashing a token) runs alongside.
  const started = Date.now()
  // What is left of the bound another request already waits on (network-health.ts), before this one joins the wait.
  const timeoutMs = deps.health ? Math.min(deps.timeoutMs, deps.health.remaining()) : deps.timeoutMs
  const network = deps.health ? deps.health.watch(deps.fetch(request)) : deps.fetch(request)
  network.catch(() => undefined)
  let db: OfflineDb
  let route: Route | undefined
  try {
    db = await deps.db()
    route = await dataRouteFor(request, db)
  } catch (error) {
    // No IndexedDB (storage blocked, an upgrade waiting on another tab): the network alone answers.
    console.warn('The device copy is unavailable', error)
    return network
  }
  if (!route) return network
  const { save, read, readCurrent } = route

  const stored = network.then((response) => {
    if (response.ok) {
      deps.waitUntil(
        response
          .clone()
          .json()
          .then((body) => save(db, body, deps.now()))
          .catch((error: unknown) => console.warn('Could not store', request.url, error)),
      )
    }
    return response
  })
  stored.catch(() => undefined)
  const current = readCurrent && (await readCurrent(db).catch(() => undefined))
  if (current) {
    deps.waitUntil(stored.catch(() => undefined))
    return offlineResponse(current, 'current')
  }
  const fromDevice = (final: boolean) => read(db, deps.now(), final).catch(() => undefined)
  /** The device's answer, the network's still to come: stored, then told of. */
  const answerForNow = (saved: Saved<unknown>) => {
    deps.waitUntil(stored.then((response) => response.ok && deps.fresh?.(request.url)).catch(() => undefined))
    return offlineResponse(saved)
  }
  // While the server hangs, what the device holds is the answer — even none, which then says what the device holds: a
  // reader is never left waiting on a server that does not answer.
  if (deps.health?.hanging()) {
    const saved = await fromDevice(true)
    if (saved) return answerForNow(saved)
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  const wait = Math.max(0, timeoutMs - (Date.now() - started))
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), wait)))
  try {
    const first = await Promise.race([stored, timeout])
    if (first !== TIMED_OUT) {
      if (first.status < 500) return first
      const saved = await fromDevice(true)
      return saved ? offlineResponse(saved) : first
    }
    // Slow network: answer from the device if it can, and let the network answer refresh the records.
    deps.health?.timedOut()
    const saved = await fromDevice(deps.health !== undefined)
    if (saved) return answerForNow(saved)
    return await stored
  } catch {
    const saved = await fromDevice(true)
    return saved ? offlineResponse(saved) : Response.error()
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Keeps public reads the page names (KEEP_READS): each one the device does not hold is asked of the server and
 * stored as if the page had read it through the worker. Home's lists for the reader's day come this way whether or
 * not home's own requests passed the worker (a page the server rendered brings its data in the HTML; a page read
 * before the worker took control kept it in the page's memory), so home opened once online opens offline. Only the
 * corpus's public reads; one at a time; a failure leaves the rest to the next round.
 */
export async function keepReads(urls: string[], deps: Pick<DataDeps, 'db' | 'fetch' | 'now'>, origin: string): Promise<void> {
  const db = await deps.db()
  for (const address of new Set(urls)) {
    const url = new URL(address, origin)
    const route = url.origin === origin ? publicRoute(url) : undefined
    if (!route || (await route.held?.(db))) continue
    try {
      const response = await deps.fetch(new Request(url, { headers: { Accept: 'application/json' } }))
      if (response.ok) await route.save(db, await response.json(), deps.now())
    } catch (error) {
      console.warn('Could not keep', url.pathname, error)
    }
  }
}

export function isKeepReadsCommand(data: unknown): data is KeepReadsCommand {
  const message = data as { type?: unknown; urls?: unknown } | null
  return message?.type === 'KEEP_READS' && Array.isArray(message.urls) && message.urls.every((url) => typeof url === 'string')
}
