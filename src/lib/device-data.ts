import type { SignedOutNotice } from '@/offline/messages'

/**
 * Who owns what this device keeps, seen from the page: claimed at sign-in (so the worker stores private answers for
 * that user only) and removed at sign-out. Every page's session needs this; what the device keeps besides (packs,
 * the picture, the storage's state) is in device-keeping.ts, which only the pages that show it load. The offline
 * modules load on first use, keeping them out of the first paint's code.
 */

export const offline = () => Promise.all([import('@/offline/schema'), import('@/offline/store')])

// Claims and releases (and what the device keeps for their user) run one after another, so a quick sign-out and
// sign-in cannot interleave.
let queue: Promise<unknown> = Promise.resolve()
export function enqueue<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work)
  queue = next.catch((error: unknown) => console.warn('Offline data step failed', error))
  return next
}

export const hasIndexedDb = () => typeof indexedDB !== 'undefined'

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
