import { API } from '../core/http/api-paths'
import type { EthnicGroup, PackSize, Proverb } from '../core/proverbs/contract'
import type { Paginated } from '../core/http/contract'
import { PAGE_SIZE_MAX, scrollImageFiles } from '../core/shared/constants'
export { PACKS_CHANNEL, type PacksChanged } from './messages'
import { packKey, SCROLL_IMAGE_CACHE, type OfflineDb, type PackOrigin, type PackPage, type PackRecord } from './schema'
import type { PackDownloadCommand } from './messages'
import { ownerOfToken, releasePackProverbs, saveProverbs } from './store'

/**
 * Offline packs: a signed-in user's whole group — every proverb and the scroll image — kept on the
 * device. The worker runs the download (it goes on while the user reads elsewhere); a page with no
 * worker runs the same code itself. Which packs to keep, and when to bring them up to date, is
 * ./pack-keeping.ts.
 */

export type PackDeps = {
  db: OfflineDb
  fetch: typeof fetch
  caches: CacheStorage | undefined
  now: () => number
  /** Told after every stored page and at the end. */
  onChange: (pack: PackRecord) => void
  apiBase?: string
}

export type DownloadOptions = {
  /** Why it is kept (a pack already kept keeps its reason); a new pack without one is the reader's. */
  origin?: PackOrigin
  /**
   * The pack as the server describes it now (pack-sizes). Given, the download is a refresh that sends back each page's
   * validator, so the pages that did not change answer 304 and are kept as they are; the pack then has this version.
   */
  expected?: Pick<PackSize, 'version' | 'proverbs'>
}

const inFlight = new Map<string, Promise<PackRecord>>()

/** Downloads (or refreshes) one pack; a second call for the same pack joins the first. */
export function downloadPack(
  deps: PackDeps,
  userId: number,
  group: EthnicGroup,
  token: string,
  options: DownloadOptions = {},
): Promise<PackRecord> {
  const key = packKey(userId, group.id)
  const running = inFlight.get(key)
  if (running) return running
  const job = runDownload(deps, userId, group, token, options).finally(() => inFlight.delete(key))
  inFlight.set(key, job)
  return job
}

async function runDownload(
  deps: PackDeps,
  userId: number,
  group: EthnicGroup,
  token: string,
  options: DownloadOptions,
): Promise<PackRecord> {
  const { db, now, onChange } = deps
  const { expected } = options
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
    total: expected?.proverbs ?? group.proverbCount,
    bytes: previous?.bytes ?? 0,
    updatedAt: previous?.updatedAt ?? null,
    error: null,
    origin: options.origin ?? previous?.origin ?? 'reader',
    version: previous?.version ?? null,
    pages: previous?.pages ?? [],
  }
  // Only a complete copy's pages can be kept as they are.
  const held = expected && previous?.status === 'ready' ? (previous.pages ?? []) : []
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
    const fetched: PackPage[] = []
    // An unchanged page says nothing of how many follow: the server's count, or as many as the device held, tells.
    const first = expected ? Math.max(Math.ceil(expected.proverbs / PAGE_SIZE_MAX), held.length) : 1
    for (let page = 1, pages = Math.max(1, first); page <= pages; page++) {
      const kept = held[page - 1]
      const response = await deps.fetch(`${deps.apiBase ?? ''}${API.proverbsLogged(group.id)}?page=${page}&size=${PAGE_SIZE_MAX}`, {
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${token}`,
          ...(kept?.etag ? { 'If-None-Match': kept.etag } : {}),
        },
        cache: 'no-store',
      })
      if (response.status === 304 && kept) {
        // Unchanged: the device's copy of this page stands.
        if (await removed()) return await cancelled(db, key, pack)
        fetched.push(kept)
        for (const id of kept.ids) seen.add(id)
        await update({ done: seen.size })
        continue
      }
      const text = await response.text()
      if (!response.ok) throw new Error(errorMessage(text, response.status))
      const body = JSON.parse(text) as Paginated<Proverb>
      if (await removed()) return await cancelled(db, key, pack)
      await saveProverbs(db, body.data, now(), key)
      for (const proverb of body.data) seen.add(proverb.id)
      fetched.push({ etag: response.headers.get('ETag'), ids: body.data.map((p) => p.id), bytes: new TextEncoder().encode(text).length })
      pages = body.totalPages
      await update({ done: seen.size, total: Math.max(body.totalElements, seen.size) })
    }
    // A refresh lets go of proverbs the group no longer has.
    await releasePackProverbs(db, key, seen)
    const bytes = fetched.reduce((sum, page) => sum + page.bytes, 0) + (await storeScrollImage(deps, group.image))
    if (await removed()) return await cancelled(db, key, pack)
    await update({ status: 'ready', bytes, updatedAt: now(), error: null, version: expected?.version ?? null, pages: fetched })
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

/**
 * Puts the group's scroll image (both its files) in the image cache (cache-first there) unless it is there already;
 * returns their size.
 */
async function storeScrollImage(deps: PackDeps, image: string | null): Promise<number> {
  if (!image || !deps.caches) return 0
  const cache = await deps.caches.open(SCROLL_IMAGE_CACHE)
  const sizeOf = async (response: Response) => Number(response.headers.get('Content-Length')) || (await response.clone().blob()).size
  let bytes = 0
  for (const file of scrollImageFiles(image)) {
    const url = `${deps.apiBase ?? ''}${file}`
    const cached = await cache.match(url)
    if (cached) {
      bytes += await sizeOf(cached)
      continue
    }
    const response = await deps.fetch(url)
    if (!response.ok) throw new Error(`The scroll image could not be downloaded (${response.status}).`)
    bytes += await sizeOf(response)
    await cache.put(url, response)
  }
  return bytes
}

/**
 * Runs a page's download of a pack, in the worker or (with no worker) in the page. Only for the device's current owner
 * (the token must be theirs), so nobody can fill someone else's packs. A pack the reader keeps by hand is theirs.
 */
export async function runPackDownload(command: PackDownloadCommand, deps: PackDeps): Promise<void> {
  if ((await ownerOfToken(deps.db, command.token)) !== command.userId) return
  await downloadPack(deps, command.userId, command.group, command.token)
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
