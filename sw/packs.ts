import { PACKS_CHANNEL, type PackCommand, type PacksChanged, type PacksKeepingNotice } from '../src/offline/messages'
import { PACKS_PERIODIC_TAG } from '../src/offline/periodic-sync'
import { isMetered, type ConnectionInfo } from '../src/core/shared/connection'
import { keepPlanPacks, runPackCommand as run, type KeepPlan } from '../src/offline/pack-keeping'
import type { PackDeps } from '../src/offline/packs'
import type { OfflineDb, PackRecord } from '../src/offline/schema'
import { readOwner } from '../src/offline/store'
import { homeReads } from '../src/offline/periodic-sync'
import { isKeepReadsCommand, keepReads } from './data-store'
import { ownerTokenFor, type SyncEventLike } from './queues'

type PackWorkerDeps = {
  db: () => Promise<OfflineDb>
  fetch: typeof fetch
  caches: CacheStorage | undefined
  now: () => number
  broadcast: (message: PacksChanged) => void
  /** The session cookie's value where the worker can read it (cookieStore, Chromium), else undefined. */
  cookieToken: () => Promise<string | undefined>
}

export function isPackCommand(data: unknown): data is PackCommand {
  const type = (data as { type?: unknown } | null)?.type
  return type === 'PACK_DOWNLOAD' || type === 'KEEP_PACKS'
}

const packDeps = (db: OfflineDb, deps: PackWorkerDeps): PackDeps => ({
  db,
  fetch: deps.fetch,
  caches: deps.caches,
  now: deps.now,
  onChange: (pack: PackRecord) => deps.broadcast({ type: 'packs-changed', userId: pack.userId, groupId: pack.groupId }),
})

/** The peoples a round starts to keep that the device did not hold: the page asks for persistent storage then. */
const newlyKept = (plan: KeepPlan) => plan.download.filter(({ pack }) => !pack).map(({ size }) => size.groupId)

/**
 * Runs a page's pack command in the worker (it goes on while the user reads elsewhere), announcing every change of a
 * pack on the owe-packs channel. `reply` tells the page that sent KEEP_PACKS which peoples it starts to keep. A
 * browser ends a message event's work after some minutes; a pack cut short shows as downloading and is resumed by the
 * next round (its version is not the server's).
 */
export async function runPackCommand(
  command: PackCommand,
  deps: PackWorkerDeps,
  reply?: (notice: PacksKeepingNotice) => void,
): Promise<void> {
  await run(command, packDeps(await deps.db(), deps), (plan) => {
    const groupIds = newlyKept(plan)
    if (groupIds.length > 0) reply?.({ type: 'PACKS_KEEPING', userId: command.userId, groupIds })
  })
}

/**
 * The worker on its own (Periodic Background Sync, with no page to ask): the device owner's packs are brought up to
 * date and those of peoples their plan lost removed, with the session cookie as the token — only when it is the
 * owner's. Nothing new is added (what the reader declined is the page's to know), and nothing downloads on a metered
 * connection.
 */
export async function keepInBackground(deps: PackWorkerDeps, connection?: ConnectionInfo): Promise<void> {
  const db = await deps.db()
  const owner = await readOwner(db)
  if (!owner) return
  const token = await ownerTokenFor(db, owner.userId, [deps.cookieToken])
  if (!token) return
  await keepPlanPacks(packDeps(db, deps), { userId: owner.userId, token, download: !isMetered(connection), declined: [], keptOnly: true })
}

export function broadcastPacks(): (message: PacksChanged) => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PACKS_CHANNEL)
  return (message) => channel?.postMessage(message)
}

type WorkerScope = {
  addEventListener: (type: 'periodicsync', listener: (event: SyncEventLike) => void) => void
  location: { origin: string }
  navigator: { connection?: ConnectionInfo }
}

/**
 * What the worker keeps on the device of its own accord, wired once: the page's pack commands and the reads it asks
 * to keep (`onMessage`, from the worker's message listener), and on Periodic Background Sync the packs' refresh and
 * home's reads for today and tomorrow (the same `keepReads` the page's KEEP_READS runs), so the morning's reminder and
 * home open offline even when no page was opened since yesterday.
 */
export function setupKeeping(scope: WorkerScope, deps: Omit<PackWorkerDeps, 'broadcast'>) {
  const packs = { ...deps, broadcast: broadcastPacks() }
  scope.addEventListener('periodicsync', (event) => {
    if (event.tag !== PACKS_PERIODIC_TAG) return
    event.waitUntil(
      Promise.all([
        keepInBackground(packs, scope.navigator.connection).catch((error: unknown) => console.warn('Keeping packs failed', error)),
        keepReads(homeReads(new Date(deps.now())), deps, scope.location.origin).catch((error: unknown) =>
          console.warn('Keeping tomorrow’s proverbs failed', error),
        ),
      ]),
    )
  })
  return {
    onMessage(event: {
      data: unknown
      waitUntil: (work: Promise<unknown>) => void
      source: { postMessage: (message: unknown) => void } | null
    }) {
      const { data } = event
      if (isPackCommand(data))
        event.waitUntil(
          runPackCommand(data, packs, (notice) => event.source?.postMessage(notice)).catch((error: unknown) =>
            console.error('Offline pack failed', error),
          ),
        )
      if (isKeepReadsCommand(data))
        event.waitUntil(
          keepReads(data.urls, deps, scope.location.origin).catch((error: unknown) => console.warn('Keeping reads failed', error)),
        )
    },
  }
}
