import { FIRST_PAGE_API } from '@/core/http/first-page-paths'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { PACKS_CHANNEL, type PackDownloadCommand, type PacksChanged, type SignedOutNotice } from '@/offline/messages'

/**
 * What this device keeps for the signed-in user, seen from the page: who owns it (so the worker stores
 * private answers for that user only), removing it at sign-out, and offline packs. The offline modules
 * load on first use, keeping them out of the first paint's code.
 */

const offline = () => Promise.all([import('@/offline/schema'), import('@/offline/store')])
const offlinePacks = () => Promise.all([import('@/offline/schema'), import('@/offline/packs')])

// Claims and releases run one after another, so a quick sign-out and sign-in cannot interleave.
let queue: Promise<unknown> = Promise.resolve()
function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work)
  queue = next.catch((error: unknown) => console.warn('Offline data step failed', error))
  return next
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined'

/** After the first paint: opening IndexedDB and hashing need not compete with it. */
const afterPaint = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 200),
  )

/**
 * Marks the device's data as this user's (at sign-in and when the app opens signed in, `lazily` then,
 * after the first paint).
 */
export function claimDeviceData(userId: number, token: string, { lazily = false } = {}): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve()
  return enqueue(async () => {
    if (lazily) await afterPaint()
    const [{ offlineDb }, store] = await offline()
    const db = await offlineDb()
    // Anyone else's leftovers (a sign-out that never finished, a session that expired unseen) go first.
    await store.removeOtherUsersData(db, userId)
    await store.setOwner(db, { userId, tokenDigest: await store.tokenDigest(token) })
  })
}

/**
 * Opened with no session: a session that ended unseen (its cookie expired) leaves nothing behind — the
 * last owner's data goes.
 */
export function releaseStaleOwner(): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve()
  return enqueue(async () => {
    await afterPaint()
    const [{ offlineDb }, store] = await offline()
    const db = await offlineDb()
    const owner = await store.readOwner(db)
    if (owner) await store.removeUserData(db, owner.userId)
  })
}

/** Sign-out: the user's private answers, packs and what only their packs held leave the device. */
export function releaseDeviceData(userId: number): Promise<void> {
  // First, before any await: the worker must not send this user's queued answers with a page's old token.
  navigator.serviceWorker?.controller?.postMessage({ type: 'SIGNED_OUT' } satisfies SignedOutNotice)
  if (!hasIndexedDb()) return Promise.resolve()
  return enqueue(async () => {
    const [{ offlineDb }, store] = await offline()
    await store.removeUserData(await offlineDb(), userId)
  })
}

/** Waits for pending claims and releases (a pack download must not start before its owner is set). */
export const deviceDataSettled = (): Promise<unknown> => queue

/** Tells every open page (and this one: a channel does not deliver to its sender) that a pack changed. */
function announcePackChange(userId: number, groupId: number): void {
  const message: PacksChanged = { type: 'packs-changed', userId, groupId }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(PACKS_CHANNEL)
    channel.postMessage(message)
    channel.close()
  }
  window.dispatchEvent(new CustomEvent(PACKS_CHANNEL, { detail: message }))
}

/**
 * A pack's download goes to the worker when one controls the page (it goes on in the background), else it
 * runs in the page (the same code; it stops if the page closes).
 */
async function sendPackCommand(command: PackDownloadCommand): Promise<void> {
  await deviceDataSettled()
  const worker = navigator.serviceWorker?.controller
  if (worker) {
    worker.postMessage(command)
    return
  }
  const [{ offlineDb }, packs] = await offlinePacks()
  await packs.runPackDownload(command, {
    db: await offlineDb(),
    fetch: (input, init) => fetch(input, init),
    caches: typeof caches === 'undefined' ? undefined : caches,
    now: Date.now,
    onChange: (pack) => announcePackChange(pack.userId, pack.groupId),
  })
}

export function startPackDownload(userId: number, token: string, group: EthnicGroup): Promise<void> {
  return sendPackCommand({ type: 'PACK_DOWNLOAD', userId, group, token })
}

export async function removeDevicePack(userId: number, groupId: number): Promise<void> {
  const [{ offlineDb }, packs] = await offlinePacks()
  await packs.removePack(await offlineDb(), userId, groupId)
  announcePackChange(userId, groupId)
}

export async function readDevicePacks(userId: number) {
  const [{ offlineDb }, packs] = await offlinePacks()
  return packs.listPacks(await offlineDb(), userId)
}

/** Calls back whenever a pack of this user's changes (progress, done, failed), from any tab or the worker. */
export function onPacksChanged(userId: number, callback: () => void): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PACKS_CHANNEL)
  const onMessage = (event: MessageEvent<PacksChanged> | CustomEvent<PacksChanged>) => {
    const message = 'detail' in event ? event.detail : event.data
    if (message?.type === 'packs-changed' && message.userId === userId) callback()
  }
  channel?.addEventListener('message', onMessage)
  window.addEventListener(PACKS_CHANNEL, onMessage as EventListener)
  return () => {
    channel?.close()
    window.removeEventListener(PACKS_CHANNEL, onMessage as EventListener)
  }
}

export type StorageState = { usage: number; quota: number; persisted: boolean }

export async function readStorageState(): Promise<StorageState | null> {
  if (!navigator.storage?.estimate) return null
  const [{ usage = 0, quota = 0 }, persisted] = await Promise.all([
    navigator.storage.estimate(),
    navigator.storage.persisted?.() ?? Promise.resolve(false),
  ])
  return { usage, quota, persisted }
}

/** Asks the browser to keep the device's data under storage pressure; true when granted. */
export async function askPersistentStorage(): Promise<boolean> {
  return (await navigator.storage?.persist?.()) ?? false
}

/** Under the API's path the device keeps the user's profile picture (one per user). */
const PICTURE_KEY = FIRST_PAGE_API.picture

/**
 * Keeps the user's profile picture (or that they have none) with their other private data, so the
 * header shows it offline; it leaves the device at sign-out with the rest.
 */
export function keepPicture(userId: number, picture: Blob | null): Promise<void> {
  if (!hasIndexedDb()) return Promise.resolve()
  return enqueue(async () => {
    const [{ offlineDb }, store] = await offline()
    await store.savePrivate(await offlineDb(), userId, PICTURE_KEY, picture, Date.now())
  })
}

/** The picture this device kept for the user: a Blob, null for "none", undefined when nothing is kept. */
export async function readKeptPicture(userId: number): Promise<Blob | null | undefined> {
  if (!hasIndexedDb()) return undefined
  await deviceDataSettled()
  const [{ offlineDb }, store] = await offline()
  const kept = await store.readPrivate(await offlineDb(), userId, PICTURE_KEY)
  if (!kept) return undefined
  return kept.data instanceof Blob || kept.data === null ? kept.data : undefined
}
