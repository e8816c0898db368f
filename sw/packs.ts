import type { EthnicGroup } from '../src/core/contract'
import { downloadPack, listPacks, packsToRefresh, PACKS_CHANNEL, type PackCommand, type PacksChanged } from '../src/offline/packs'
import type { OfflineDb, PackRecord } from '../src/offline/schema'
import { ownerOfToken } from '../src/offline/store'

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
 * Runs a page's pack command. Only for the device's current owner (the token must be theirs), so a
 * page cannot fill someone else's packs.
 */
export async function runPackCommand(command: PackCommand, deps: PackWorkerDeps): Promise<void> {
  const db = await deps.db()
  if ((await ownerOfToken(db, command.token)) !== command.userId) return
  const packDeps = {
    db,
    fetch: deps.fetch,
    caches: deps.caches,
    now: deps.now,
    onChange: (pack: PackRecord) => deps.broadcast({ type: 'packs-changed', userId: pack.userId, groupId: pack.groupId }),
  }
  if (command.type === 'PACK_DOWNLOAD') {
    await downloadPack(packDeps, command.userId, command.group, command.token)
    return
  }
  for (const pack of packsToRefresh(await listPacks(db, command.userId), deps.now())) {
    const stored = await db.get('groups', pack.groupId)
    const group: EthnicGroup = stored?.group ?? {
      id: pack.groupId,
      name: pack.groupName,
      slug: pack.groupSlug,
      language: pack.language,
      image: null,
      proverbCount: pack.total,
    }
    await downloadPack(packDeps, command.userId, group, command.token)
  }
}

export function broadcastPacks(): (message: PacksChanged) => void {
  const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(PACKS_CHANNEL)
  return (message) => channel?.postMessage(message)
}
