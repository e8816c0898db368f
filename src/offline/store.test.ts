import { afterEach, beforeEach, expect, test } from 'vitest'
import { offlineDb, openOfflineDb, packKey, type OfflineDb } from './schema'
import {
  deviceCoverage,
  ownerOfToken,
  queryProverbs,
  readCategories,
  readGroups,
  readList,
  readOwner,
  readPrivate,
  readProverb,
  LISTS_KEPT,
  PRIVATE_KEPT,
  releasePackProverbs,
  removeOtherUsersData,
  removeUserData,
  saveCategories,
  saveGroups,
  saveList,
  savePrivate,
  saveProverbs,
  setOwner,
  tokenDigest,
} from './store'
import {
  agbaLoja,
  allProverbs,
  boru,
  category,
  character,
  freshDb,
  hausa,
  igbo,
  iwaLesin,
  makeProverb,
  omodeSubu,
  omoEni,
  onye,
  oromo,
  suuru,
  yoruba,
  yorubaProverbs,
  zomo,
} from './test-fixtures'

const T1 = Date.UTC(2026, 10, 20, 9)
const T2 = Date.UTC(2026, 10, 22, 9)
const NOW = Date.UTC(2026, 10, 23, 9)

let db: OfflineDb

beforeEach(async () => {
  db = await freshDb()
})

afterEach(() => {
  db.close()
})

const ids = (proverbs: { id: number }[]) => proverbs.map((p) => p.id)
const search = async (q: string, extra: Parameters<typeof queryProverbs>[1] = {}) =>
  ids((await queryProverbs(db, { q, ...extra }, NOW)).data.data)

test('groups are read back in the order the server sent them, replacing the old list', async () => {
  await saveGroups(db, [hausa, yoruba], T1)
  await saveGroups(db, [igbo, yoruba, oromo], T2)
  expect(await readGroups(db)).toEqual({ data: [igbo, yoruba, oromo], savedAt: T2 })
})

test('nothing stored reads as undefined, not as an empty answer', async () => {
  expect(await readGroups(db)).toBeUndefined()
  expect(await readCategories(db)).toBeUndefined()
  expect(await readProverb(db, '12')).toBeUndefined()
  expect(await readList(db, 'today:2026-11-22', 'today')).toBeUndefined()
})

test('categories are read back in order as the API’s one-page CategoryPage', async () => {
  const categories = [category(7, 'Character', 40), category(1, 'Wisdom', 55), category(2, 'Patience', 12)]
  await saveCategories(db, categories, T1)
  expect(await readCategories(db)).toEqual({
    data: { content: categories, page: 1, size: 3, totalPages: 1, totalElements: 3 },
    savedAt: T1,
  })
})

test('a proverb is read by id and by slug', async () => {
  await saveProverbs(db, [iwaLesin, suuru], T1)
  expect(await readProverb(db, '12')).toEqual({ data: iwaLesin, savedAt: T1 })
  expect(await readProverb(db, 'yoruba-iwa-lesin')).toEqual({ data: iwaLesin, savedAt: T1 })
  expect(await readProverb(db, '99')).toBeUndefined()
  expect(await readProverb(db, 'yoruba-unknown')).toBeUndefined()
})

test('saving merges pack keys and the browsed flag instead of overwriting them', async () => {
  await saveProverbs(db, [iwaLesin], T1, packKey(7, 1))
  expect(await db.get('proverbs', 12)).toMatchObject({ browsed: false, packs: ['7:1'], savedAt: T1 })

  await saveProverbs(db, [iwaLesin], T2)
  expect(await db.get('proverbs', 12)).toMatchObject({ browsed: true, packs: ['7:1'], savedAt: T2 })

  await saveProverbs(db, [{ ...iwaLesin, likes: 3 }], NOW, packKey(8, 1))
  const record = await db.get('proverbs', 12)
  expect(record).toMatchObject({ browsed: true, savedAt: NOW })
  expect(record?.packs.sort()).toEqual(['7:1', '8:1'])
  expect(record?.proverb.likes).toBe(3)
})

test('a slug that moved to another id replaces the old record', async () => {
  await saveProverbs(db, [iwaLesin], T1)
  await saveProverbs(db, [{ ...iwaLesin, id: 40 }], T2)
  expect(await db.get('proverbs', 12)).toBeUndefined()
  expect(await db.get('search', 12)).toBeUndefined()
  expect((await readProverb(db, 'yoruba-iwa-lesin'))?.data.id).toBe(40)
})

test('search ignores tone marks in the stored text and in the query', async () => {
  await saveProverbs(db, allProverbs, T1)
  expect(await search('iwa')).toEqual([12, 13, 14])
  expect(await search('Ìwà')).toEqual([12, 13, 14])
  expect(await search('lesin')).toEqual([12])
  expect(await search('ỌMỌ ẸNI')).toEqual([11])
  expect(await search('ojî')).toEqual([21])
})

test('search finds words of the English translation and meaning', async () => {
  await saveProverbs(db, allProverbs, T1)
  expect(await search('leopard')).toEqual([11])
  expect(await search('kola hospitality')).toEqual([21])
  expect(await search('tomorrow reserve')).toEqual([81])
  expect(await search('leopard kola')).toEqual([])
})

test('search ranks whole words of the proverb, then whole words of any field, then word starts, then inside words', async () => {
  await saveProverbs(db, allProverbs, T1)
  // omo: a whole word of 15 and 11 (15 first: its tone key "agba…" sorts before "omo eni…"), the start of
  // "omode" in 14, and inside a word in 31 ("zomo") and 81 (its English "tomorrow"), by tone key.
  expect(await search('omo')).toEqual([agbaLoja.id, omoEni.id, omodeSubu.id, boru.id, zomo.id])
  expect(await search('ọmọ')).toEqual([agbaLoja.id, omoEni.id, omodeSubu.id, boru.id, zomo.id])
})

test('offline as online, "water" puts a whole word of the English before the letters inside an Akan word', async () => {
  const akan = { ...yoruba, id: 4, slug: 'akan', name: 'Akan' }
  const kwaterekwa = makeProverb(41, akan, 'Kwaterekwa se ɔbɛma wo ntoma a, tie ne din.', [
    'When a naked man says he will give you cloth, listen to his name.',
    'Judge a promise by the one making it.',
  ])
  const nkoko = makeProverb(42, akan, 'Nkoko nom nsuo a, ɔde kyerɛ Onyankopɔn.', [
    'When the fowl drinks water, it shows it to God.',
    'Give thanks.',
  ])
  await saveProverbs(db, [kwaterekwa, nkoko], T1)
  expect(await search('water')).toEqual([nkoko.id, kwaterekwa.id])
})

test('proverbs differing only in tone marks share a rank and sit side by side, by id', async () => {
  // The server's slugs end in a hash of the exact text, so tone variants get different slugs.
  const variant = {
    ...makeProverb(90, yoruba, 'Iwa lesin', ['Character is religion.', 'Written without tone marks.']),
    slug: 'yoruba-iwa-lesin-5d41e0',
  }
  await saveProverbs(db, [variant, suuru, iwaLesin], T1)
  expect(await search('iwa')).toEqual([12, 90, 13])
})

test('without a query the list follows the stored group order, then id', async () => {
  await saveGroups(db, [igbo, yoruba, hausa, oromo], T1)
  await saveProverbs(db, [boru, zomo, ...yorubaProverbs, onye], T1)
  expect(await search('')).toEqual([21, 11, 12, 13, 14, 15, 31, 81])
  expect(await search('  ,; ')).toEqual([21, 11, 12, 13, 14, 15, 31, 81])
})

test('the ethnic filter takes a group id or slug', async () => {
  await saveProverbs(db, allProverbs, T1)
  expect(await search('', { ethnic: '1' })).toEqual(ids(yorubaProverbs))
  expect(await search('', { ethnic: 'yoruba' })).toEqual(ids(yorubaProverbs))
  expect(await search('', { ethnic: 'afan-oromo' })).toEqual([81])
  expect(await search('omo', { ethnic: 'hausa' })).toEqual([31])
  expect(await search('', { ethnic: 'zulu' })).toEqual([])
})

test('the category filter takes a category id or slug', async () => {
  await saveProverbs(db, allProverbs, T1)
  expect(await search('', { category: String(character.id) })).toEqual([12, 13, 21])
  expect(await search('', { category: 'character' })).toEqual([12, 13, 21])
  expect(await search('', { category: 'Character' })).toEqual([12, 13, 21])
  expect(await search('', { category: 'patience' })).toEqual([13])
  expect(await search('', { category: 'family', ethnic: 'yoruba' })).toEqual([11, 15])
  expect(await search('iwa', { category: 'wisdom' })).toEqual([omodeSubu.id])
  expect(await search('', { category: '999' })).toEqual([])
})

test('pages carry page, size, totalPages and totalElements as the server sends them', async () => {
  await saveProverbs(db, allProverbs, T1)
  const third = await queryProverbs(db, { page: 3, size: 3 }, NOW)
  expect(third.data).toMatchObject({ page: 3, size: 3, totalPages: 3, totalElements: 8 })
  expect(ids(third.data.data)).toEqual([31, 81])

  // Past the end (the server had more pages than the device holds): the last page there is, never "9 of 3".
  const past = await queryProverbs(db, { page: 9, size: 3 }, NOW)
  expect(past.data).toMatchObject({ page: 3, size: 3, totalPages: 3, totalElements: 8 })
  expect(ids(past.data.data)).toEqual([31, 81])

  const defaults = await queryProverbs(db, {}, NOW)
  expect(defaults.data).toMatchObject({ page: 1, size: 20, totalPages: 1, totalElements: 8 })

  const clamped = await queryProverbs(db, { page: 0, size: 1000 }, NOW)
  expect(clamped.data).toMatchObject({ page: 1, size: 100 })

  const none = await queryProverbs(db, { q: 'nothing-like-this' }, NOW)
  expect(none.data).toEqual({ data: [], page: 1, size: 20, totalPages: 0, totalElements: 0 })
})

test('the device says how much of a people, or of every people, it holds against what exists', async () => {
  expect(await deviceCoverage(db, 'yoruba')).toEqual({ held: 0, total: null, group: null })
  await saveGroups(db, [yoruba, igbo, hausa, oromo], T1)
  await saveProverbs(db, [iwaLesin, suuru, onye], T1)
  expect(await deviceCoverage(db, 'yoruba')).toEqual({ held: 2, total: 5, group: { id: 1, slug: 'yoruba', name: 'Yoruba' } })
  expect(await deviceCoverage(db, '2')).toEqual({ held: 1, total: 1, group: { id: 2, slug: 'igbo', name: 'Igbo' } })
  expect(await deviceCoverage(db, 'hausa')).toEqual({ held: 0, total: 1, group: { id: 3, slug: 'hausa', name: 'Hausa' } })
  expect(await deviceCoverage(db)).toEqual({ held: 3, total: 8, group: null })
})

test('a page is as old as the oldest record it used', async () => {
  await saveProverbs(db, [iwaLesin], T1)
  await saveProverbs(db, [suuru, onye], T2)
  expect((await queryProverbs(db, { q: 'iwa' }, NOW)).savedAt).toBe(T1)
  expect((await queryProverbs(db, { q: 'suuru' }, NOW)).savedAt).toBe(T2)
  expect((await queryProverbs(db, { ethnic: 'igbo' }, NOW)).savedAt).toBe(T2)
  // The proverb saved at T1 is on page 1 only: page 2 is as old as what it shows.
  expect((await queryProverbs(db, { page: 2, size: 1, ethnic: 'yoruba' }, NOW)).savedAt).toBe(T2)
})

test('a list is read by its exact key, else the latest list of its kind', async () => {
  await saveList(db, { key: 'today:2026-11-20', kind: 'today' }, [iwaLesin, onye], T1)
  await saveList(db, { key: 'today:2026-11-22', kind: 'today' }, [suuru, zomo], T2)
  await saveList(db, { key: 'trending:2026-11-23:10', kind: 'trending' }, [boru], NOW)

  expect(await readList(db, 'today:2026-11-20', 'today')).toEqual({ data: [iwaLesin, onye], savedAt: T1 })
  expect(await readList(db, 'today:2026-11-24', 'today')).toEqual({ data: [suuru, zomo], savedAt: T2 })
  expect(await readList(db, 'trending:2026-11-24:10', 'trending')).toEqual({ data: [boru], savedAt: NOW })
  // A list's proverbs are stored as browsed records too.
  expect(await db.get('proverbs', 31)).toMatchObject({ browsed: true, packs: [] })
})

test('a list is as old as the oldest of the list and its proverbs, skipping ones no longer stored', async () => {
  await saveProverbs(db, [iwaLesin], T1)
  await saveList(db, { key: 'today:2026-11-22', kind: 'today' }, [onye, zomo], T2)
  await db.put('lists', { key: 'today:2026-11-22', kind: 'today', ids: [12, 21, 404], savedAt: T2 })
  expect(await readList(db, 'today:2026-11-22', 'today')).toEqual({ data: [iwaLesin, onye], savedAt: T1 })
})

test('releasing a pack deletes what only it held and keeps browsed proverbs and other packs’ ones', async () => {
  await saveProverbs(db, [iwaLesin, suuru, omoEni, agbaLoja], T1, packKey(7, 1))
  await saveProverbs(db, [suuru], T1)
  await saveProverbs(db, [omoEni], T1, packKey(8, 1))

  await releasePackProverbs(db, packKey(7, 1), new Set([agbaLoja.id]))

  expect(await db.get('proverbs', iwaLesin.id)).toBeUndefined()
  expect(await db.get('search', iwaLesin.id)).toBeUndefined()
  expect(await db.get('proverbs', suuru.id)).toMatchObject({ browsed: true, packs: [] })
  expect(await db.get('proverbs', omoEni.id)).toMatchObject({ browsed: false, packs: ['8:1'] })
  expect(await db.get('proverbs', agbaLoja.id)).toMatchObject({ packs: ['7:1'] })
  expect(await search('', { ethnic: 'yoruba' })).toEqual([11, 13, 15])
})

test('signing out removes only that user’s private answers, packs, pack-only proverbs and ownership', async () => {
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest('token-of-7') })
  await savePrivate(db, 7, '/api/proverbs/marks', { data: { favourites: [12], likes: [] } }, T1)
  await savePrivate(db, 7, '/api/proverbs/favourites', { data: [] }, T1)
  // Another user's leftovers (written while they owned the device).
  await db.put('private', { userId: 8, url: '/api/proverbs/marks', body: { data: { favourites: [21], likes: [21] } }, savedAt: T1 })
  await saveProverbs(db, [iwaLesin, suuru], T1, packKey(7, 1))
  await saveProverbs(db, [onye], T1, packKey(8, 2))
  await saveProverbs(db, [suuru], T1, packKey(8, 1))
  const pack = { status: 'ready', done: 2, total: 2, bytes: 900, updatedAt: T1, error: null } as const
  await db.put('packs', { ...pack, userId: 7, groupId: 1, groupSlug: 'yoruba', groupName: 'Yoruba', language: 'Yoruba' })
  await db.put('packs', { ...pack, userId: 8, groupId: 2, groupSlug: 'igbo', groupName: 'Igbo', language: 'Igbo' })

  await removeUserData(db, 7)

  expect(await readPrivate(db, 7, '/api/proverbs/marks')).toBeUndefined()
  expect(await readPrivate(db, 7, '/api/proverbs/favourites')).toBeUndefined()
  expect(await readPrivate(db, 8, '/api/proverbs/marks')).toEqual({ data: { data: { favourites: [21], likes: [21] } }, savedAt: T1 })
  expect(await db.getAllKeys('packs')).toEqual([[8, 2]])
  expect(await readOwner(db)).toBeUndefined()
  expect(await db.get('proverbs', iwaLesin.id)).toBeUndefined()
  expect(await db.get('proverbs', suuru.id)).toMatchObject({ packs: ['8:1'] })
  expect(await db.get('proverbs', onye.id)).toMatchObject({ packs: ['8:2'] })
})

test('signing out another user leaves the device’s owner in place', async () => {
  const owner = { userId: 8, tokenDigest: await tokenDigest('token-of-8') }
  await setOwner(db, owner)
  await removeUserData(db, 7)
  expect(await readOwner(db)).toEqual(owner)
})

test('the token digest is the hex SHA-256 of the token', async () => {
  expect(await tokenDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
})

test('a token belongs to the owner only when its digest matches', async () => {
  expect(await ownerOfToken(db, 'token-of-7')).toBeUndefined()
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest('token-of-7') })
  expect(await ownerOfToken(db, 'token-of-7')).toBe(7)
  expect(await ownerOfToken(db, 'token-of-8')).toBeUndefined()
  expect(await ownerOfToken(db, await tokenDigest('token-of-7'))).toBeUndefined()
})

test('the shared connection is opened once per runtime', async () => {
  const [a, b] = await Promise.all([offlineDb(), offlineDb()])
  expect(a).toBe(b)
  expect(await offlineDb()).toBe(a)
  expect([...a.objectStoreNames].sort()).toEqual([
    'categories',
    'groups',
    'learning',
    'learningCards',
    'lists',
    'meta',
    'packs',
    'private',
    'proverbs',
    'queue',
    'queueState',
    'quizAnswers',
    'search',
    'searchIndex',
  ])
  a.close()
})

test('searches see what another runtime (the page or the worker) stored or released since the last search', async () => {
  await saveProverbs(db, [iwaLesin], 1)
  expect((await queryProverbs(db, { q: 'iwa' }, 2)).data.totalElements).toBe(1)
  // The other runtime has a connection of its own.
  const other = await openOfflineDb()
  await saveProverbs(other, [suuru], 3, packKey(7, yoruba.id))
  expect((await queryProverbs(db, { q: 'iwa' }, 4)).data.data.map((p) => p.id)).toEqual([iwaLesin.id, suuru.id])
  await releasePackProverbs(other, packKey(7, yoruba.id))
  expect((await queryProverbs(db, { q: 'iwa' }, 5)).data.data.map((p) => p.id)).toEqual([iwaLesin.id])
  other.close()
})

test('a signed-in answer is kept only while its user owns the device (one landing after sign-out is dropped)', async () => {
  expect(await savePrivate(db, 7, '/api/proverbs/marks', { data: 1 }, T1)).toBe(false)
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest('token-of-7') })
  expect(await savePrivate(db, 8, '/api/proverbs/marks', { data: 2 }, T1)).toBe(false)
  expect(await savePrivate(db, 7, '/api/proverbs/marks', { data: 3 }, T1)).toBe(true)
  await removeUserData(db, 7)
  expect(await savePrivate(db, 7, '/api/proverbs/favourites', { data: 4 }, T1)).toBe(false)
  expect(await db.count('private')).toBe(0)
})

test('a new owner moving in clears every other user’s leftovers, keeping their own', async () => {
  await db.put('private', { userId: 8, url: '/api/proverbs/marks', body: {}, savedAt: T1 })
  await db.put('private', { userId: 7, url: '/api/proverbs/marks', body: {}, savedAt: T1 })
  await saveProverbs(db, [onye], T1, packKey(9, igbo.id))
  await db.put('packs', {
    userId: 9,
    groupId: igbo.id,
    groupSlug: 'igbo',
    groupName: 'Igbo',
    language: 'Igbo',
    status: 'ready',
    done: 1,
    total: 1,
    bytes: 1,
    updatedAt: T1,
    error: null,
  })
  await removeOtherUsersData(db, 7)
  expect(await db.getAllKeys('private')).toEqual([[7, '/api/proverbs/marks']])
  expect(await db.count('packs')).toBe(0)
  expect(await db.get('proverbs', onye.id)).toBeUndefined()
})

test('old daily lists and signed-in answers make room for new ones', async () => {
  for (let day = 1; day <= LISTS_KEPT + 3; day++) await saveList(db, { key: `today:2026-11-${day}`, kind: 'today' }, [iwaLesin], day)
  const kept = (await db.getAll('lists')).map((l) => l.savedAt).sort((a, b) => a - b)
  expect(kept).toHaveLength(LISTS_KEPT)
  expect(kept[0]).toBe(4)
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest('token-of-7') })
  for (let i = 0; i < PRIVATE_KEPT + 2; i++) await savePrivate(db, 7, `/api/proverbs/favourites?page=${i}`, {}, i)
  expect(await db.count('private')).toBe(PRIVATE_KEPT)
  expect(await readPrivate(db, 7, '/api/proverbs/favourites?page=0')).toBeUndefined()
  expect(await readPrivate(db, 7, `/api/proverbs/favourites?page=${PRIVATE_KEPT + 1}`)).toBeDefined()
})
