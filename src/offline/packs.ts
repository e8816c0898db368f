import { API } from '../core/http/api-paths'
import type { EthnicGroup, Proverb } from '../core/proverbs/contract'
import type { Paginated } from '../core/http/contract'
import { PAGE_SIZE_MAX, scrollImageFiles } from '../core/shared/constants'
export { PACKS_CHANNEL, type PackCommand, type PacksChanged } from './messages'
import { packKey, SCROLL_IMAGE_CACHE, type OfflineDb, type PackRecord } from './schema'
import type { PackCommand } from './messages'
import { ownerOfToken, releasePackProverbs, saveProverbs } from './store'

/**
 * Offline packs: a signed-in user's whole group — every proverb and the scroll image — kept on the
 * device. The worker runs the download (it goes on while the user reads elsewhere); a page with no
 * worker runs the same code itself.
 */

/** A ready pack older than this is downloaded again when the app opens online. */
export const PACK_REFRESH_MS = 12 * 60 * 60_000

export type PackDeps = {
  db: OfflineDb
  fetch: typeof fetch
  caches: CacheStorage | undefined
  now: () => number
  /** Told after every stored page and at the end. */
  onChange: (pack: PackRecord) => void
  apiBase?: string
}

const inFlight = new Map<string, Promise<PackRecord>>()

/** Downloads (or refreshes) one pack; a second call for the same pack joins the first. */
export function downloadPack(deps: PackDeps, userId: number, group: EthnicGroup, token: string): Promise<PackRecord> {
  const key = packKey(userId, group.id)
  const running = inFlight.get(key)
  if (running) return running
  const job = runDownload(deps, userId, group, token).finally(() => inFlight.delete(key))
  inFlight.set(key, job)
  return job
}

async function runDownload(deps: PackDeps, userId: number, group: EthnicGroup, token: string): Promise<PackRecord> {
  const { db, now, onChange } = deps
  const key = packKey(userId, group.id)
  const previous = await db.get('packs', [userId, group.id])
  let pack: PackRecord = {
    userId,
    groupId: group.id,
    groupSlug: group.slug,
    groupName: group.name,
    language: group.language,
    status: 'downloading',
    done: 0,
    total: group.proverbCount,
    bytes: previous?.bytes ?? 0,
    updatedAt: previous?.updatedAt ?? null,
    error: null,
  }
  /** Removed meanwhile (the remove button, or sign-out)? Then nothing more is written. */
  const removed = async () => (await db.get('packs', [userId, group.id])) === undefined
  let started = false
  /** Writes the record — unless it was removed meanwhile, checked in the same transaction. */
  const update = async (changes: Partial<PackRecord>) => {
    const tx = db.transaction('packs', 'readwrite')
    if (started && !(await tx.store.get([userId, group.id]))) {
      tx.abort()
      await tx.done.catch(() => undefined)
      throw new PackRemoved()
    }
    started = true
    pack = { ...pack, ...changes }
    await Promise.all([tx.store.put(pack), tx.done])
    onChange(pack)
  }
  await update({})
  try {
    const seen = new Set<number>()
    let bytes = 0
    for (let page = 1, pages = 1; page <= pages; page++) {
      const response = await deps.fetch(`${deps.apiBase ?? ''}${API.proverbsLogged(group.id)}?page=${page}&size=${PAGE_SIZE_MAX}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        cache: 'no-store',
      })
      const text = await response.text()
      if (!response.ok) throw new Error(errorMessage(text, response.status))
      const body = JSON.parse(text) as Paginated<Proverb>
      if (await removed()) return await cancelled(db, key, pack)
      await saveProverbs(db, body.data, now(), key)
      for (const proverb of body.data) seen.add(proverb.id)
      bytes += new TextEncoder().encode(text).length
      pages = body.totalPages
      await update({ done: seen.size, total: Math.max(body.totalElements, seen.size) })
    }
    // A refresh lets go of proverbs the group no longer has.
    await releasePackProverbs(db, key, seen)
    bytes += await storeScrollImage(deps, group.image)
    if (await removed()) return await cancelled(db, key, pack)
    await update({ status: 'ready', bytes, updatedAt: now(), error: null })
  } catch (error) {
    if (error instanceof PackRemoved || (await removed())) return await cancelled(db, key, pack)
    const message = error instanceof Error && error.message ? error.message : 'The download stopped.'
    // A failed refresh keeps the pack it had (and says what it holds); a failed first download says so.
    const outcome: Partial<PackRecord> =
      pack.updatedAt === null || !previous
        ? { status: 'failed', error: message }
        : { status: 'ready', error: message, done: previous.done, total: previous.total, bytes: previous.bytes }
    try {
      await update(outcome)
    } catch (late) {
      if (late instanceof PackRemoved) return await cancelled(db, key, pack)
      throw late
    }
  }
  return pack
}

class PackRemoved extends Error {}

/** A pack removed mid-download: what its pages stored so far goes too. */
async function cancelled(db: OfflineDb, key: string, pack: PackRecord): Promise<PackRecord> {
  await releasePackProverbs(db, key)
  return pack
}

function errorMessage(body: string, status: number): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message
    if (message) return message
  } catch {
    // not JSON: fall through
  }
  return `The server answered ${status}.`
}

/** Puts the group's scroll image (both its files) in the image cache (cache-first there); returns their size. */
async function storeScrollImage(deps: PackDeps, image: string | null): Promise<number> {
  if (!image || !deps.caches) return 0
  const cache = await deps.caches.open(SCROLL_IMAGE_CACHE)
  let bytes = 0
  for (const file of scrollImageFiles(image)) {
    const url = `${deps.apiBase ?? ''}${file}`
    const response = await deps.fetch(url)
    if (!response.ok) throw new Error(`The scroll image could not be downloaded (${response.status}).`)
    bytes += Number(response.headers.get('Content-Length')) || (await response.clone().blob()).size
    await cache.put(url, response)
  }
  return bytes
}

/**
 * Runs a page's pack command, in the worker or (with no worker) in the page. Only for the device's
 * current owner (the token must be theirs), so nobody can fill someone else's packs.
 */
export async function runPackCommand(command: PackCommand, deps: PackDeps): Promise<void> {
  const { db } = deps
  if ((await ownerOfToken(db, command.token)) !== command.userId) return
  if (command.type === 'PACK_DOWNLOAD') {
    await downloadPack(deps, command.userId, command.group, command.token)
    return
  }
  for (const pack of packsToRefresh(await listPacks(db, command.userId), deps.now())) {
    const stored = await db.get('groups', pack.groupId)
    await downloadPack(deps, command.userId, stored?.group ?? groupOfPack(pack), command.token)
  }
}

/** The group a pack is of, from what the pack record remembers (when the group itself is not at hand). */
export function groupOfPack(pack: PackRecord): EthnicGroup {
  return { id: pack.groupId, name: pack.groupName, slug: pack.groupSlug, language: pack.language, image: null, proverbCount: pack.total }
}

/** Removes a pack and whatever only it held. */
export async function removePack(db: OfflineDb, userId: number, groupId: number): Promise<void> {
  await releasePackProverbs(db, packKey(userId, groupId))
  await db.delete('packs', [userId, groupId])
}

export async function listPacks(db: OfflineDb, userId: number): Promise<PackRecord[]> {
  return db.getAllFromIndex('packs', 'userId', userId)
}

/** Ready packs due for a refresh (and downloads cut short, e.g. by a closed browser). */
export function packsToRefresh(packs: PackRecord[], now: number): PackRecord[] {
  return packs.filter((p) => p.status !== 'ready' || p.updatedAt === null || now - p.updatedAt > PACK_REFRESH_MS)
}
