import { holdsExactly, searchRank, TONE_MISS } from './search'

/**
 * What the search ranks: one entry per proverb, its folded keys (foldForSearch of the proverb — the tone key — and of its
 * English), its marked form (markedForm) and where it belongs. The device keeps these (src/offline/schema.ts
 * SearchEntry); the server makes them from its rows (server/src/services/corpus-search.ts). Slugs are what the device
 * knows a people or a category by offline; the server, asking by id, leaves them out.
 */
export type IndexEntry = {
  id: number
  ethnicId: number
  ethnicSlug?: string
  categoryIds: number[]
  categorySlugs?: string[]
  toneKey: string
  englishKey: string
  markedKey?: string
}

/**
 * The search entries as the search reads them, on the device and on the server: columns in id order, held in memory between searches
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

/** The index of a list of entries (in id order, as the search store gives them). */
export function indexOf(entries: IndexEntry[], version: number): SearchIndex {
  const peoples = new Dictionary()
  const categories = new Dictionary()
  const people = new Uint32Array(entries.length)
  const categoryStart = new Uint32Array(entries.length + 1)
  const entryCategories: number[] = []
  entries.forEach((entry, i) => {
    people[i] = peoples.position(entry.ethnicId, entry.ethnicSlug ?? '')
    entry.categoryIds.forEach((id, c) => entryCategories.push(categories.position(id, entry.categorySlugs?.[c] ?? '')))
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
  // Only the entries holding the longest term somewhere can match: found in one scan of the joined keys.
  const candidates = terms.length
    ? holding(
        index,
        terms.reduce((a, b) => (b.length > a.length ? b : a)),
      )
    : undefined
  const count = candidates ? candidates.length : index.ids.length
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
  for (let k = 0; k < count; k++) {
    const i = candidates ? candidates[k] : k
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

/** Folded keys never hold it: foldForSearch turns everything but letters and digits into spaces. */
const JOIN = '\n'

type Joined = { tone: string; toneStarts: Uint32Array; english: string; englishStarts: Uint32Array }
const joinedKeys = new WeakMap<SearchIndex, Joined>()

/** Each kind of key joined into one text, and where each entry's key starts in it (made once per index). */
function joinedOf(index: SearchIndex): Joined {
  let joined = joinedKeys.get(index)
  if (!joined) {
    const starts = (keys: string[]) => {
      const at = new Uint32Array(keys.length + 1)
      for (let i = 0; i < keys.length; i++) at[i + 1] = at[i] + keys[i].length + 1
      return at
    }
    joined = {
      tone: index.toneKeys.join(JOIN),
      toneStarts: starts(index.toneKeys),
      english: index.englishKeys.join(JOIN),
      englishStarts: starts(index.englishKeys),
    }
    joinedKeys.set(index, joined)
  }
  return joined
}

/**
 * The positions, in order, of the entries whose tone key or English key holds `term` (which, folded, holds no JOIN):
 * a search of two long texts instead of one of every key, several times faster over thousands of short keys.
 */
function holding(index: SearchIndex, term: string): number[] {
  const { tone, toneStarts, english, englishStarts } = joinedOf(index)
  const found = new Uint8Array(index.ids.length)
  const scan = (text: string, starts: Uint32Array) => {
    for (let at = text.indexOf(term); at !== -1;) {
      let low = 0
      let high = starts.length - 2
      while (low < high) {
        const mid = (low + high + 1) >> 1
        if (starts[mid] <= at) low = mid
        else high = mid - 1
      }
      found[low] = 1
      at = text.indexOf(term, starts[low + 1])
    }
  }
  scan(tone, toneStarts)
  scan(english, englishStarts)
  const positions: number[] = []
  for (let i = 0; i < found.length; i++) if (found[i]) positions.push(i)
  return positions
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
