import { afterEach, beforeEach, expect, test } from 'vitest'
import type { Proverb } from '../core/proverbs/contract'
import { downloadPack, listPacks, removePack, type PackDeps } from './packs'
import { SCROLL_IMAGE_CACHE, type OfflineDb, type PackRecord } from './schema'
import { queryProverbs, removeUserData, saveProverbs } from './store'
import { agbaLoja, freshDb, igbo, iwaLesin, omodeSubu, omoEni, onye, suuru, yoruba, yorubaProverbs } from './test-fixtures'

const T1 = Date.UTC(2026, 10, 20, 9)
const T2 = Date.UTC(2026, 10, 22, 9)
const TOKEN = 'token-of-7'
const IMAGE = new Uint8Array(6000).fill(0xff)
const AVIF = new Uint8Array(1500).fill(0xaa)
const NOT_IN_PLAN = 'This group is not among the languages you chose. Change your languages to read it.'

let db: OfflineDb
let clock: number
let changes: PackRecord[]

beforeEach(async () => {
  db = await freshDb()
  clock = T1
  changes = []
})

afterEach(() => {
  db.close()
})

/** A short digest of a text (djb2), for the stand-in's validators. */
const digest = (text: string) => [...text].reduce((hash, ch) => (hash * 33 + ch.codePointAt(0)!) >>> 0, 5381).toString(36)

/** A stand-in API: the group's proverbs two to a page (whatever size is asked), and scroll images. */
function fakeApi(proverbs: Proverb[]) {
  const api = {
    proverbs,
    calls: [] as { url: string; headers: Headers }[],
    /** Overrides every answer when set. */
    answer: undefined as ((url: string) => Promise<Response>) | undefined,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      api.calls.push({ url, headers: new Headers(init?.headers) })
      if (api.answer) return api.answer(url)
      if (/\/img\/[a-z-]+-scroll\.jpeg$/.test(url)) return new Response(IMAGE, { headers: { 'Content-Type': 'image/jpeg' } })
      if (/\/img\/[a-z-]+-scroll\.avif$/.test(url)) return new Response(AVIF, { headers: { 'Content-Type': 'image/avif' } })
      const page = Number(/proverbs_logged\/[^/]+\/\?page=(\d+)&size=100$/.exec(url)?.[1])
      if (!page) return Response.json({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 })
      const data = api.proverbs.slice((page - 1) * 2, page * 2)
      const total = api.proverbs.length
      // As the server: a page's validator is its proverbs, likes aside; the device's copy of it answers 304.
      const etag = `W/"${digest(JSON.stringify(data.map(({ likes: _likes, ...kept }) => kept)))}"`
      if (new Headers(init?.headers).get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } })
      return Response.json({ data, page, size: 2, totalPages: Math.ceil(total / 2), totalElements: total }, { headers: { ETag: etag } })
    }) as typeof fetch,
  }
  return api
}

/** A Cache Storage stand-in: named caches of responses by URL. */
function memoryCaches() {
  const named = new Map<string, Map<string, Response>>()
  const key = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request))
  const storage = {
    async open(name: string) {
      const cache = named.get(name) ?? new Map<string, Response>()
      named.set(name, cache)
      return {
        async put(request: RequestInfo | URL, response: Response) {
          cache.set(key(request), response)
        },
        async match(request: RequestInfo | URL) {
          return cache.get(key(request))?.clone()
        },
      }
    },
    async has(name: string) {
      return named.has(name)
    },
  }
  return storage as unknown as CacheStorage
}

function depsFor(api: ReturnType<typeof fakeApi>, extra: Partial<PackDeps> = {}): PackDeps {
  return {
    db,
    fetch: api.fetch,
    caches: memoryCaches(),
    now: () => clock,
    onChange: (pack) => changes.push(pack),
    ...extra,
  }
}

const storedIds = async () => (await queryProverbs(db, { size: 100 }, clock)).data.data.map((p) => p.id)

test('a download pages through the group with the bearer token and stores its proverbs under the pack', async () => {
  const api = fakeApi(yorubaProverbs)
  await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  const pages = api.calls.slice(0, 3)
  expect(pages.map((c) => c.url)).toEqual([
    '/api/proverbs/proverbs_logged/1/?page=1&size=100',
    '/api/proverbs/proverbs_logged/1/?page=2&size=100',
    '/api/proverbs/proverbs_logged/1/?page=3&size=100',
  ])
  for (const call of pages) {
    expect(call.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`)
    expect(call.headers.get('Accept')).toBe('application/json')
  }
  expect(await storedIds()).toEqual([11, 12, 13, 14, 15])
  for (const { id } of yorubaProverbs) expect(await db.get('proverbs', id)).toMatchObject({ packs: ['7:1'], browsed: false, savedAt: T1 })
})

test('a download reports its progress after every page and ends ready with its size and time', async () => {
  const api = fakeApi(yorubaProverbs)
  const pack = await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  expect(changes.map((c) => [c.status, c.done, c.total])).toEqual([
    ['downloading', 0, 5],
    ['downloading', 2, 5],
    ['downloading', 4, 5],
    ['downloading', 5, 5],
    ['ready', 5, 5],
  ])
  expect(pack).toMatchObject({ userId: 7, groupId: 1, groupSlug: 'yoruba', groupName: 'Yoruba', status: 'ready', done: 5, total: 5 })
  expect(pack.updatedAt).toBe(T1)
  expect(pack.error).toBeNull()
  // The proverbs' JSON and the image's two files all count.
  expect(pack.bytes).toBeGreaterThan(IMAGE.byteLength + AVIF.byteLength)
  expect(await listPacks(db, 7)).toEqual([pack])
})

test('a download puts the group’s scroll image, its AVIF and its JPEG, in the scroll image cache', async () => {
  const api = fakeApi(yorubaProverbs)
  const caches = memoryCaches()
  await downloadPack(depsFor(api, { caches }), 7, yoruba, TOKEN)

  expect(api.calls.slice(-2).map((call) => call.url)).toEqual(['/img/yoruba-scroll.avif', '/img/yoruba-scroll.jpeg'])
  const cache = await caches.open(SCROLL_IMAGE_CACHE)
  const jpeg = await cache.match('/img/yoruba-scroll.jpeg')
  expect(jpeg?.headers.get('Content-Type')).toBe('image/jpeg')
  expect(new Uint8Array(await jpeg!.arrayBuffer())).toEqual(IMAGE)
  const avif = await cache.match('/img/yoruba-scroll.avif')
  expect(avif?.headers.get('Content-Type')).toBe('image/avif')
  expect(new Uint8Array(await avif!.arrayBuffer())).toEqual(AVIF)
})

test('the API base is put before the API and image paths', async () => {
  const api = fakeApi(yorubaProverbs)
  const caches = memoryCaches()
  await downloadPack(depsFor(api, { caches, apiBase: 'https://api.owe.test' }), 7, yoruba, TOKEN)
  expect(api.calls[0].url).toBe('https://api.owe.test/api/proverbs/proverbs_logged/1/?page=1&size=100')
  expect(api.calls.at(-1)?.url).toBe('https://api.owe.test/img/yoruba-scroll.jpeg')
  expect(await (await caches.open(SCROLL_IMAGE_CACHE)).match('https://api.owe.test/img/yoruba-scroll.jpeg')).toBeDefined()
  expect(await (await caches.open(SCROLL_IMAGE_CACHE)).match('https://api.owe.test/img/yoruba-scroll.avif')).toBeDefined()
})

test('without Cache Storage the pack is still ready, sized by its proverbs alone', async () => {
  const api = fakeApi(yorubaProverbs)
  const pack = await downloadPack(depsFor(api, { caches: undefined }), 7, yoruba, TOKEN)
  expect(pack.status).toBe('ready')
  expect(pack.bytes).toBeGreaterThan(0)
  expect(pack.bytes).toBeLessThan(IMAGE.byteLength)
  expect(api.calls.map((c) => c.url).filter((url) => url.startsWith('/img/'))).toEqual([])
})

test('a refresh lets go of proverbs the group no longer has, keeping browsed ones', async () => {
  const api = fakeApi(yorubaProverbs)
  await saveProverbs(db, [omoEni], T1)
  await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  clock = T2
  api.proverbs = yorubaProverbs.filter((p) => p.id !== agbaLoja.id && p.id !== omoEni.id)
  const pack = await downloadPack(depsFor(api), 7, { ...yoruba, proverbCount: 3 }, TOKEN)

  expect(pack).toMatchObject({ status: 'ready', done: 3, total: 3, updatedAt: T2, error: null })
  expect(await db.get('proverbs', agbaLoja.id)).toBeUndefined()
  expect(await db.get('proverbs', omoEni.id)).toMatchObject({ browsed: true, packs: [] })
  expect(await storedIds()).toEqual([11, 12, 13, 14])
})

test('a first download the server refuses ends failed with the server’s message', async () => {
  const api = fakeApi(yorubaProverbs)
  api.answer = async () => Response.json({ error: { code: 'not_in_plan', message: NOT_IN_PLAN } }, { status: 403 })
  const pack = await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  expect(pack).toMatchObject({ status: 'failed', error: NOT_IN_PLAN, done: 0, updatedAt: null })
  expect(changes.at(-1)).toEqual(pack)
  expect(await listPacks(db, 7)).toEqual([pack])
  expect(await storedIds()).toEqual([])
})

test('an error without a JSON message says what the server answered', async () => {
  const api = fakeApi(yorubaProverbs)
  api.answer = async () => new Response('<html>Bad gateway</html>', { status: 502 })
  expect(await downloadPack(depsFor(api), 7, yoruba, TOKEN)).toMatchObject({ status: 'failed', error: 'The server answered 502.' })
})

test('a scroll image that cannot be downloaded fails the first download', async () => {
  const api = fakeApi(yorubaProverbs)
  const pack = await downloadPack(depsFor(api), 7, { ...yoruba, image: '/img/missing-scroll.png' }, TOKEN)
  expect(pack).toMatchObject({ status: 'failed', error: 'The scroll image could not be downloaded (404).' })
})

test('a failed refresh keeps the ready pack and says why', async () => {
  const api = fakeApi(yorubaProverbs)
  const first = await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  clock = T2
  api.answer = () => Promise.reject(new TypeError('Failed to fetch'))
  const pack = await downloadPack(depsFor(api), 7, yoruba, TOKEN)

  // It still says what it holds, not the 0 the refresh had reached.
  expect(pack).toMatchObject({
    status: 'ready',
    error: 'Failed to fetch',
    updatedAt: T1,
    bytes: first.bytes,
    done: first.done,
    total: first.total,
  })
  expect(await listPacks(db, 7)).toEqual([pack])
  expect(await storedIds()).toEqual([11, 12, 13, 14, 15])
})

test('two calls for the same pack share one download', async () => {
  const api = fakeApi(yorubaProverbs)
  const deps = depsFor(api)
  const first = downloadPack(deps, 7, yoruba, TOKEN)
  const second = downloadPack(deps, 7, yoruba, TOKEN)
  expect(second).toBe(first)
  await first
  // Three pages and the image's two files.
  expect(api.calls).toHaveLength(5)

  // Once it has finished, a new call downloads again (the scroll image is on the device already).
  await downloadPack(deps, 7, yoruba, TOKEN)
  expect(api.calls).toHaveLength(8)
})

test('downloads of different packs run on their own', async () => {
  const yorubaApi = fakeApi(yorubaProverbs)
  const igboApi = fakeApi([onye])
  const [a, b] = await Promise.all([downloadPack(depsFor(yorubaApi), 7, yoruba, TOKEN), downloadPack(depsFor(igboApi), 7, igbo, TOKEN)])
  expect([a.groupId, a.status, b.groupId, b.status]).toEqual([1, 'ready', 2, 'ready'])
  expect(igboApi.calls[0].url).toBe('/api/proverbs/proverbs_logged/2/?page=1&size=100')
})

test('removing a pack deletes its record and what only it held', async () => {
  const api = fakeApi(yorubaProverbs)
  await saveProverbs(db, [iwaLesin], T1)
  await downloadPack(depsFor(api), 7, yoruba, TOKEN)
  await downloadPack(depsFor(fakeApi([onye])), 7, igbo, TOKEN)

  await removePack(db, 7, yoruba.id)

  expect((await listPacks(db, 7)).map((p) => p.groupId)).toEqual([2])
  expect(await storedIds()).toEqual([12, 21])
})

test('signing out while a pack downloads leaves nothing of that pack behind', async () => {
  const api = fakeApi(yorubaProverbs)
  // Page 1 is stored; page 2 is held back until the user has signed out.
  let page2Asked!: () => void
  let releasePage2!: () => void
  const asked = new Promise<void>((resolve) => (page2Asked = resolve))
  const released = new Promise<void>((resolve) => (releasePage2 = resolve))
  const held: typeof fetch = async (input, init) => {
    if (String(input).includes('page=2')) {
      page2Asked()
      await released
    }
    return api.fetch(input, init)
  }
  const download = downloadPack(depsFor(api, { fetch: held }), 7, yoruba, TOKEN)
  await asked
  await removeUserData(db, 7)
  releasePage2()
  await download

  expect(await listPacks(db, 7)).toEqual([])
  expect(await storedIds()).toEqual([])
})

test('a user’s packs are listed without anyone else’s', async () => {
  await downloadPack(depsFor(fakeApi(yorubaProverbs)), 7, yoruba, TOKEN)
  await downloadPack(depsFor(fakeApi([onye])), 8, igbo, 'token-of-8')
  expect((await listPacks(db, 7)).map((p) => [p.userId, p.groupId])).toEqual([[7, 1]])
  expect((await listPacks(db, 8)).map((p) => [p.userId, p.groupId])).toEqual([[8, 2]])
  expect(await listPacks(db, 9)).toEqual([])
})

test('a refresh to the server’s version sends back each page’s validator: unchanged pages answer 304 and stay, changed ones download', async () => {
  const api = fakeApi(yorubaProverbs)
  const caches = memoryCaches()
  const first = await downloadPack(depsFor(api, { caches }), 7, yoruba, TOKEN, { origin: 'plan', expected: { version: 'v1', proverbs: 5 } })
  expect(first).toMatchObject({ status: 'ready', version: 'v1', origin: 'plan' })
  expect(first.pages?.map((page) => page.ids)).toEqual([[11, 12], [13, 14], [15]])
  // The first download had nothing to send back.
  expect(api.calls.filter((c) => c.headers.has('If-None-Match'))).toEqual([])

  // A correction accepted on the second page, and the last proverb gone.
  clock = T2
  api.calls = []
  const corrected = { ...suuru, transliteration: 'Patience is the father of good character.' }
  api.proverbs = [omoEni, iwaLesin, corrected, omodeSubu]
  const pack = await downloadPack(depsFor(api, { caches }), 7, yoruba, TOKEN, { expected: { version: 'v2', proverbs: 4 } })

  expect(api.calls.map((c) => [c.url, c.headers.get('If-None-Match') !== null])).toEqual([
    ['/api/proverbs/proverbs_logged/1/?page=1&size=100', true],
    // It says there are two pages now: the third is not asked for.
    ['/api/proverbs/proverbs_logged/1/?page=2&size=100', true],
  ])
  expect(pack).toMatchObject({ status: 'ready', version: 'v2', origin: 'plan', done: 4, updatedAt: T2, error: null })
  expect(pack.pages?.[0]).toEqual(first.pages?.[0])
  expect(pack.pages?.[1].etag).not.toBe(first.pages?.[1].etag)
  expect(pack.pages).toHaveLength(2)
  expect((await db.get('proverbs', suuru.id))?.proverb.transliteration).toBe(corrected.transliteration)
  // The page that no longer exists lets go of its proverb; the unchanged page's proverbs stay.
  expect(await db.get('proverbs', agbaLoja.id)).toBeUndefined()
  expect(await storedIds()).toEqual([11, 12, 13, 14])
  expect(pack.bytes).toBe(pack.pages!.reduce((sum, page) => sum + page.bytes, 0) + IMAGE.byteLength + AVIF.byteLength)
})

test('a refresh that finds every page unchanged downloads nothing and takes the new version', async () => {
  const api = fakeApi(yorubaProverbs)
  const caches = memoryCaches()
  const first = await downloadPack(depsFor(api, { caches }), 7, yoruba, TOKEN, { expected: { version: 'v1', proverbs: 5 } })
  api.calls = []
  const pack = await downloadPack(depsFor(api, { caches }), 7, yoruba, TOKEN, { expected: { version: 'v1b', proverbs: 5 } })
  expect(api.calls).toHaveLength(3)
  expect(api.calls.every((c) => c.headers.has('If-None-Match'))).toBe(true)
  expect(pack).toMatchObject({ status: 'ready', version: 'v1b', done: 5, bytes: first.bytes, origin: 'reader' })
  expect(await storedIds()).toEqual([11, 12, 13, 14, 15])
})

test('a pack that never finished is downloaded whole, sending back nothing', async () => {
  const api = fakeApi(yorubaProverbs)
  await db.put('packs', {
    ...(await downloadPack(depsFor(api), 7, yoruba, TOKEN, { expected: { version: 'v1', proverbs: 5 } })),
    status: 'downloading',
  })
  api.calls = []
  await downloadPack(depsFor(api), 7, yoruba, TOKEN, { expected: { version: 'v1', proverbs: 5 } })
  expect(api.calls.filter((c) => c.url.includes('proverbs_logged')).map((c) => c.headers.has('If-None-Match'))).toEqual([
    false,
    false,
    false,
  ])
})
