import type { QueueCommand, QueueName, QueueRetryNotice, SignedOutNotice } from '../src/offline/messages'
import { nextRoundAt, runQueue, type AnyPolicy, type QueueSummary, type RoundDeps } from '../src/offline/queue'
import type { OfflineDb } from '../src/offline/schema'
import { readOwner, tokenDigest } from '../src/offline/store'

/**
 * The worker's side of the device's queues (src/offline/queue.ts; docs/decisions/020-one-delivery-engine.md): it
 * sends each queue on Background Sync (its tag, `owe-<queue>`; the event fails while the queue backs off, so the
 * browser tries again later, page or no page), when a page asks (QUEUE_SEND, answered with QUEUE_RETRY when the
 * queue is due again, and, after a failure, registering the tag while that page is open, as Chromium requires), once
 * at every start, and on a timer while alive (a back-off, or entries waiting for the server's clock). It keeps no
 * token of its own: a page's command's (in memory only, forgotten at SIGNED_OUT) or the session cookie, and only
 * when it is the device owner's, for the owner's entries; another user's wait for their sign-in.
 */

/**
 * The session cookie the page writes (src/lib/session.ts TOKEN_COOKIE; docs/requirements.md#r3-accounts-and-sign-in).
 */
export const SESSION_COOKIE = 'userToken'

/** A Background Sync event (not in TypeScript's WebWorker lib). */
export type SyncEventLike = { tag: string; waitUntil: (work: Promise<unknown>) => void }

export type QueueWorkerDeps = {
  db: () => Promise<OfflineDb>
  fetch: RoundDeps['fetch']
  now: () => number
  policies: Record<QueueName, AnyPolicy>
  /** The session cookie's value where the worker can read it (cookieStore, Chromium), else undefined. */
  cookieToken: () => Promise<string | undefined>
  /** Whether the worker's browser believes it is online; offline nothing is tried (it would only count failures). */
  online?: () => boolean
  /** Asks the browser for a sync event once it is online (the registration's `sync`, where there is one). */
  registerSync?: (tag: string) => Promise<void> | undefined
  setTimer?: (work: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

export type QueueWorker = {
  /** One round of a queue; `token` is a page's, tried before the cookie. */
  run: (queue: QueueName, options?: { token?: string; retryNow?: boolean }) => Promise<QueueSummary>
  /** Every queue once (the worker's start). */
  runAll: () => Promise<void>
  onSync: (event: SyncEventLike) => void
  onMessage: (data: unknown, waitUntil: (work: Promise<unknown>) => void, reply?: (notice: QueueRetryNotice) => void) => void
}

export function isQueueCommand(data: unknown): data is QueueCommand {
  return (data as { type?: unknown } | null)?.type === 'QUEUE_SEND'
}

const isSignedOut = (data: unknown): data is SignedOutNotice => (data as { type?: unknown } | null)?.type === 'SIGNED_OUT'

/** The first candidate that is the owner's current token, for the owner's own entries only. */
export async function ownerTokenFor(
  db: OfflineDb,
  userId: number,
  candidates: (() => Promise<string | undefined>)[],
): Promise<string | undefined> {
  const owner = await readOwner(db)
  if (!owner || owner.userId !== userId) return undefined
  for (const candidate of candidates) {
    const token = await candidate().catch(() => undefined)
    if (token && (await tokenDigest(token)) === owner.tokenDigest) return token
  }
  return undefined
}

/** Reads the session cookie through cookieStore, where the worker has one. */
export function cookieTokenFrom(scope: { cookieStore?: CookieStore }): () => Promise<string | undefined> {
  return async () => {
    if (!scope.cookieStore) return undefined
    const value = (await scope.cookieStore.get(SESSION_COOKIE))?.value
    return value ? decodeURIComponent(value) : undefined
  }
}

const warn = (error: unknown) => console.warn('Sending what waits on this device failed', error)

export function createQueueWorker(deps: QueueWorkerDeps): QueueWorker {
  const setTimer = deps.setTimer ?? ((work, ms) => setTimeout(work, ms))
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  const online = deps.online ?? (() => true)
  const names = Object.keys(deps.policies) as QueueName[]
  const timers = new Map<QueueName, unknown>()
  // The latest page token, in memory only while the worker lives, for the timer's and sync event's rounds (checked
  // against the owner every time, and forgotten at sign-out: the owner record leaves the device a moment after the
  // page signs out, and a sync event may come in between).
  let pageToken: string | undefined

  async function run(queue: QueueName, { token, retryNow = false }: { token?: string; retryNow?: boolean } = {}): Promise<QueueSummary> {
    if (token) pageToken = token
    const db = await deps.db()
    const owner = await readOwner(db)
    const summary = await runQueue(deps.policies[queue], {
      db,
      fetch: deps.fetch,
      now: deps.now,
      // The page's token as it is now: a sign-out meanwhile (SIGNED_OUT) stops the round's next request.
      tokenFor: (userId) => ownerTokenFor(db, userId, [async () => pageToken, deps.cookieToken]),
      retryNow,
      reader: owner?.userId,
    })
    schedule(queue, nextRoundAt(summary))
    return summary
  }

  function schedule(queue: QueueName, at: number | null): void {
    if (timers.has(queue)) clearTimer(timers.get(queue))
    timers.delete(queue)
    if (at === null) return
    timers.set(
      queue,
      setTimer(
        () => {
          timers.delete(queue)
          if (online()) run(queue).catch(warn)
        },
        Math.max(0, at - deps.now()),
      ),
    )
  }

  /** A page's command for one queue: keep what it hands over, send when online, and tell the page when it is due again. */
  async function command(queue: QueueName, data: QueueCommand, reply?: (notice: QueueRetryNotice) => void): Promise<void> {
    if (data.add) await deps.policies[queue].keep?.(await deps.db(), data.add)
    if (!online()) {
      if (data.add?.length) await deps.registerSync?.(`owe-${queue}`)
      return
    }
    const summary = await run(queue, { token: data.token, retryNow: data.retryNow })
    const next = nextRoundAt(summary)
    if (next !== null) reply?.({ type: 'QUEUE_RETRY', queue, inMs: Math.max(0, next - deps.now()), failed: summary.retryAt !== null })
    // The browser's own retry, should the page close first (registered while it is open, as Chromium requires):
    // for a failure, which may be the connection's.
    if (summary.retryAt !== null) await deps.registerSync?.(`owe-${queue}`)
  }

  return {
    run,
    async runAll() {
      if (!online()) return
      for (const queue of names) await run(queue).catch(warn)
    },
    onSync(event) {
      const queue = names.find((name) => event.tag === `owe-${name}`)
      if (!queue) return
      // Still failing: the sync event fails too, and the browser tries it again later, page or no page. The browser
      // fires it when the connection is back: what was backing off goes now. (Entries waiting for their user's
      // sign-in, or for the server's clock, are no failure: retrying would not help.)
      event.waitUntil(
        run(queue, { retryNow: true }).then((summary) => {
          if (summary.retryAt !== null) throw new Error(`The ${queue} queue waits to be sent (${summary.waiting})`)
        }),
      )
    },
    onMessage(data, waitUntil, reply) {
      if (isSignedOut(data)) pageToken = undefined
      if (!isQueueCommand(data)) return
      const queues = data.queue ? [data.queue] : names
      waitUntil(Promise.all(queues.filter((queue) => names.includes(queue)).map((queue) => command(queue, data, reply).catch(warn))))
    },
  }
}
