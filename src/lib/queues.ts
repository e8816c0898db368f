import type { QueueCommand, QueueName, QueueRetryNotice } from '@/offline/messages'
import { env } from './env'
import { onQueueChanged } from './queue-events'
import { getSession, onSignedIn } from './session'

/**
 * The page's side of the device's queues (src/offline/queue.ts; docs/decisions/020-one-delivery-engine.md): once
 * something is kept on the device, the page asks for it to be sent — by the worker controlling the page (a
 * QUEUE_SEND message with the session's token), or, with no worker, by the page itself under the same lock. Offline
 * it registers the queue's Background Sync tag instead, so the browser sends once it is back online, page or no
 * page. Loaded on first use, apart from the first page's script.
 */

type SyncCapable = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }

const QUEUES: QueueName[] = ['outbox', 'learning', 'analytics', 'marks', 'forms']
/**
 * Asks made together share one round: for the learning log a moment longer (a review sent at once would be sent while
 * the next card is drawn; a run of reviews goes together), for the others what one task asks.
 */
const gatherMs = (queue: QueueName | 'all') => (queue === 'learning' ? 200 : 0)
/** A queue is asked for again no sooner than this after the last round said when (a back-off starts at 1 s). */
const RETRY_MIN_MS = 1000

const warn = (error: unknown) => console.warn('Sending what waits on this device failed', error)

/** Hears that a queue's round could not reach the server (its entries wait on this device): the app may say so. */
let onFailed: ((queue: QueueName) => void) | undefined

const gathering = new Map<QueueName | 'all', { timer: ReturnType<typeof setTimeout>; retryNow: boolean }>()
const retryTimers = new Map<QueueName, ReturnType<typeof setTimeout>>()
let hearingWorker = false
const sending = new Set<Promise<void>>()

/** Asks for a queue (every queue when none is named) to be sent soon; `retryNow`: the connection is back. */
export function requestSend(queue?: QueueName, { retryNow = false }: { retryNow?: boolean } = {}): void {
  const name = queue ?? 'all'
  const waiting = gathering.get(name)
  if (waiting) {
    waiting.retryNow ||= retryNow
    return
  }
  const ask = {
    retryNow,
    timer: setTimeout(() => {
      gathering.delete(name)
      const round = send(queue, ask.retryNow)
        .catch(warn)
        .finally(() => sending.delete(round))
      sending.add(round)
    }, gatherMs(name)),
  }
  gathering.set(name, ask)
}

/** Resolves once nothing is gathering and every send this page asked for has ended (a test ends on it). */
export async function settled(): Promise<void> {
  while (gathering.size > 0 || sending.size > 0) {
    await Promise.all(sending)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
}

/** Keeps what the page hands over (analytics' events) and sends the queue, with no worker to do it. */
export async function keepHere(queue: QueueName, items: readonly unknown[], retryNow: boolean): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  await runHere(queue, retryNow, items)
}

function scheduleRetry(queue: QueueName, inMs: number | null): void {
  clearTimeout(retryTimers.get(queue))
  retryTimers.delete(queue)
  if (inMs !== null)
    retryTimers.set(
      queue,
      setTimeout(() => requestSend(queue), Math.max(RETRY_MIN_MS, inMs)),
    )
}

/** The worker tells the page that asked when a queue is due again (it may be stopped by then). */
function hearWorker(container: ServiceWorkerContainer): void {
  if (hearingWorker) return
  hearingWorker = true
  container.addEventListener('message', (event: MessageEvent<Partial<QueueRetryNotice> | undefined>) => {
    const notice = event.data
    if (notice?.type !== 'QUEUE_RETRY' || !notice.queue || !Number.isFinite(notice.inMs)) return
    scheduleRetry(notice.queue, notice.inMs!)
    if (notice.failed) onFailed?.(notice.queue)
  })
}

async function send(queue: QueueName | undefined, retryNow: boolean): Promise<void> {
  if (typeof indexedDB === 'undefined') return
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (container) hearWorker(container)
  if (navigator.onLine === false) {
    const registration = (await container?.getRegistration().catch(() => undefined)) as SyncCapable | undefined
    for (const name of queue ? [queue] : QUEUES) await registration?.sync?.register(`owe-${name}`).catch(() => undefined)
    return
  }
  if (container?.controller) {
    container.controller.postMessage({ type: 'QUEUE_SEND', queue, token: getSession()?.token, retryNow } satisfies QueueCommand)
    return
  }
  for (const name of queue ? [queue] : QUEUES) await runHere(name, retryNow)
}

/** A round of the queue in this page (no worker controls it), with the signed-in reader's token for their own entries only. */
async function runHere(queue: QueueName, retryNow: boolean, items?: readonly unknown[]): Promise<void> {
  const [{ offlineDb }, { queuePolicies }, { runQueue, nextRoundAt }] = await Promise.all([
    import('@/offline/schema'),
    import('@/offline/queues'),
    import('@/offline/queue'),
  ])
  const db = await offlineDb()
  const policy = queuePolicies(async () => (await import('@/core/learning/schedule')).replayDeck)[queue]
  if (items) await policy.keep?.(db, items)
  // Surely offline: trying would only count failures (and back off) against a network that is not there.
  if (navigator.onLine === false) return
  const summary = await runQueue(policy, {
    db,
    fetch: (input, init) => fetch(input, init),
    now: Date.now,
    // The session as it is at each request: a sign-out meanwhile stops the round there.
    tokenFor: async (userId) => {
      const session = getSession()
      return session && session.user.id === userId ? session.token : undefined
    },
    apiBase: env.apiBase,
    retryNow,
    reader: getSession()?.user.id,
  })
  const next = nextRoundAt(summary)
  scheduleRetry(queue, next === null ? null : next - Date.now())
  if (summary.retryAt !== null) onFailed?.(queue)
}

/** How many of the reader's doings wait on this device to be sent (quiz answers, learning, hearts and likes, forms). */
export async function countWaiting(userId: number): Promise<number> {
  if (typeof indexedDB === 'undefined') return 0
  const [{ offlineDb }, { readWaiting }] = await Promise.all([import('@/offline/schema'), import('@/offline/queues')])
  const counts = await readWaiting(await offlineDb(), userId)
  return Object.values(counts).reduce((sum, count) => sum + count, 0)
}

type Hearing = {
  /** A queue of the signed-in reader's (or nobody's) changed: sent, refused, kept — wherever it was sent from. */
  onChanged?: (queue: QueueName, userId: number) => void
  /** The server refused something of the signed-in reader's: what it said. */
  onRefused?: (queue: QueueName, message: string) => void
  /** A round this page asked for could not reach the server: what it sent waits on this device. */
  onWaiting?: (queue: QueueName) => void
}

/**
 * At app start (after the first paint): what waits is sent, again whenever the browser is back online, and at once
 * after a sign-in (what waited for that reader's token). The app hears the queues' changes and refusals meanwhile.
 */
export function startQueues({ onChanged, onRefused, onWaiting }: Hearing = {}): void {
  onFailed = onWaiting
  requestSend()
  window.addEventListener('online', () => requestSend(undefined, { retryNow: true }))
  onSignedIn(() => requestSend(undefined, { retryNow: true }))
  onQueueChanged(QUEUES, undefined, (message) => {
    if (message.userId !== (getSession()?.user.id ?? 0)) return
    onChanged?.(message.queue, message.userId)
    if (message.refused !== undefined) onRefused?.(message.queue, message.refused)
  })
}
