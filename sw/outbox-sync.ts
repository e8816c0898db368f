import { OUTBOX_SYNC_TAG, type DrainOutboxCommand, type OutboxRetryNotice, type SignedOutNotice } from '../src/offline/messages'
import { drainOutbox, type DrainDeps, type DrainSummary } from '../src/offline/outbox'
import type { OfflineDb } from '../src/offline/schema'
import { readOwner, tokenDigest } from '../src/offline/store'

/**
 * The worker's side of the quiz answer outbox (src/offline/outbox.ts): it sends what the outbox holds on
 * Background Sync, when a page asks, at start, and again when a backing-off entry is due while it lives.
 * It keeps no token of its own: it uses the one a page's command carries or the session cookie, and only
 * when that token is the device owner's (its digest) and the entries are that owner's.
 */

/**
 * The session cookie the page writes (src/lib/session.ts TOKEN_COOKIE; docs/requirements.md#r3-accounts-and-sign-in).
 */
export const SESSION_COOKIE = 'userToken'

export type OutboxSyncDeps = {
  db: () => Promise<OfflineDb>
  fetch: DrainDeps['fetch']
  now: () => number
  /** The session cookie's value where the worker can read it (cookieStore, Chromium), else undefined. */
  cookieToken: () => Promise<string | undefined>
  setTimer?: (work: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

/** A Background Sync event (not in TypeScript's WebWorker lib). */
export type SyncEventLike = { tag: string; waitUntil: (work: Promise<unknown>) => void }

export function isDrainCommand(data: unknown): data is DrainOutboxCommand {
  return (data as { type?: unknown } | null)?.type === 'DRAIN_OUTBOX'
}

export function isSignedOutNotice(data: unknown): data is SignedOutNotice {
  return (data as { type?: unknown } | null)?.type === 'SIGNED_OUT'
}

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

export type OutboxSync = {
  /** Sends what is due; `token` is a page's, tried before the cookie. */
  drain: (token?: string, retryNow?: boolean) => Promise<DrainSummary>
  onSync: (event: SyncEventLike) => void
  /** A page's DRAIN_OUTBOX; `reply` tells that page when entries are due again. */
  onCommand: (command: DrainOutboxCommand, waitUntil: (work: Promise<unknown>) => void, reply?: (notice: OutboxRetryNotice) => void) => void
  /** A page signed out: the token a page left here is forgotten (only a later command or the cookie serves). */
  onSignedOut: () => void
}

export function createOutboxSync(deps: OutboxSyncDeps): OutboxSync {
  const setTimer = deps.setTimer ?? ((work, ms) => setTimeout(work, ms))
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  let timer: unknown
  // The latest page token, in memory only while the worker lives, for the timer's and sync event's drains
  // (checked against the owner every time, and forgotten at sign-out: the owner record leaves the device
  // a moment after the page signs out, and a sync event may come in between).
  let pageToken: string | undefined

  async function drain(token?: string, retryNow = false): Promise<DrainSummary> {
    if (token) pageToken = token
    const db = await deps.db()
    const summary = await drainOutbox({
      db,
      fetch: deps.fetch,
      now: deps.now,
      tokenFor: (userId) => ownerTokenFor(db, userId, [async () => token ?? pageToken, deps.cookieToken]),
      retryNow,
    })
    schedule(summary.retryAt)
    return summary
  }

  function schedule(retryAt: number | null): void {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
    if (retryAt === null) return
    timer = setTimer(
      () => {
        timer = undefined
        drain().catch((error: unknown) => console.warn('Sending quiz answers failed', error))
      },
      Math.max(0, retryAt - deps.now()),
    )
  }

  return {
    drain,
    onSync(event) {
      if (event.tag !== OUTBOX_SYNC_TAG) return
      // Entries still backing off: a failed sync is retried by the browser later, even with no page open.
      // The browser fires it when the connection is back: what was backing off goes now.
      event.waitUntil(
        drain(undefined, true).then((summary) => {
          if (summary.retryAt !== null) throw new Error(`Quiz answers wait to be sent (${summary.waiting})`)
        }),
      )
    },
    onCommand(command, waitUntil, reply) {
      waitUntil(
        drain(command.token, command.retryNow)
          .then((summary) => {
            if (summary.retryAt !== null) reply?.({ type: 'OUTBOX_RETRY', retryAt: summary.retryAt })
          })
          .catch((error: unknown) => console.warn('Sending quiz answers failed', error)),
      )
    },
    onSignedOut() {
      pageToken = undefined
    },
  }
}
