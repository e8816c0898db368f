import { LEARNING_SYNC_TAG, type LearningRetryNotice, type SyncLearningCommand } from '@/offline/learning-messages'
import { env } from './env'
import { getSession, onSignedIn } from './session'

/**
 * Syncing the reader's learning log, from the page (the log and its rounds are src/offline/learning.ts):
 * the worker controlling the page runs the round (a SYNC_LEARNING message with the session's token);
 * offline, Background Sync (tag `owe-learning`) runs it once the browser is back online; with no worker the
 * page runs it itself, under the same lock. Asked for after each change to the log, when a page first uses
 * learning, when the browser is back online and after a sign-in. Loaded on first use, apart from the first
 * page's script.
 */

type SyncCapable = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }

/** Changes made together (a whole list put in the deck) are sent in one round. */
const GATHER_MS = 200

const warn = (error: unknown) => console.warn('Syncing the learning log failed', error)

let gathering: ReturnType<typeof setTimeout> | undefined
let gatheredRetryNow = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
let hearingWorker = false

/** A round is asked for again no sooner than this after the last one said when (a back-off starts at 1 s). */
const RETRY_MIN_MS = 1000

function scheduleRetry(inMs: number | null): void {
  clearTimeout(retryTimer)
  retryTimer = inMs === null ? undefined : setTimeout(() => requestLearningSync(), Math.max(RETRY_MIN_MS, inMs))
}

/** How long until the round the worker asks for: `inMs`, or by `retryAt` from a worker of the version before; null for neither. */
function retryDelay(notice: Partial<LearningRetryNotice>): number | null {
  if (Number.isFinite(notice.inMs)) return notice.inMs!
  return Number.isFinite(notice.retryAt) ? notice.retryAt! - Date.now() : null
}

/**
 * The worker tells the page that asked when a round is due again (it may be stopped by then): after a failure,
 * or for entries waiting for the server's clock.
 */
function hearWorker(container: ServiceWorkerContainer): void {
  if (hearingWorker) return
  hearingWorker = true
  container.addEventListener('message', (event: MessageEvent<Partial<LearningRetryNotice> | undefined>) => {
    if (event.data?.type === 'LEARNING_RETRY') scheduleRetry(retryDelay(event.data))
  })
}

const loadReplay = async () => (await import('@/core/learning/schedule')).replayDeck

async function sync(retryNow: boolean): Promise<void> {
  const session = getSession()
  // Only the signed-in reader's own entries, with their own token: signed out, nothing here can go.
  if (!session || typeof indexedDB === 'undefined') return
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (container) hearWorker(container)
  if (navigator.onLine === false) {
    const registration = (await container?.getRegistration().catch(() => undefined)) as SyncCapable | undefined
    await registration?.sync?.register(LEARNING_SYNC_TAG).catch(() => undefined)
    return
  }
  if (container?.controller) {
    container.controller.postMessage({ type: 'SYNC_LEARNING', token: session.token, retryNow } satisfies SyncLearningCommand)
    return
  }
  const [{ offlineDb }, log] = await Promise.all([import('@/offline/schema'), import('@/offline/learning')])
  const db = await offlineDb()
  const fetcher = (input: string, init: RequestInit) => fetch(input, init)
  const summary = await log.syncLearning({
    db,
    fetch: fetcher,
    now: Date.now,
    userId: session.user.id,
    token: session.token,
    apiBase: env.apiBase,
    retryNow,
    loadReplay,
  })
  const next = log.nextRoundAt(summary)
  scheduleRetry(next === null ? null : next - Date.now())
  // Entries waiting for the server's clock do not stop this: only a failed round does.
  if (summary.retryAt === null && !summary.unauthorised)
    await log.keepDeckProverbs({ db, fetch: fetcher, now: Date.now, apiBase: env.apiBase }, session.user.id)
}

/** Asks for a round soon (changes made together share it); `retryNow`: the connection is back. */
export function requestLearningSync({ retryNow = false }: { retryNow?: boolean } = {}): void {
  gatheredRetryNow ||= retryNow
  gathering ??= setTimeout(() => {
    const now = gatheredRetryNow
    gathering = undefined
    gatheredRetryNow = false
    sync(now).catch(warn)
  }, GATHER_MS)
}

/**
 * Once a page first uses learning (src/lib/learning.ts starts it then, well after the first paint): a round
 * now, another whenever the browser is back online, and one at once after a sign-in.
 */
export function startLearningSync(): void {
  requestLearningSync()
  window.addEventListener('online', () => requestLearningSync({ retryNow: true }))
  // Entries that waited for this reader to sign in again go now, and their log comes back from the server.
  onSignedIn(() => requestLearningSync({ retryNow: true }))
}
