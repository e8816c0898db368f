import { holdsExactly, searchRank, TONE_MISS } from '../core/proverbs/search'
import type { OfflineDb, SearchEntry, SearchSnapshot } from './schema'

/**
 * The search entries as the device's search reads them: columns in id order, held in memory between searches
 * and kept in IndexedDB as one snapshot record (`searchIndex`), so a worker that starts afresh reads one record
 * instead of every entry (at 100,000 proverbs its first search takes ~0.2 s instead of ~1 s). Both are as of one
 * `searchVersion`, which every change to the search store bumps in the same transaction: an index of another version
 * is never used, and a snapshot of another version is made again from the entries.
 */
export type SearchIndex = {
  version: number
  ids: Float64Array
  toneKeys: string[]
  englishKeys: string[]
  markedKeys: string[]
  people: Uint32Array
  peoples: { id: number; slug: string }[]
  categoryStart: Uint32Array
  entryCategories: Uint32Array
  categories: { id: number; slug: string }[]
}

export const SEARCH_VERSION = 'searchVersion'
const SNAPSHOT = 'snapshot'
/** Folded keys never hold it: foldForSearch turns everything but letters and digits into spaces. */
const JOIN = '\n'

/** The index of a list of entries (in id order, as the search store gives them). */
export function indexOf(entries: SearchEntry[], version: number): SearchIndex {
  const peoples = new Dictionary()
  const categories = new Dictionary()
  const people = new Uint32Array(entries.length)
  const categoryStart = new Uint32Array(entries.length + 1)
  const entryCategories: number[] = []
  entries.forEach((entry, i) => {
    people[i] = peoples.position(entry.ethnicId, entry.ethnicSlug)
    entry.categoryIds.forEach((id, c) => entryCategories.push(categories.position(id, entry.categorySlugs[c])))
    categoryStart[i + 1] = entryCategories.length
  })
  return {
    version,
    ids: Float64Array.from(entries, (e) => e.id),
    toneKeys: entries.map((e) => e.toneKey),
    englishKeys: entries.map((e) => e.englishKey),
    markedKeys: entries.map((e) => e.markedKey ?? ''),
    people,
    peoples: peoples.list,
    categoryStart,
    entryCategories: Uint32Array.from(entryCategories),
    categories: categories.list,
  }
}

/** Each (id, slug) pair once, by position. */
class Dictionary {
  readonly list: { id: number; slug: string }[] = []
  private readonly positions = new Map<string, number>()
  position(id: number, slug: string): number {
    const key = `${id} ${slug}`
    let at = this.positions.get(key)
    if (at === undefined) {
      at = this.list.push({ id, slug }) - 1
      this.positions.set(key, at)
    }
    return at
  }
}

/**
 * The snapshot of an index; undefined when a key holds the joiner (never for folded keys, nor marked ones, whose
 * spaces are single: nothing is kept then).
 */
export function snapshotOf(index: SearchIndex): SearchSnapshot | undefined {
  const { toneKeys, englishKeys, markedKeys, ...columns } = index
  if ([toneKeys, englishKeys, markedKeys].some((keys) => keys.some((k) => k.includes(JOIN)))) return undefined
  const join = (keys: string[]) => keys.join(JOIN)
  return { ...columns, count: index.ids.length, toneKeys: join(toneKeys), englishKeys: join(englishKeys), markedKeys: join(markedKeys) }
}

export function indexOfSnapshot(snapshot: SearchSnapshot): SearchIndex {
  const { count, toneKeys, englishKeys, markedKeys, ...columns } = snapshot
  const split = (joined: string) => (count === 0 ? [] : joined.split(JOIN))
  return { ...columns, toneKeys: split(toneKeys), englishKeys: split(englishKeys), markedKeys: split(markedKeys) }
}

const versionOf = (stored: unknown) => (typeof stored === 'number' ? stored : 0)

let held: { db: OfflineDb; version: number; index: Promise<SearchIndex> } | undefined

/**
 * The index as of the stored version: the one in memory, else the snapshot when it is of that version, else
 * made from every entry (and kept as the new snapshot). Searches arriving while it loads share the one load.
 */
export async function searchIndex(db: OfflineDb): Promise<SearchIndex> {
  const version = versionOf(await db.get('meta', SEARCH_VERSION))
  if (held?.db !== db || held.version !== version) {
    const loading = { db, version, index: loadIndex(db) }
    held = loading
    loading.index.then(
      // A change landed between the two reads: the index is of the newer version, which is what it answers for.
      (index) => (loading.version = index.version),
      () => held === loading && (held = undefined),
    )
  }
  return held.index
}

async function loadIndex(db: OfflineDb): Promise<SearchIndex> {
  const tx = db.transaction(['meta', 'searchIndex'])
  const [stored, snapshot] = await Promise.all([tx.objectStore('meta').get(SEARCH_VERSION), tx.objectStore('searchIndex').get(SNAPSHOT)])
  if (snapshot && snapshot.version === versionOf(stored)) return indexOfSnapshot(snapshot)
  const read = db.transaction(['meta', 'search'])
  const [version, entries] = await Promise.all([read.objectStore('meta').get(SEARCH_VERSION), read.objectStore('search').getAll()])
  const index = indexOf(entries, versionOf(version))
  // Written once the answer is out (joining the keys takes a while); a worker stopped before then makes it again.
  setTimeout(() => void keepSnapshot(db, index).catch((error: unknown) => console.warn('The search snapshot was not kept', error)), 0)
  return index
}

/** Keeps the index as the snapshot, unless the entries changed meanwhile (checked in the writing transaction). */
async function keepSnapshot(db: OfflineDb, index: SearchIndex): Promise<void> {
  const snapshot = snapshotOf(index)
  const tx = db.transaction(['meta', 'searchIndex'], 'readwrite')
  if (snapshot && versionOf(await tx.objectStore('meta').get(SEARCH_VERSION)) === index.version)
    await tx.objectStore('searchIndex').put(snapshot, SNAPSHOT)
  await tx.done
}

// ------------------------------------------------------------------------------------------- ranking

export type IndexQuery = {
  terms: readonly string[]
  /** The query's words that carry marks (markedTerms): proverbs holding them exactly come first. */
  markedTerms?: readonly string[]
  /** Which peoples and categories to keep (an entry in one of its categories); asked once per (id, slug) held. */
  people?: (id: number, slug: string) => boolean
  category?: (id: number, slug: string) => boolean
  /** Without terms, peoples in this order (a people not in it by its id), then ids. */
  groupOrder: ReadonlyMap<number, number>
}

/**
 * The first `limit` entries (positions in the index) in the server's order — with terms by rank (see searchRank),
 * then tone key (as PostgreSQL's C collation orders the folded keys), then id; without, by people, then id — and how many
 * entries match in all. Only the best `limit` are kept while ranking (a heap whose top is the worst kept): the
 * matches are never all sorted.
 */
export function topEntries(index: SearchIndex, query: IndexQuery, limit: number): { positions: number[]; total: number } {
  const { terms, groupOrder } = query
  const marked = query.markedTerms ?? []
  const peopleOk = query.people && index.peoples.map((p) => query.people!(p.id, p.slug))
  const categoryOk = query.category && index.categories.map((c) => query.category!(c.id, c.slug))
  const groupRank = terms.length ? undefined : index.peoples.map((p) => groupOrder.get(p.id) ?? p.id)
  const ranks = new Uint8Array(terms.length ? index.ids.length : 0)
  // a before b in the answer's order.
  const before = (a: number, b: number): boolean => {
    if (groupRank) {
      const ga = groupRank[index.people[a]]
      const gb = groupRank[index.people[b]]
      return ga !== gb ? ga < gb : index.ids[a] < index.ids[b]
    }
    if (ranks[a] !== ranks[b]) return ranks[a] < ranks[b]
    const ta = index.toneKeys[a]
    const tb = index.toneKeys[b]
    return ta !== tb ? ta < tb : index.ids[a] < index.ids[b]
  }
  const heap: number[] = []
  let total = 0
  for (let i = 0; i < index.ids.length; i++) {
    if (peopleOk && !peopleOk[index.people[i]]) continue
    if (categoryOk && !inCategory(index, i, categoryOk)) continue
    if (terms.length) {
      const rank = searchRank(index.toneKeys[i], index.englishKeys[i], terms)
      if (rank === undefined) continue
      ranks[i] = marked.length && !holdsExactly(index.markedKeys[i], marked) ? rank + TONE_MISS : rank
    }
    total++
    if (heap.length < limit) push(heap, i, before)
    else if (limit > 0 && before(i, heap[0])) replaceTop(heap, i, before)
  }
  return { positions: heap.sort((a, b) => (before(a, b) ? -1 : 1)), total }
}

function inCategory(index: SearchIndex, i: number, ok: boolean[]): boolean {
  for (let c = index.categoryStart[i]; c < index.categoryStart[i + 1]; c++) if (ok[index.entryCategories[c]]) return true
  return false
}

// A binary heap with the last entry in order (the first to drop) on top.
function push(heap: number[], item: number, before: (a: number, b: number) => boolean): void {
  let at = heap.push(item) - 1
  while (at > 0) {
    const parent = (at - 1) >> 1
    if (!before(heap[parent], item)) break
    heap[at] = heap[parent]
    at = parent
  }
  heap[at] = item
}

function replaceTop(heap: number[], item: number, before: (a: number, b: number) => boolean): void {
  let at = 0
  for (;;) {
    const left = 2 * at + 1
    if (left >= heap.length) break
    const right = left + 1
    const later = right < heap.length && before(heap[left], heap[right]) ? right : left
    if (!before(item, heap[later])) break
    heap[at] = heap[later]
    at = later
  }
  heap[at] = item
}
