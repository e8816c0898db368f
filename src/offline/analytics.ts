import { EVENT_BATCH_SIZE, type AnalyticsEvent, type EventBatch } from '../core/analytics/contract'
import { API } from '../core/http/api-paths'
import { withLock } from './lock'
import { offlineDb, type OfflineDb } from './schema'

/**
 * The device's queue of analytics events (src/core/analytics/contract.ts), shared by the page and the
 * worker: events wait here, each under its own id, until the collector has them, and are sent oldest
 * first in batches of EVENT_BATCH_SIZE. Made offline, they keep the time they happened (`at`).
 *
 * Analytics must never hold the app up or fill the device: the queue keeps at most ANALYTICS_QUEUE_MAX
 * events (the oldest go first), a batch the server refuses is dropped rather than sent again, and one
 * it could not take now (offline, busy, failing) waits with a growing pause. The page and the worker send
 * under one Web Lock, so an event is never in flight twice at once; the collector keeps each id once
 * anyway.
 */

/**
 * The Web Lock the page and the worker send under, and the Background Sync tag the worker registers when
 * events have to wait. (Here rather than in messages.ts: the first page's code never needs them.)
 */
export const ANALYTICS_LOCK = 'owe-analytics'
export const ANALYTICS_SYNC_TAG = 'owe-analytics'

/** At most this many events wait on the device (about 300 KB); past it the oldest are dropped. */
export const ANALYTICS_QUEUE_MAX = 1000
/** Pause after a failed send: 5 s, doubling, at most 15 minutes (or what Retry-After asks, up to an hour). */
export const ANALYTICS_RETRY_BASE_MS = 5000
export const ANALYTICS_RETRY_MAX_MS = 15 * 60_000
const RETRY_AFTER_MAX_MS = 3_600_000
/** A send still unanswered after this is treated as lost; its events are sent again later, under their ids. */
const SEND_TIMEOUT_MS = 30_000

export const analyticsBackoffMs = (tries: number) => Math.min(ANALYTICS_RETRY_BASE_MS * 2 ** Math.max(0, tries - 1), ANALYTICS_RETRY_MAX_MS)

/** What the queue keeps: the app's own events, so only what a store needs is checked (an id to key by, a time to order by). */
const isQueueable = (value: unknown): value is AnalyticsEvent =>
  typeof (value as Partial<AnalyticsEvent> | null)?.id === 'string' && typeof (value as Partial<AnalyticsEvent>).at === 'string'

/**
 * Stores events (one already held under its id is kept once) and, past ANALYTICS_QUEUE_MAX, drops the
 * oldest. Returns how many were dropped.
 */
export async function enqueueEvents(db: OfflineDb, events: readonly unknown[]): Promise<number> {
  const queueable = events.filter(isQueueable)
  if (queueable.length === 0) return 0
  const tx = db.transaction('analytics', 'readwrite')
  await Promise.all(queueable.map((event) => tx.store.put(event)))
  const over = (await tx.store.count()) - ANALYTICS_QUEUE_MAX
  let dropped = 0
  let cursor = over > 0 ? await tx.store.index('at').openCursor() : null
  while (cursor && dropped < over) {
    await cursor.delete()
    dropped++
    cursor = await cursor.continue()
  }
  await tx.done
  return dropped
}

export type SendDeps = {
  db: OfflineDb
  fetch: (input: string, init: RequestInit) => Promise<Response>
  /** Where the API lives; empty for the same origin. */
  apiBase?: string
}

export type SendSummary = {
  /** Events the collector took (new ones and ones it already held). */
  sent: number
  /** Events in batches it refused: dropped. */
  refused: number
  /** Events still waiting because the collector could not be reached or asked to wait. */
  waiting: number
  /** Whether the send stopped on such a failure; `retryAfterMs` is the server's Retry-After, if it gave one. */
  failed: boolean
  retryAfterMs?: number
}

type Answer = { kind: 'sent' } | { kind: 'refused' } | { kind: 'failed'; retryAfterMs?: number }

function retryAfterMs(response: Response): number | undefined {
  const value = response.headers.get('Retry-After')?.trim()
  if (!value) return undefined
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now()
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(0, ms), RETRY_AFTER_MAX_MS)
}

async function post(events: AnalyticsEvent[], deps: SendDeps): Promise<Answer> {
  let response: Response
  try {
    response = await deps.fetch(`${deps.apiBase ?? ''}${API.events}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ events } satisfies EventBatch),
      // Nothing that could tell readers apart travels with the events: no cookie, no session.
      credentials: 'omit',
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined,
    })
  } catch {
    return { kind: 'failed' }
  }
  const { status } = response
  if (response.ok) return { kind: 'sent' }
  if (status < 400 || status >= 500 || status === 408 || status === 429) return { kind: 'failed', retryAfterMs: retryAfterMs(response) }
  // A batch the collector refuses (malformed, too large, dated ahead of its clock; or no collector on this
  // server) would be refused again: it is dropped. Counting what is read must never leave a queue stuck.
  return { kind: 'refused' }
}

/**
 * Sends what the queue holds, oldest first, a batch at a time, under the analytics lock; events queued
 * meanwhile go in the same run. Stops at the first batch that could not be delivered.
 */
export function sendEvents(deps: SendDeps): Promise<SendSummary> {
  return withLock(ANALYTICS_LOCK, async () => {
    const { db } = deps
    const summary: SendSummary = { sent: 0, refused: 0, waiting: 0, failed: false }
    for (;;) {
      const batch = await db.getAllFromIndex('analytics', 'at', undefined, EVENT_BATCH_SIZE)
      if (batch.length === 0) return summary
      const answer = await post(batch, deps)
      if (answer.kind === 'failed') {
        return { ...summary, failed: true, retryAfterMs: answer.retryAfterMs, waiting: await db.count('analytics') }
      }
      const tx = db.transaction('analytics', 'readwrite')
      await Promise.all([...batch.map((event) => tx.store.delete(event.id)), tx.done])
      summary[answer.kind] += batch.length
    }
  })
}

export type EventQueueDeps = {
  db?: () => Promise<OfflineDb>
  fetch?: SendDeps['fetch']
  apiBase?: string
  /** Whether the runtime believes it is online (navigator.onLine); offline, nothing is tried. */
  online?: () => boolean
  setTimer?: (work: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** Errors of a send run on a timer (nobody waits for it). */
  onError?: (error: unknown) => void
}

export type EventQueue = {
  /** Stores the events, then sends what waits (unless offline, or pausing after a failure: see `send`). */
  add: (events: readonly unknown[], now?: boolean) => Promise<SendSummary>
  /**
   * Sends what waits. While the queue pauses after a failure nothing is sent, unless `now` says the
   * connection has just come back (a Background Sync event, the browser's `online`).
   */
  send: (now?: boolean) => Promise<SendSummary>
}

/**
 * One runtime's sender (the worker's, or the page's when no worker controls it). Offline it tries nothing;
 * after a failed send it pauses (5 s, doubling; or the server's Retry-After) and tries again when the
 * pause ends, for as long as the runtime lives.
 */
export function createEventQueue(deps: EventQueueDeps = {}): EventQueue {
  const db = deps.db ?? offlineDb
  const fetcher = deps.fetch ?? ((input: string, init: RequestInit) => fetch(input, init))
  const online = deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false)
  const setTimer = deps.setTimer ?? ((work, ms) => setTimeout(work, ms))
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const onError = deps.onError ?? ((error: unknown) => console.warn('Sending analytics failed', error))
  let failures = 0
  let pause: unknown

  async function send(now = false): Promise<SendSummary> {
    const opened = await db()
    if (!online() || (pause !== undefined && !now)) return { sent: 0, refused: 0, waiting: await opened.count('analytics'), failed: false }
    if (pause !== undefined) clearTimer(pause)
    pause = undefined
    const summary = await sendEvents({ db: opened, fetch: fetcher, apiBase: deps.apiBase })
    if (!summary.failed) {
      failures = 0
      return summary
    }
    failures++
    pause = setTimer(
      () => {
        pause = undefined
        send().catch(onError)
      },
      summary.retryAfterMs ?? analyticsBackoffMs(failures),
    )
    return summary
  }

  return {
    async add(events, now) {
      await enqueueEvents(await db(), events)
      return send(now)
    },
    send,
  }
}

let pageQueue: EventQueue | undefined

/**
 * The page's own queue, for a page no worker controls: stores its events and sends what waits (`now`: the
 * connection is back). Nothing where the browser has no IndexedDB.
 */
export function addFromPage(events: readonly unknown[], now: boolean | undefined, apiBase: string): Promise<unknown> {
  if (typeof indexedDB === 'undefined') return Promise.resolve()
  pageQueue ??= createEventQueue({ apiBase })
  return pageQueue.add(events, now)
}
