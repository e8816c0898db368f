import { API } from '@/core/http/api-paths'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { PACKS_CHANNEL, type PackDownloadCommand, type PacksChanged } from '@/offline/messages'
import { deviceDataSettled, enqueue, hasIndexedDb, offline } from './device-data'

/**
 * What the device keeps for the signed-in user besides its owner (device-data.ts): offline packs, the profile
 * picture and the storage's state. Only the pages that show them load this; the offline modules load on first use.
 */

const offlinePacks = () => Promise.all([import('@/offline/schema'), import('@/offline/packs')])

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
const PICTURE_KEY = API.picture

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
