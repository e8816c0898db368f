import { indexOf, type SearchIndex } from '../core/proverbs/search-index'
import type { OfflineDb, SearchSnapshot } from './schema'

// The index and its ranking are shared with the server (src/core/proverbs/search-index.ts); here, how the device keeps
// it: in memory between searches and as one snapshot record in IndexedDB.

export const SEARCH_VERSION = 'searchVersion'
const SNAPSHOT = 'snapshot'
/** Folded keys never hold it: foldForSearch turns everything but letters and digits into spaces. */
const JOIN = '\n'

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
