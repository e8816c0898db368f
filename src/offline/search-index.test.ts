import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { EthnicGroup, Proverb } from '../core/proverbs/contract'
import { searchRank, searchTerms } from '../core/proverbs/search'
import { openDB } from 'idb'
import { IDBFactory } from 'fake-indexeddb'
import { OFFLINE_DB_NAME, openOfflineDb, type OfflineDb, type SearchEntry } from './schema'
import { indexOf, topEntries } from '../core/proverbs/search-index'
import { queryProverbs, saveGroups, saveProverbs, searchEntryOf } from './store'
import { character, family, freshDb, group, hausa, igbo, makeProverb, patience, wisdom, yoruba } from './test-fixtures'
import { seededRandom } from './seeded-random'

let db: OfflineDb

beforeEach(async () => {
  db = await freshDb()
})

afterEach(() => {
  db.close()
})

// A small vocabulary, so many proverbs share words, whole tone keys and ranks: ties are common.
const WORDS = ['omo', 'omode', 'ile', 'ilu', 'owo', 'owe', 'iwa', 'agba', 'oju', 'ona']
const ENGLISH = ['water', 'waterfall', 'child', 'children', 'home', 'road', 'elder', 'money']
const PEOPLES = [yoruba, igbo, hausa, group(9, 'zulu', 'Zulu')]
const CATEGORIES = [wisdom, patience, family, character]

function randomProverbs(rnd: () => number, count: number): Proverb[] {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]
  const words = (from: string[], n: number) => Array.from({ length: n }, () => pick(from)).join(' ')
  // Ids out of order with the tone keys, so the order is not the ids' by chance.
  return Array.from({ length: count }, (_, i) => {
    const id = 1 + ((i * 7919) % 10_007)
    const categories = CATEGORIES.filter(() => rnd() < 0.3)
    const proverb = makeProverb(
      id,
      pick(PEOPLES),
      words(WORDS, 1 + Math.floor(rnd() * 3)),
      [words(ENGLISH, 2), words(ENGLISH, 2)],
      categories,
    )
    return { ...proverb, slug: `proverb-${id}` }
  })
}

type Query = { q: string; ethnic?: string; category?: string }

/** The answer as the device once computed it: every match ranked, all of them sorted. */
function fullSort(entries: SearchEntry[], query: Query, groups: EthnicGroup[]): number[] {
  const terms = searchTerms(query.q)
  const order = new Map(groups.map((g, position) => [g.id, position]))
  const is = (value: string, id: number, slug: string) => (/^\d+$/.test(value) ? Number(value) === id : value.toLowerCase() === slug)
  return entries
    .filter((e) => !query.ethnic || is(query.ethnic, e.ethnicId, e.ethnicSlug))
    .filter((e) => !query.category || e.categoryIds.some((id, i) => is(query.category!, id, e.categorySlugs[i])))
    .map((entry) => ({ entry, rank: terms.length ? searchRank(entry.toneKey, entry.englishKey, terms) : 0 }))
    .filter((r): r is { entry: SearchEntry; rank: number } => r.rank !== undefined)
    .sort((a, b) =>
      terms.length
        ? a.rank - b.rank || (a.entry.toneKey < b.entry.toneKey ? -1 : a.entry.toneKey > b.entry.toneKey ? 1 : 0) || a.entry.id - b.entry.id
        : (order.get(a.entry.ethnicId) ?? a.entry.ethnicId) - (order.get(b.entry.ethnicId) ?? b.entry.ethnicId) || a.entry.id - b.entry.id,
    )
    .map((r) => r.entry.id)
}

function randomQuery(rnd: () => number): Query {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]
  const q = [
    '',
    pick(WORDS),
    pick(WORDS).slice(0, 2),
    pick(ENGLISH),
    `${pick(WORDS)} ${pick(ENGLISH).slice(0, 3)}`,
    `${pick(WORDS)} ${pick(WORDS)}`,
    'nothing',
  ][Math.floor(rnd() * 7)]
  const ethnic = rnd() < 0.3 ? (rnd() < 0.5 ? pick(PEOPLES).slug : String(pick(PEOPLES).id)) : undefined
  const category = rnd() < 0.2 ? pick(CATEGORIES).slug : undefined
  return { q, ethnic, category }
}

test('the best entries kept while ranking are the first of every match sorted, page by page, with the same count', () => {
  const rnd = seededRandom(20261123)
  const entries = randomProverbs(rnd, 600)
    .map(searchEntryOf)
    .sort((a, b) => a.id - b.id)
  const index = indexOf(entries, 1)
  // Zulu is not in the stored groups list: it goes by its id, after them.
  const groups = [igbo, yoruba, hausa]
  const groupOrder = new Map(groups.map((g, position) => [g.id, position]))
  const is = (value: string) => (id: number, slug: string) => (/^\d+$/.test(value) ? Number(value) === id : value.toLowerCase() === slug)
  for (let round = 0; round < 300; round++) {
    const query = randomQuery(rnd)
    const expected = fullSort(entries, query, groups)
    const limit = Math.floor(rnd() * 60)
    const { positions, total } = topEntries(
      index,
      {
        terms: searchTerms(query.q),
        people: query.ethnic ? is(query.ethnic) : undefined,
        category: query.category ? is(query.category) : undefined,
        groupOrder,
      },
      limit,
    )
    expect(total, JSON.stringify(query)).toBe(expected.length)
    expect(
      positions.map((at) => index.ids[at]),
      JSON.stringify({ ...query, limit }),
    ).toEqual(expected.slice(0, limit))
  }
})

test('every page the device answers is that page of every match sorted, and says how many there are', async () => {
  const rnd = seededRandom(7)
  const proverbs = randomProverbs(rnd, 250)
  await saveGroups(db, [igbo, yoruba, hausa], 1)
  await saveProverbs(db, proverbs, 1)
  const entries = proverbs.map(searchEntryOf).sort((a, b) => a.id - b.id)
  for (let round = 0; round < 60; round++) {
    const query = randomQuery(rnd)
    const size = 1 + Math.floor(rnd() * 12)
    const expected = fullSort(entries, query, [igbo, yoruba, hausa])
    const pages = Math.max(1, Math.ceil(expected.length / size))
    for (const page of [1, 2, pages, pages + 3]) {
      const { data } = (await queryProverbs(db, { ...query, page, size }, 1)).data
      const shown = Math.min(page, pages)
      expect(
        data.map((p) => p.id),
        JSON.stringify({ ...query, page, size }),
      ).toEqual(expected.slice((shown - 1) * size, shown * size))
    }
    const first = (await queryProverbs(db, { ...query, size }, 1)).data
    expect(first).toMatchObject({ totalElements: expected.length, totalPages: Math.ceil(expected.length / size) })
  }
})

test('matches of one rank go by tone key, and those with the same tone key by id', async () => {
  const ids = async (q: string) => (await queryProverbs(db, { q }, 1)).data.data.map((p) => p.id)
  const proverb = (id: number, text: string) => ({ ...makeProverb(id, yoruba, text, ['', '']), slug: `p-${id}` })
  // Same text with other tone marks: one tone key.
  await saveProverbs(
    db,
    [proverb(30, 'Ọmọ ilé'), proverb(10, 'Omo ile'), proverb(20, 'Ọmọ ilẹ̀'), proverb(5, 'Ọmọ àgbà'), proverb(1, 'Ilé ọmọdé')],
    1,
  )
  // Whole words first ("omo agba" before "omo ile": tone key), then the one where "omo" only starts a word.
  expect(await ids('omo')).toEqual([5, 10, 20, 30, 1])
})

// ---------------------------------------------------------------------------------- after a restart

/** The store's module as a worker that started afresh has it: nothing in memory. */
async function restarted() {
  vi.resetModules()
  return import('./store')
}

async function snapshotVersion(): Promise<number | undefined> {
  for (let i = 0; i < 200; i++) {
    const snapshot = await db.get('searchIndex', 'snapshot')
    if (snapshot && snapshot.version === ((await db.get('meta', 'searchVersion')) ?? 0)) return snapshot.version
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return undefined
}

/** Takes an entry out of the search store behind the app's back (the version stays): who reads the entries sees it gone. */
async function dropEntryUnseen(id: number) {
  await db.delete('search', id)
}

const proverbs = [
  { ...makeProverb(1, yoruba, 'Omi ni', ['water', 'water']), slug: 'a' },
  { ...makeProverb(2, yoruba, 'Omi lo', ['water', 'water']), slug: 'b' },
  { ...makeProverb(3, igbo, 'Mmiri', ['water', 'water']), slug: 'c' },
]

test('a worker that starts afresh searches the snapshot of the entries, not every entry', async () => {
  await saveProverbs(db, proverbs, 1)
  expect((await queryProverbs(db, { q: 'water' }, 1)).data.totalElements).toBe(3)
  expect(await snapshotVersion()).toBe(1)

  const store = await restarted()
  await dropEntryUnseen(3)
  // The snapshot still holds it: the entries were not read.
  expect((await store.queryProverbs(db, { q: 'water' }, 1)).data.data.map((p) => p.id)).toEqual([3, 2, 1])
  expect((await store.deviceCoverage(db, 'igbo')).held).toBe(1)
})

test('once the entries change, the snapshot is not used and a new one is made', async () => {
  await saveProverbs(db, proverbs, 1)
  await queryProverbs(db, { q: 'water' }, 1)
  expect(await snapshotVersion()).toBe(1)

  // Another runtime stores a proverb: the version moves; this worker then stops.
  const other = await openOfflineDb()
  await saveProverbs(other, [{ ...makeProverb(4, hausa, 'Ruwa', ['water', 'water']), slug: 'd' }], 2)
  other.close()
  const store = await restarted()
  expect((await store.queryProverbs(db, { q: 'water' }, 2)).data.data.map((p) => p.id)).toEqual([3, 2, 1, 4])
  expect(await snapshotVersion()).toBe(2)

  // The new snapshot is what the next start reads.
  const again = await restarted()
  await dropEntryUnseen(1)
  expect((await again.queryProverbs(db, { q: 'water' }, 3)).data.totalElements).toBe(4)
})

test('a snapshot of another version is never used, even one claiming to be newer', async () => {
  await saveProverbs(db, proverbs, 1)
  await queryProverbs(db, { q: 'water' }, 1)
  expect(await snapshotVersion()).toBe(1)
  const kept = (await db.get('searchIndex', 'snapshot'))!
  await db.put('searchIndex', { ...kept, version: 5 }, 'snapshot')

  const store = await restarted()
  await dropEntryUnseen(3)
  expect((await store.queryProverbs(db, { q: 'water' }, 1)).data.data.map((p) => p.id)).toEqual([2, 1])
  expect((await store.deviceCoverage(db)).held).toBe(2)
})

test('a search after a restart answers as one before it, for every page and filter', async () => {
  const rnd = seededRandom(99)
  await saveGroups(db, [yoruba, igbo, hausa], 1)
  await saveProverbs(db, randomProverbs(rnd, 120), 1)
  const queries = Array.from({ length: 30 }, () => ({ ...randomQuery(rnd), page: 1 + Math.floor(rnd() * 3), size: 7 }))
  const before = []
  for (const query of queries) before.push(await queryProverbs(db, query, 1))
  expect(await snapshotVersion()).toBe(1)

  const store = await restarted()
  for (const [i, query] of queries.entries()) expect(await store.queryProverbs(db, query, 1)).toEqual(before[i])
})

test('an empty device searches and keeps an empty snapshot', async () => {
  expect((await queryProverbs(db, { q: 'omo' }, 1)).data.totalElements).toBe(0)
  expect(await snapshotVersion()).toBe(0)
  const store = await restarted()
  expect((await store.queryProverbs(db, {}, 1)).data).toMatchObject({ data: [], totalElements: 0 })
})

test('a device from before tone-exact search gains each entry’s marked form, and a marked query puts exact words first', async () => {
  db.close()
  globalThis.indexedDB = new IDBFactory()
  const hoe = { ...makeProverb(21, yoruba, 'Ọkọ́ ni ọ̀kọ̀ oko', ['A hoe is a spear on the farm.', 'One tool serves two ends.']), slug: 'hoe' }
  const husband = {
    ...makeProverb(22, yoruba, 'Ọkọ ni ọkọ̀ oko', ['A husband is the boat of the farm.', 'He carries the household.']),
    slug: 'husband',
  }
  // The schema as version 6 left it: entries without a marked form, and a snapshot made of them.
  const v6 = await openDB(OFFLINE_DB_NAME, 6, {
    upgrade(raw) {
      const stored = raw.createObjectStore('proverbs', { keyPath: 'id' })
      stored.createIndex('slug', 'slug', { unique: true })
      stored.createIndex('packs', 'packs', { multiEntry: true })
      raw.createObjectStore('search', { keyPath: 'id' })
      raw.createObjectStore('groups', { keyPath: 'id' })
      raw.createObjectStore('meta')
      raw.createObjectStore('searchIndex')
    },
  })
  for (const proverb of [hoe, husband]) {
    await v6.put('proverbs', { id: proverb.id, slug: proverb.slug, proverb, savedAt: 1, browsed: true, packs: [] })
    const entry: Partial<SearchEntry> = searchEntryOf(proverb)
    delete entry.markedKey
    await v6.put('search', entry)
  }
  await v6.put('meta', 1, 'searchVersion')
  await v6.put('searchIndex', { version: 1, count: 2 }, 'snapshot')
  v6.close()

  db = await openOfflineDb()
  expect((await db.getAll('search')).map((e) => e.markedKey)).toEqual([
    'ọkọ́ ni ọ̀kọ̀ oko'.normalize('NFD'),
    'ọkọ ni ọkọ̀ oko'.normalize('NFD'),
  ])
  expect(await db.count('searchIndex')).toBe(0)
  const ids = async (q: string) => (await queryProverbs(db, { q }, 1)).data.data.map((p) => p.id)
  expect(await ids('ọkọ̀')).toEqual([22, 21])
  expect(await ids('ọkọ́')).toEqual([21, 22])
  // A bare query keeps the tone-blind order: the same rank, then the tone key, then the id.
  expect(await ids('oko')).toEqual([21, 22])
})
