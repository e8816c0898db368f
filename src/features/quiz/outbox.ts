import { useEffect, useRef, useState } from 'react'
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, type DrainOutboxCommand, type OutboxChanged, type OutboxRetryNotice } from '@/offline/messages'
import type { AnswerDelivery, BatchDelivery, FailedEntry } from '@/offline/outbox'
import { env } from '@/lib/env'
import { getSession, onSignedIn } from '@/lib/session'

/**
 * The page's side of the quiz answer outbox (src/offline/outbox.ts holds the storage and the drain). An
 * answer is "saved" once it is in IndexedDB; then the worker is asked to send it (Background Sync and a
 * DRAIN_OUTBOX message), or, with no worker controlling the page, the page sends it itself under the
 * same lock. The offline modules load on first use, keeping them out of the first paint's code.
 */

export type { AnswerDelivery, BatchDelivery, FailedEntry }

const hasIndexedDb = () => typeof indexedDB !== 'undefined'

async function openOutbox() {
  const [{ offlineDb }, outbox] = await Promise.all([import('@/offline/schema'), import('@/offline/outbox')])
  return { db: await offlineDb(), outbox }
}

const warn = (error: unknown) => console.warn('Sending quiz answers failed', error)

/** Resolves once the answer is stored on this device (the screen may say "saved"), then asks for a send. */
export async function saveAnswer(input: { userId: number; batchId: number; questionId: number; answerOptionId: number }): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.enqueueAnswer(db, input, Date.now())
  requestDrain()
}

/** Queues the close of the attempt ("submit") after the answers already queued; resolves once stored. */
export async function submitAttempt(input: { userId: number; batchId: number }): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.enqueueClose(db, input, Date.now())
  requestDrain()
}

/** Puts refused entries back in the queue (all of the user's, or those named) and asks for a send. */
export async function retryFailed(userId: number, keys?: string[]): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.retryFailed(db, userId, keys)
  requestDrain()
}

export async function discardFailed(userId: number, key: string): Promise<void> {
  const { db, outbox } = await openOutbox()
  await outbox.discardFailed(db, userId, key)
}

// ------------------------------------------------------------------------------------------- sending

type SyncCapable = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }

let retryTimer: ReturnType<typeof setTimeout> | undefined
let hearingWorker = false

function scheduleRetry(retryAt: number | null): void {
  clearTimeout(retryTimer)
  retryTimer = retryAt === null ? undefined : setTimeout(requestDrain, Math.max(0, retryAt - Date.now()))
}

/** The worker tells the page that asked when backing-off entries are due (it may be stopped by then). */
function hearWorker(container: ServiceWorkerContainer): void {
  if (hearingWorker) return
  hearingWorker = true
  container.addEventListener('message', (event: MessageEvent<OutboxRetryNotice | undefined>) => {
    if (event.data?.type === 'OUTBOX_RETRY') scheduleRetry(event.data.retryAt)
  })
}

/** Only the signed-in user's own entries, with their own token. */
async function sessionTokenFor(userId: number): Promise<string | undefined> {
  const session = getSession()
  return session && session.user.id === userId ? session.token : undefined
}

async function drain(retryNow: boolean): Promise<void> {
  const session = getSession()
  // Every entry goes with its own user's token: signed out, nothing here can be sent.
  if (!session || !hasIndexedDb()) return
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined
  if (container) {
    hearWorker(container)
    const registration = (await container.getRegistration().catch(() => undefined)) as SyncCapable | undefined
    // Background Sync sends even after the page closes, once the browser is back online.
    await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined)
  }
  // Surely offline: trying would only count failures (and back off) against a network that is not there.
  if (navigator.onLine === false) return
  if (container?.controller) {
    container.controller.postMessage({ type: 'DRAIN_OUTBOX', token: session.token, retryNow } satisfies DrainOutboxCommand)
    return
  }
  const { db, outbox } = await openOutbox()
  const summary = await outbox.drainOutbox({
    db,
    fetch: (input, init) => fetch(input, init),
    now: Date.now,
    tokenFor: sessionTokenFor,
    apiBase: env.apiBase,
    retryNow,
  })
  scheduleRetry(summary.retryAt)
}

/** Asks for what the outbox holds to be sent now (by the worker, or this page when none controls it). */
export function requestDrain({ retryNow = false }: { retryNow?: boolean } = {}): void {
  drain(retryNow).catch(warn)
}

/** At app start (after the first paint), whenever the browser is back online, and at once after a sign-in. */
export function startOutboxDrains(): void {
  const later =
    typeof requestIdleCallback === 'function'
      ? (work: () => void) => requestIdleCallback(work, { timeout: 3000 })
      : (work: () => void) => setTimeout(work, 500)
  later(() => requestDrain())
  window.addEventListener('online', () => requestDrain({ retryNow: true }))
  // Answers that waited for this user to sign in again (their last session ended) go now, not at the next start.
  onSignedIn(() => requestDrain({ retryNow: true }))
}

// ------------------------------------------------------------------------------------------- reading

/** Calls back whenever this user's outbox changes, in any tab, the worker or this page. */
export function onOutboxChanged(userId: number, callback: (message: OutboxChanged) => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL)
  const onMessage = (event: MessageEvent<OutboxChanged> | CustomEvent<OutboxChanged>) => {
    const message = 'detail' in event ? event.detail : event.data
    if (message?.type === 'outbox-changed' && message.userId === userId) callback(message)
  }
  channel?.addEventListener('message', onMessage)
  window.addEventListener(OUTBOX_CHANNEL, onMessage as EventListener)
  return () => {
    channel?.close()
    window.removeEventListener(OUTBOX_CHANNEL, onMessage as EventListener)
  }
}

/**
 * Reads from IndexedDB whenever this user's outbox changes (only the latest read lands). Undefined until
 * the first read, and while there is no user.
 */
function useOutboxRead<T>(
  userId: number | undefined,
  key: string,
  read: (userId: number) => Promise<T>,
  concerns: (m: OutboxChanged) => boolean,
) {
  const [state, setState] = useState<{ key: string; value: T }>()
  useEffect(() => {
    if (userId === undefined) return
    let latest = 0
    let live = true
    const load = () => {
      const n = ++latest
      read(userId)
        .then((value) => {
          if (live && n === latest) setState({ key, value })
        })
        .catch(warn)
    }
    load()
    const stop = onOutboxChanged(userId, (message) => {
      if (concerns(message)) load()
    })
    return () => {
      live = false
      stop()
    }
    // `key` names everything `read` and `concerns` depend on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, key])
  return state?.key === key ? state.value : undefined
}

/**
 * Where a batch's answers and close are on this device. Opening it with entries still waiting asks for a
 * send once (they may have waited for this user to sign in again).
 */
export function useBatchDelivery(userId: number | undefined, batchId: number): BatchDelivery | undefined {
  const key = `${userId}:${batchId}`
  const delivery = useOutboxRead(
    userId,
    key,
    async (user) => {
      const { db, outbox } = await openOutbox()
      return outbox.readBatchDelivery(db, user, batchId)
    },
    (message) => message.batchId === batchId,
  )
  const waiting = (delivery?.pending ?? 0) > 0
  const nudged = useRef<string>(undefined)
  useEffect(() => {
    if (!waiting || nudged.current === key) return
    nudged.current = key
    requestDrain()
  }, [waiting, key])
  return delivery
}

const NONE: FailedEntry[] = []

/** The user's "could not send" list, oldest first. */
export function useFailedEntries(userId: number | undefined): FailedEntry[] {
  const failed = useOutboxRead(
    userId,
    String(userId),
    async (user) => {
      const { db, outbox } = await openOutbox()
      return outbox.readFailed(db, user)
    },
    () => true,
  )
  return failed ?? NONE
}
