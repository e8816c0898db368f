import { PACKS_CHANNEL, type PackCommand, type PacksChanged } from '../src/offline/messages'
import { runPackCommand as run } from '../src/offline/packs'
import type { OfflineDb, PackRecord } from '../src/offline/schema'

type PackWorkerDeps = {
  db: () => Promise<OfflineDb>
  fetch: typeof fetch
  caches: CacheStorage | undefined
  now: () => number
  broadcast: (message: PacksChanged) => void
}

export function isPackCommand(data: unknown): data is PackCommand {
  const type = (data as { type?: unknown } | null)?.type
  return type === 'PACK_DOWNLOAD' || type === 'PACKS_REFRESH'
}

/**
 * Runs a page's pack command in the worker (it goes on while the user reads elsewhere), announcing every
 * change of a pack on the owe-packs channel. A browser ends a message event's work after some minutes;
 * a pack cut short shows as downloading and is resumed at the next start (packsToRefresh).
 */
export async function runPackCommand(command: PackCommand, deps: PackWorkerDeps): Promise<void> {
  await run(command, {
    db: await deps.db(),
    fetch: deps.fetch,
    caches: deps.caches,
    now: deps.now,
    onChange: (pack: PackRecord) => deps.broadcast({ type: 'packs-changed', userId: pack.userId, groupId: pack.groupId }),
  })
}

export function broadcastPacks(): (message: PacksChanged) => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PACKS_CHANNEL)
  return (message) => channel?.postMessage(message)
}
