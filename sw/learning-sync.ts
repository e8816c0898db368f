import { replayDeck } from '../src/core/learning/schedule'
import { keepDeckProverbs, nextRoundAt, syncLearning, type LearningSyncSummary } from '../src/offline/learning'
import { LEARNING_SYNC_TAG, type LearningRetryNotice, type SyncLearningCommand } from '../src/offline/learning-messages'
import type { OfflineDb } from '../src/offline/schema'
import { readOwner } from '../src/offline/store'
import { ownerTokenFor, type OutboxSyncDeps, type SyncEventLike } from './outbox-sync'

/**
 * The worker's side of the learning log (src/offline/learning.ts): it sends the owner's entries and pulls
 * what their other devices sent on Background Sync (tag `owe-learning`), when a page asks, at start, and
 * again when a round that failed, or entries waiting for the server's clock, are due while it lives; then it fetches the deck's proverbs the device
 * lacks, so the deck reads offline. As with quiz answers it keeps no token of its own: a page's command's
 * (in memory, forgotten at SIGNED_OUT) or the session cookie, and only when it is the owner's.
 */

export type LearningSyncDeps = Pick<OutboxSyncDeps, 'db' | 'fetch' | 'now' | 'cookieToken' | 'setTimer' | 'clearTimer'> & {
  /** Asks the browser for a sync event once it is online (the registration's `sync`, where there is one). */
  registerSync?: (tag: string) => Promise<void> | undefined
}

export function isSyncLearningCommand(data: unknown): data is SyncLearningCommand {
  return (data as { type?: unknown } | null)?.type === 'SYNC_LEARNING'
}

/** What a round did, or why there was none: nobody owns the device, or no token of the owner's is here. */
export type LearningRound = LearningSyncSummary | { skipped: 'no-owner' | 'no-token' }

export type LearningSync = {
  /** One round for the device's owner; `token` is a page's, tried before the cookie. */
  drain: (token?: string, retryNow?: boolean) => Promise<LearningRound>
  onSync: (event: SyncEventLike) => void
  onCommand: (
    command: SyncLearningCommand,
    waitUntil: (work: Promise<unknown>) => void,
    reply?: (notice: LearningRetryNotice) => void,
  ) => void
  onSignedOut: () => void
}

const warn = (error: unknown) => console.warn('Syncing the learning log failed', error)

export function createLearningSync(deps: LearningSyncDeps): LearningSync {
  const setTimer = deps.setTimer ?? ((work, ms) => setTimeout(work, ms))
  const clearTimer = deps.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>))
  let timer: unknown
  let pageToken: string | undefined

  async function round(db: OfflineDb, token: string | undefined, retryNow: boolean): Promise<LearningRound> {
    if (token) pageToken = token
    const owner = await readOwner(db)
    if (!owner) return { skipped: 'no-owner' }
    const auth = await ownerTokenFor(db, owner.userId, [async () => token ?? pageToken, deps.cookieToken])
    if (!auth) return { skipped: 'no-token' }
    const summary = await syncLearning({
      db,
      fetch: deps.fetch,
      now: deps.now,
      userId: owner.userId,
      token: auth,
      retryNow,
      loadReplay: async () => replayDeck,
    })
    // Cards another device added (or this one, offline) are read offline too (entries waiting for the server's
    // clock do not stop that: only a failed round does).
    if (summary.retryAt === null && !summary.unauthorised) await keepDeckProverbs({ db, fetch: deps.fetch, now: deps.now }, owner.userId)
    return summary
  }

  async function drain(token?: string, retryNow = false): Promise<LearningRound> {
    const result = await round(await deps.db(), token, retryNow)
    schedule('retryAt' in result ? nextRoundAt(result) : null)
    return result
  }

  function schedule(retryAt: number | null): void {
    if (timer !== undefined) clearTimer(timer)
    timer = undefined
    if (retryAt === null) return
    timer = setTimer(
      () => {
        timer = undefined
        drain().catch(warn)
      },
      Math.max(0, retryAt - deps.now()),
    )
  }

  return {
    drain,
    onSync(event) {
      if (event.tag !== LEARNING_SYNC_TAG) return
      // Still failing: the sync event fails too, and the browser tries it again later, page or no page. (Entries
      // waiting for the server's clock are no failure: the timer above tries them.)
      event.waitUntil(
        drain(undefined, true).then((result) => {
          if ('retryAt' in result && result.retryAt !== null) throw new Error(`The learning log waits to be sent (${result.waiting})`)
        }),
      )
    },
    onCommand(command, waitUntil, reply) {
      waitUntil(
        drain(command.token, command.retryNow)
          .then(async (result) => {
            const next = 'retryAt' in result ? nextRoundAt(result) : null
            if (next === null) return
            reply?.({ type: 'LEARNING_RETRY', inMs: Math.max(0, next - deps.now()), retryAt: next })
            // The browser's own retry, should the page close first (registered while it is open, as Chromium
            // requires): for a failure, which may be the connection's.
            if ('retryAt' in result && result.retryAt !== null) await deps.registerSync?.(LEARNING_SYNC_TAG)
          })
          .catch(warn),
      )
    },
    onSignedOut() {
      pageToken = undefined
    },
  }
}
