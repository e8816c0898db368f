import type { Category, CategoryPage, EthnicGroup, Proverb } from '../core/proverbs/contract'
import type { Paginated } from '../core/http/contract'
import { englishKey, markedForm, markedTerms, searchTerms, toneKey } from '../core/proverbs/search'
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../core/shared/constants'
import type { IDBPObjectStore } from 'idb'
import type { DeviceCoverage } from './messages'
import type { OfflineDb, OfflineSchema, Owner, SearchEntry, StoredList, StoredProverb } from './schema'
import { topEntries } from '../core/proverbs/search-index'
import { SEARCH_VERSION, searchIndex } from './search-index'

/**
 * Reading and writing the device's copy. Every reader returns the data in the API's own shape together
 * with `savedAt`, the oldest save time among the records it used, so an answer from here can say how
 * old it is.
 */
export type Saved<T> = { data: T; savedAt: number }

// ---------------------------------------------------------------------------------------------- writes

/** Replaces the stored groups with the full list the server sent (its order is kept). */
export async function saveGroups(db: OfflineDb, groups: EthnicGroup[], now: number): Promise<void> {
  const tx = db.transaction('groups', 'readwrite')
  await Promise.all([
    tx.store.clear(),
    ...groups.map((group, position) => tx.store.put({ id: group.id, group, position, savedAt: now })),
    tx.done,
  ])
}

export async function saveCategories(db: OfflineDb, categories: Category[], now: number): Promise<void> {
  const tx = db.transaction('categories', 'readwrite')
  await Promise.all([
    tx.store.clear(),
    ...categories.map((category, position) => tx.store.put({ id: category.id, category, position, savedAt: now })),
    tx.done,
  ])
}

export function searchEntryOf(proverb: Proverb): SearchEntry {
  return {
    id: proverb.id,
    ethnicId: proverb.ethnic.id,
    ethnicSlug: proverb.ethnic.slug,
    categoryIds: proverb.categories.map((c) => c.id),
    categorySlugs: proverb.categories.map((c) => c.slug),
    toneKey: proverb.toneKey || toneKey(proverb.proverb),
    englishKey: englishKey(proverb),
    markedKey: markedForm(proverb.proverb),
  }
}

/**
 * Stores proverbs, merging with what is there: seen while browsing (`pack` undefined) or downloaded
 * for an offline pack (its key added to the record's packs).
 */
export async function saveProverbs(db: OfflineDb, proverbs: Proverb[], now: number, pack?: string): Promise<void> {
  if (proverbs.length === 0) return
  const tx = db.transaction(['proverbs', 'search', 'meta'], 'readwrite')
  const store = tx.objectStore('proverbs')
  const search = tx.objectStore('search')
  const writes = Promise.all(
    proverbs.map(async (proverb) => {
      const old = await store.get(proverb.id)
      const packs = new Set(old?.packs ?? [])
      if (pack) packs.add(pack)
      // A slug that moved to another id: the old record goes (slugs are unique).
      const clash = await store.index('slug').getKey(proverb.slug)
      if (clash !== undefined && clash !== proverb.id) {
        await store.delete(clash)
        await search.delete(clash)
      }
      await store.put({
        id: proverb.id,
        slug: proverb.slug,
        proverb,
        savedAt: now,
        browsed: (old?.browsed ?? false) || pack === undefined,
        packs: [...packs],
      })
      const entry = searchEntryOf(proverb)
      const before = await search.get(proverb.id)
      if (before && JSON.stringify(before) === JSON.stringify(entry)) return false
      await search.put(entry)
      return true
    }),
  ).then(async (changed) => {
    // Still inside the transaction: only IndexedDB requests were awaited.
    if (changed.includes(true)) await bumpSearchVersion(tx.objectStore('meta'))
  })
  await Promise.all([writes, tx.done])
}

// ------------------------------------------------------------------------------- the search entries

type MetaStore = IDBPObjectStore<OfflineSchema, ('proverbs' | 'search' | 'meta')[], 'meta', 'readwrite'>

/** Every change to the search store bumps this, in the same transaction, in whichever runtime wrote. */
async function bumpSearchVersion(meta: MetaStore): Promise<void> {
  const version = await meta.get(SEARCH_VERSION)
  await meta.put((typeof version === 'number' ? version : 0) + 1, SEARCH_VERSION)
}

/** Lists of one kind kept (a fortnight of days; the latest stands in for a day never seen). */
export const LISTS_KEPT = 14

export async function saveList(db: OfflineDb, list: Omit<StoredList, 'ids' | 'savedAt'>, proverbs: Proverb[], now: number): Promise<void> {
  await saveProverbs(db, proverbs, now)
  const tx = db.transaction('lists', 'readwrite')
  await tx.store.put({ ...list, ids: proverbs.map((p) => p.id), savedAt: now })
  const older = (await tx.store.index('kind').getAll(list.kind)).sort((a, b) => b.savedAt - a.savedAt).slice(LISTS_KEPT)
  await Promise.all([...older.map((l) => tx.store.delete(l.key)), tx.done])
}

/** Signed-in answers kept per user (the latest; older searches and pages make room). */
export const PRIVATE_KEPT = 200

/**
 * Keeps a signed-in answer for its owner — only if they still own the device when it arrives: an answer
 * landing after sign-out is dropped, not kept for nobody.
 */
export async function savePrivate(db: OfflineDb, userId: number, url: string, body: unknown, now: number): Promise<boolean> {
  const tx = db.transaction(['private', 'meta'], 'readwrite')
  const owner = await tx.objectStore('meta').get('owner')
  if (typeof owner !== 'object' || owner.userId !== userId) {
    tx.abort()
    await tx.done.catch(() => undefined)
    return false
  }
  const store = tx.objectStore('private')
  await store.put({ userId, url, body, savedAt: now })
  const rows = await store.index('userId').getAll(userId)
  const older = rows.sort((a, b) => b.savedAt - a.savedAt).slice(PRIVATE_KEPT)
  await Promise.all([...older.map((r) => store.delete([r.userId, r.url])), tx.done])
  return true
}

// ----------------------------------------------------------------------------------------------- reads

const oldest = (times: number[], fallback: number) => (times.length ? Math.min(...times) : fallback)

export async function readGroups(db: OfflineDb): Promise<Saved<EthnicGroup[]> | undefined> {
  const rows = (await db.getAll('groups')).sort((a, b) => a.position - b.position)
  if (rows.length === 0) return undefined
  return {
    data: rows.map((r) => r.group),
    savedAt: oldest(
      rows.map((r) => r.savedAt),
      0,
    ),
  }
}

export async function readCategories(db: OfflineDb): Promise<Saved<CategoryPage> | undefined> {
  const rows = (await db.getAll('categories')).sort((a, b) => a.position - b.position)
  if (rows.length === 0) return undefined
  const content = rows.map((r) => r.category)
  return {
    data: { content, page: 1, size: content.length, totalPages: 1, totalElements: content.length },
    savedAt: oldest(
      rows.map((r) => r.savedAt),
      0,
    ),
  }
}

/**
 * A stored proverb in today's shape: one saved by an earlier version of the app has no sources, cousins or
 * speaker's check yet (its next visit online stores them), and reads as having none.
 */
export function proverbOf(record: StoredProverb): Proverb {
  const stored: Omit<Proverb, 'sources' | 'cousins' | 'checkedBy'> & Partial<Proverb> = record.proverb
  return { ...stored, sources: stored.sources ?? [], cousins: stored.cousins ?? null, checkedBy: stored.checkedBy ?? null }
}

/** One proverb by id or slug, as the detail endpoint finds it. */
export async function readProverb(db: OfflineDb, idOrSlug: string): Promise<Saved<Proverb> | undefined> {
  const record = /^\d+$/.test(idOrSlug) ? await db.get('proverbs', Number(idOrSlug)) : await db.getFromIndex('proverbs', 'slug', idOrSlug)
  return record && { data: proverbOf(record), savedAt: record.savedAt }
}

/** Today's or trending: the exact list when stored, else the latest list of that kind. */
export async function readList(
  db: OfflineDb,
  key: string,
  kind: StoredList['kind'],
  limit?: number,
): Promise<Saved<Proverb[]> | undefined> {
  let list = await db.get('lists', key)
  if (!list) {
    const all = await db.getAllFromIndex('lists', 'kind', kind)
    list = all.sort((a, b) => b.savedAt - a.savedAt)[0]
  }
  if (!list) return undefined
  const records = await Promise.all(list.ids.slice(0, limit).map((id) => db.get('proverbs', id)))
  const present = records.filter((r): r is StoredProverb => r !== undefined)
  return { data: present.map(proverbOf), savedAt: oldest([list.savedAt, ...present.map((r) => r.savedAt)], list.savedAt) }
}

export type ProverbQuery = { q?: string; ethnic?: string; category?: string; page?: number; size?: number }

const byIdOrSlug = (value: string, id: number, slug: string) => (/^\d+$/.test(value) ? Number(value) === id : value.toLowerCase() === slug)

/**
 * The list and search endpoint over what is stored, with the server's order: with terms, by rank (see
 * searchRank), then tone key, then id; without, by group order, then id. Only the entries up to the page asked
 * for are kept while ranking (src/core/proverbs/search-index.ts).
 */
export async function queryProverbs(db: OfflineDb, query: ProverbQuery, now: number): Promise<Saved<Paginated<Proverb>>> {
  const size = Math.min(Math.max(1, Math.floor(query.size ?? PAGE_SIZE_DEFAULT)), PAGE_SIZE_MAX)
  const page = Math.max(1, Math.floor(query.page ?? 1))
  const terms = searchTerms(query.q ?? '')
  const [index, groups] = await Promise.all([searchIndex(db), db.getAll('groups')])
  const { ethnic, category } = query
  // A page past the end (the device holds fewer than the server did) shows the last one there is: it is among
  // the first page × size, since there are fewer matches than that.
  const { positions, total } = topEntries(
    index,
    {
      terms,
      markedTerms: markedTerms(query.q ?? ''),
      people: ethnic ? (id, slug) => byIdOrSlug(ethnic, id, slug) : undefined,
      category: category ? (id, slug) => byIdOrSlug(category, id, slug) : undefined,
      groupOrder: new Map(groups.map((g) => [g.id, g.position])),
    },
    page * size,
  )
  const shownPage = Math.min(page, Math.max(1, Math.ceil(total / size)))
  const slice = positions.slice((shownPage - 1) * size, shownPage * size)
  const tx = db.transaction('proverbs')
  const records = await Promise.all(slice.map((at) => tx.store.get(index.ids[at])))
  const present = records.filter((r): r is StoredProverb => r !== undefined)
  return {
    data: {
      data: present.map(proverbOf),
      page: shownPage,
      size,
      totalPages: Math.ceil(total / size),
      totalElements: total,
    },
    savedAt: oldest(
      present.map((r) => r.savedAt),
      now,
    ),
  }
}

/**
 * How much of a people (or of every people, without `ethnic`) this device holds, against what exists: the
 * people's count from the stored groups list, or the sum of every group's.
 */
export async function deviceCoverage(db: OfflineDb, ethnic?: string): Promise<DeviceCoverage> {
  const [index, groups] = await Promise.all([searchIndex(db), db.getAll('groups')])
  if (!ethnic) {
    const total = groups.length ? groups.reduce((sum, g) => sum + g.group.proverbCount, 0) : null
    return { held: index.ids.length, total, group: null }
  }
  const theirs = index.peoples.map((p) => byIdOrSlug(ethnic, p.id, p.slug))
  let held = 0
  let first: number | undefined
  for (let i = 0; i < index.ids.length; i++) {
    if (!theirs[index.people[i]]) continue
    held++
    first ??= index.ids[i]
  }
  const stored = groups.find((g) => byIdOrSlug(ethnic, g.group.id, g.group.slug))?.group
  const group = stored ?? (first !== undefined ? (await db.get('proverbs', first))?.proverb.ethnic : undefined)
  return {
    held,
    total: stored?.proverbCount ?? null,
    group: group ? { id: group.id, slug: group.slug, name: group.name } : null,
  }
}

export async function readPrivate(db: OfflineDb, userId: number, url: string): Promise<Saved<unknown> | undefined> {
  const row = await db.get('private', [userId, url])
  return row && { data: row.body, savedAt: row.savedAt }
}

// ------------------------------------------------------------------------------------- owner and logout

/** SHA-256 of a session token, hex: the worker matches requests to the owner without keeping the token. */
export async function tokenDigest(token: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export async function setOwner(db: OfflineDb, owner: Owner): Promise<void> {
  await db.put('meta', owner, 'owner')
}

export async function readOwner(db: OfflineDb): Promise<Owner | undefined> {
  const owner = await db.get('meta', 'owner')
  return typeof owner === 'object' ? owner : undefined
}

/** The user a bearer token belongs to, if it is the device's current owner's. */
export async function ownerOfToken(db: OfflineDb, token: string): Promise<number | undefined> {
  const owner = await readOwner(db)
  return owner && owner.tokenDigest === (await tokenDigest(token)) ? owner.userId : undefined
}

/**
 * Takes a pack's key off its proverbs; proverbs no other pack holds and nobody browsed are deleted.
 * `keep` spares the ids a refreshed pack still has.
 */
export async function releasePackProverbs(db: OfflineDb, key: string, keep: ReadonlySet<number> = new Set()): Promise<void> {
  const tx = db.transaction(['proverbs', 'search', 'meta'], 'readwrite')
  const store = tx.objectStore('proverbs')
  const held = await store.index('packs').getAll(key)
  const writes = Promise.all(
    held
      .filter((record) => !keep.has(record.id))
      .map(async (record) => {
        const packs = record.packs.filter((p) => p !== key)
        if (packs.length === 0 && !record.browsed) {
          await store.delete(record.id)
          await tx.objectStore('search').delete(record.id)
          return true
        }
        await store.put({ ...record, packs })
        return false
      }),
  ).then(async (deleted) => {
    if (deleted.includes(true)) await bumpSearchVersion(tx.objectStore('meta'))
  })
  await Promise.all([writes, tx.done])
}

/**
 * A new owner moves in: whatever any other user left (a sign-out that never finished, a session that
 * simply expired) goes first — except their quiz outbox and the answers it carries (`outbox`,
 * `quizAnswers`), which wait to be sent when that user signs in again.
 */
export async function removeOtherUsersData(db: OfflineDb, userId: number): Promise<void> {
  const [privateKeys, packKeys, cardKeys, stateKeys] = await Promise.all([
    db.getAllKeys('private'),
    db.getAllKeys('packs'),
    db.getAllKeys('learningCards'),
    db.getAllKeys('queueState'),
  ])
  const owners = [
    ...[...privateKeys, ...packKeys, ...cardKeys].map(([owner]) => owner),
    ...stateKeys.map(([, user]) => user).filter((user) => user !== 0),
    ...(await learningUsers(db)),
  ]
  for (const other of new Set(owners.filter((owner) => owner !== userId))) await removeUserData(db, other)
}

/** Every user with an entry in the learning log, each once (distinct index keys only). */
async function learningUsers(db: OfflineDb): Promise<number[]> {
  const users: number[] = []
  let cursor = await db.transaction('learning').store.index('userId').openKeyCursor(null, 'nextunique')
  while (cursor) {
    users.push(cursor.key)
    cursor = await cursor.continue()
  }
  return users
}

/**
 * Sign-out: everything of this user's goes — private answers, packs and what only packs held, their learning
 * log as far as the server has it, their cards and their queues' sending state (the pull cursor among it). What
 * waits in their queues stays (src/offline/queue.ts: quiz answers and the choices they carry, favourites, likes,
 * forms), and so do the learning entries the server does not have yet (src/offline/learning.ts): what was done
 * offline must still reach the server, and only this user's token will ever send it. Nobody else reads them:
 * every read is by user.
 */
export async function removeUserData(db: OfflineDb, userId: number): Promise<void> {
  const packs = await db.getAllFromIndex('packs', 'userId', userId)
  for (const pack of packs) await releasePackProverbs(db, `${userId}:${pack.groupId}`)
  const tx = db.transaction(['private', 'packs', 'learning', 'learningCards', 'queueState', 'meta'], 'readwrite')
  for (const key of await tx.objectStore('private').index('userId').getAllKeys(userId)) await tx.objectStore('private').delete(key)
  for (const key of await tx.objectStore('packs').index('userId').getAllKeys(userId)) await tx.objectStore('packs').delete(key)
  // What the server has comes back with the next sign-in's first pull, which also rebuilds the cards.
  for (const key of await tx
    .objectStore('learning')
    .index('unsent')
    .getAllKeys(IDBKeyRange.bound([userId, 1], [userId, 1, []])))
    await tx.objectStore('learning').delete(key)
  await tx.objectStore('learningCards').delete(IDBKeyRange.bound([userId], [userId, []]))
  // Every queue's sending state (the learning log's pull cursor among them); the entries themselves stay.
  for (const key of await tx.objectStore('queueState').getAllKeys()) if (key[1] === userId) await tx.objectStore('queueState').delete(key)
  const owner = await tx.objectStore('meta').get('owner')
  if (typeof owner === 'object' && owner.userId === userId) await tx.objectStore('meta').delete('owner')
  await tx.done
}
