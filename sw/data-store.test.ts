import { createNetworkHealth } from './network-health'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Paginated } from '../src/core/http/contract'
import type { Proverb } from '../src/core/proverbs/contract'
import { packKey, type OfflineDb, type PackRecord } from '../src/offline/schema'
import { readGroups, readPrivate, readProverb, removeUserData, saveProverbs, setOwner, tokenDigest } from '../src/offline/store'
import {
  agbaLoja,
  allProverbs,
  boru,
  category,
  freshDb,
  igbo,
  iwaLesin,
  omodeSubu,
  omoEni,
  onye,
  readyPack,
  suuru,
  yoruba,
  yorubaProverbs,
  zomo,
} from '../src/offline/test-fixtures'
import { answerData, dataRouteFor, keepReads, type DataDeps } from './data-store'

const ORIGIN = 'https://owe.test'
const T1 = Date.UTC(2026, 10, 20, 9)
const T2 = Date.UTC(2026, 10, 22, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'
/** The header the app reads to show a saved copy's age (verbatim, as the page matches it). */
const OFFLINE_HEADER = 'X-Owe-Offline'

let db: OfflineDb
let clock: number
/** Work handed to waitUntil (storing network answers), awaited by settle(). */
let background: Promise<unknown>[]

beforeEach(async () => {
  db = await freshDb()
  clock = T1
  background = []
})

afterEach(async () => {
  await settle()
  db.close()
})

/** Waits for all background work, including work a finished piece handed on (a late answer's store). */
async function settle() {
  for (let count = -1; count !== background.length;) {
    count = background.length
    await Promise.all(background)
  }
}

const get = (path: string, token?: string) =>
  new Request(`${ORIGIN}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })

const online = (body: unknown) => async () => Response.json(body)
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

function depsWith(fetch: DataDeps['fetch'], timeoutMs = 1000): DataDeps {
  return { db: async () => db, fetch, now: () => clock, timeoutMs, waitUntil: (work) => background.push(work) }
}

/** Answers online, waits for the answer to be stored, then returns it. */
async function visitOnline(request: Request, body: unknown): Promise<Response> {
  const response = await answerData(request, depsWith(online(body)))
  await settle()
  return response
}

const answerOffline = (request: Request) => answerData(request, depsWith(offline))

const page = (data: Proverb[], pageNo = 1, size = 20): Paginated<Proverb> => ({
  data,
  page: pageNo,
  size,
  totalPages: Math.ceil(data.length / size),
  totalElements: data.length,
})

async function expectFromDevice(response: Response, savedAt: number, body: unknown) {
  expect(response.status).toBe(200)
  expect(response.headers.get(OFFLINE_HEADER)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  expect(response.headers.get(OFFLINE_HEADER)).toBe(new Date(savedAt).toISOString())
  expect(response.headers.get('Content-Type')).toContain('application/json')
  expect(await response.json()).toEqual(body)
}

async function becomeOwner(userId: number, token: string) {
  await setOwner(db, { userId, tokenDigest: await tokenDigest(token) })
}

async function putPack(userId: number, group: typeof yoruba, changes: Partial<PackRecord> = {}) {
  await db.put('packs', readyPack(userId, group, { updatedAt: T1, ...changes }))
}

// ------------------------------------------------------------------------------------- public routes

test('an online answer passes through untouched, and the same request is answered from the device later', async () => {
  const body = page(allProverbs)
  const network = Response.json(body)
  const request = get('/api/proverbs/public?page=1&size=20')
  const response = await answerData(
    request,
    depsWith(async () => network),
  )
  expect(response).toBe(network)
  expect(response.headers.has(OFFLINE_HEADER)).toBe(false)
  expect(await response.json()).toEqual(body)
  await settle()

  clock = T2
  await expectFromDevice(await answerOffline(get('/api/proverbs/public?page=1&size=20')), T1, {
    ...body,
    device: { held: allProverbs.length, total: null, group: null },
  })
})

test('ethnic groups: the full list is stored and answers q=all and a single group', async () => {
  await visitOnline(get('/api/proverbs/ethnic/public?q=all'), { data: [yoruba, igbo] })
  // A one-group answer does not replace the stored list.
  await visitOnline(get('/api/proverbs/ethnic/public?q=igbo'), { data: [igbo] })
  expect((await readGroups(db))?.data).toEqual([yoruba, igbo])

  await expectFromDevice(await answerOffline(get('/api/proverbs/ethnic/public?q=all')), T1, { data: [yoruba, igbo] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/ethnic/public')), T1, { data: [yoruba, igbo] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/ethnic/public?q=igbo')), T1, { data: [igbo] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/ethnic/public?q=1')), T1, { data: [yoruba] })
  expect((await answerOffline(get('/api/proverbs/ethnic/public?q=zulu'))).type).toBe('error')
})

test('categories are answered from the device in the API’s shape', async () => {
  const content = [category(7, 'Character', 40), category(1, 'Wisdom', 55)]
  const body = { data: { content, page: 1, size: 2, totalPages: 1, totalElements: 2 } }
  await visitOnline(get('/api/proverbs/category/public'), body)
  await expectFromDevice(await answerOffline(get('/api/proverbs/category/public')), T1, body)
})

test('a proverb seen by slug is answered from the device by slug and by id', async () => {
  await visitOnline(get('/api/proverbs/public/yoruba-iwa-lesin'), { data: iwaLesin })
  await expectFromDevice(await answerOffline(get('/api/proverbs/public/yoruba-iwa-lesin')), T1, { data: iwaLesin })
  await expectFromDevice(await answerOffline(get('/api/proverbs/public/12')), T1, { data: iwaLesin })
  expect((await answerOffline(get('/api/proverbs/public/13'))).type).toBe('error')
})

test('today’s and trending lists are answered by their exact key, else the latest of their kind', async () => {
  await visitOnline(get('/api/proverbs/today?date=2026-11-20'), { data: [iwaLesin, onye] })
  clock = T2
  await visitOnline(get('/api/proverbs/today?date=2026-11-22'), { data: [suuru, zomo] })
  await visitOnline(get('/api/proverbs/trending/public?limit=10'), { data: [boru, onye] })

  // A stored date's pick is current: answered as the device's copy, not as a fallback.
  const stored = await answerOffline(get('/api/proverbs/today?date=2026-11-20'))
  expect(stored.headers.get('X-Owe-Source')).toBe('device')
  expect(stored.headers.has(OFFLINE_HEADER)).toBe(false)
  expect(await stored.json()).toEqual({ data: [iwaLesin, onye] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/today?date=2026-11-23')), T2, { data: [suuru, zomo] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/trending/public?limit=10')), T2, { data: [boru, onye] })
  await expectFromDevice(await answerOffline(get('/api/proverbs/trending/public?limit=5')), T2, { data: [boru, onye] })
})

test('a stored date’s pick of the day answers before the network, which refreshes it in the background', async () => {
  await visitOnline(get('/api/proverbs/today?date=2026-11-20'), { data: [iwaLesin, onye] })
  let answerNetwork: (response: Response) => void = () => undefined
  const slow = () => new Promise<Response>((resolve) => (answerNetwork = resolve))
  clock = T2
  const response = await answerData(get('/api/proverbs/today?date=2026-11-20'), depsWith(slow, 60_000))
  expect(response.headers.get('X-Owe-Source')).toBe('device')
  expect(await response.json()).toEqual({ data: [iwaLesin, onye] })
  answerNetwork(Response.json({ data: [suuru] }))
  await settle()
  const refreshed = await answerOffline(get('/api/proverbs/today?date=2026-11-20'))
  expect(await refreshed.json()).toEqual({ data: [suuru] })
  // Without a date (the server's today) nothing is assumed current: the network goes first.
  const undated = await answerData(get('/api/proverbs/today'), depsWith(online({ data: [zomo] })))
  expect(undated.headers.has('X-Owe-Source')).toBe(false)
})

test('offline search runs over the stored proverbs, tone-insensitive and ranked like the server', async () => {
  await visitOnline(get('/api/proverbs/public?page=1&size=20'), page(allProverbs))

  // Each answer says what the device holds of the people searched (of all peoples when none).
  const all = { held: allProverbs.length, total: null, group: null }
  const yorubaHeld = { held: 5, total: null, group: { id: 1, slug: 'yoruba', name: 'Yoruba' } }
  const omo = await answerOffline(get('/api/proverbs/public?q=%E1%BB%8Dm%E1%BB%8D')) // ?q=ọmọ
  await expectFromDevice(omo, T1, { ...page([agbaLoja, omoEni, omodeSubu, boru, zomo]), device: all })

  const iwa = await answerOffline(get('/api/proverbs/public?q=iwa&ethnic=yoruba&page=2&size=1'))
  await expectFromDevice(iwa, T1, { data: [suuru], page: 2, size: 1, totalPages: 3, totalElements: 3, device: yorubaHeld })

  const character = await answerOffline(get('/api/proverbs/public?category=character&ethnic=1'))
  await expectFromDevice(character, T1, { ...page([iwaLesin, suuru]), device: yorubaHeld })
})

test('a server error (5xx) is answered from the device when it can be, else passed on', async () => {
  await visitOnline(get('/api/proverbs/public/yoruba-iwa-lesin'), { data: iwaLesin })
  const unavailable = async () => Response.json({ error: { code: 'unavailable', message: 'Down for maintenance.' } }, { status: 503 })

  const stored = await answerData(get('/api/proverbs/public/yoruba-iwa-lesin'), depsWith(unavailable))
  await expectFromDevice(stored, T1, { data: iwaLesin })

  const notStored = await answerData(get('/api/proverbs/public/yoruba-sùúrù'), depsWith(unavailable))
  expect(notStored.status).toBe(503)
  expect(notStored.headers.has(OFFLINE_HEADER)).toBe(false)
})

test('a client error (4xx) is the server’s answer even when a copy is stored', async () => {
  await visitOnline(get('/api/proverbs/public/12'), { data: iwaLesin })
  const gone = Response.json({ error: { code: 'not_found', message: 'No proverb has that id or slug.' } }, { status: 404 })
  const response = await answerData(
    get('/api/proverbs/public/12'),
    depsWith(async () => gone),
  )
  expect(response).toBe(gone)
  await settle()
  expect((await readProverb(db, '12'))?.data).toEqual(iwaLesin)
})

test('a slow network is answered from the device, and its late answer is still stored', async () => {
  await visitOnline(get('/api/proverbs/public/12'), { data: iwaLesin })
  let answer!: (response: Response) => void
  const slow = () => new Promise<Response>((resolve) => (answer = resolve))

  const response = await answerData(get('/api/proverbs/public/12'), depsWith(slow, 20))
  await expectFromDevice(response, T1, { data: iwaLesin })

  clock = T2
  answer(Response.json({ data: { ...iwaLesin, likes: 5 } }))
  await settle()
  expect(await readProverb(db, '12')).toEqual({ data: { ...iwaLesin, likes: 5 }, savedAt: T2 })
})

test('a read that outlasts the bound marks the server hanging: the next is answered from the device at once, and the page is told when the server’s answer comes', async () => {
  await visitOnline(get('/api/proverbs/public/12'), { data: iwaLesin })
  await visitOnline(get('/api/proverbs/public?q=omo'), page([omoEni]))
  const health = createNetworkHealth()
  const fresh = vi.fn()
  const answers: ((response: Response) => void)[] = []
  const hanging = () => new Promise<Response>((resolve) => answers.push(resolve))

  const first = await answerData(get('/api/proverbs/public/12'), { ...depsWith(hanging, 20), health, fresh })
  await expectFromDevice(first, T1, { data: iwaLesin })
  expect(health.hanging()).toBe(true)
  // Marked: a search typed now is not made to wait for the bound at all (a bound of a minute would fail the test).
  const search = await answerData(get('/api/proverbs/public?q=omo'), { ...depsWith(hanging, 60_000), health, fresh })
  await expectFromDevice(search, T1, { ...page([omoEni]), device: expect.anything() })
  // Nothing on the device matches: that is the answer now, saying what the device holds — never a wait on the server.
  const none = await answerData(get('/api/proverbs/public?q=zzz'), { ...depsWith(hanging, 60_000), health, fresh })
  expect(none.headers.get(OFFLINE_HEADER)).not.toBeNull()
  expect(((await none.json()) as { totalElements: number }).totalElements).toBe(0)
  expect(fresh).not.toHaveBeenCalled()

  answers[1](Response.json(page([omoEni, omodeSubu])))
  answers[0](Response.json({ data: iwaLesin }))
  answers[2](Response.json(page([])))
  await settle()
  expect(health.hanging()).toBe(false)
  expect(fresh).toHaveBeenCalledWith(`${ORIGIN}/api/proverbs/public?q=omo`)
  // The server answers again: reads go to it first.
  const after = await answerData(get('/api/proverbs/public?q=omo'), { ...depsWith(online(page([omodeSubu])), 60_000), health, fresh })
  expect(after.headers.has(OFFLINE_HEADER)).toBe(false)
})

test('a slow network with nothing stored is waited for', async () => {
  const network = Response.json({ data: iwaLesin })
  const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(network), 40))
  expect(await answerData(get('/api/proverbs/public/12'), depsWith(slow, 10))).toBe(network)
})

test('a slow network is waited for when nothing is stored for a list either', async () => {
  const network = Response.json(page([iwaLesin]))
  const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(network), 40))
  const response = await answerData(get('/api/proverbs/public?q=iwa'), depsWith(slow, 10))
  expect(response.headers.get(OFFLINE_HEADER)).toBeNull()
  expect(response).toBe(network)
})

test('no network and nothing stored is a network error', async () => {
  const response = await answerOffline(get('/api/proverbs/public/yoruba-iwa-lesin'))
  expect(response.type).toBe('error')
  expect(response.status).toBe(0)

  const slowThenFailing = () => new Promise<Response>((_, reject) => setTimeout(() => reject(new TypeError('Failed to fetch')), 30))
  expect((await answerData(get('/api/proverbs/public/12'), depsWith(slowThenFailing, 10))).type).toBe('error')
})

test('offline, a search nothing stored matches is an empty answer from the device, saying what it holds', async () => {
  await visitOnline(get('/api/proverbs/ethnic/public?q=all'), { data: [yoruba, igbo] })
  await visitOnline(get('/api/proverbs/public?ethnic=yoruba&size=2'), page([omoEni, iwaLesin], 1, 2))
  clock = T2

  const zzz = await answerOffline(get('/api/proverbs/public?q=zzz&ethnic=yoruba'))
  expect(zzz.status).toBe(200)
  expect(zzz.headers.get(OFFLINE_HEADER)).toBe(new Date(T2).toISOString())
  expect(await zzz.json()).toEqual({
    data: [],
    page: 1,
    size: 20,
    totalPages: 0,
    totalElements: 0,
    device: { held: 2, total: yoruba.proverbCount, group: { id: 1, slug: 'yoruba', name: 'Yoruba' } },
  })

  const water = await answerOffline(get('/api/proverbs/public?q=water'))
  expect(await water.json()).toMatchObject({
    data: [],
    totalElements: 0,
    device: { held: 2, total: yoruba.proverbCount + igbo.proverbCount, group: null },
  })

  // A server that is down (behind a proxy answering 502) is no different.
  const down = async () => new Response('Bad gateway', { status: 502 })
  const proxied = await answerData(get('/api/proverbs/public?q=zzz'), depsWith(down))
  expect(proxied.status).toBe(200)
  expect(await proxied.json()).toMatchObject({ totalElements: 0, device: { held: 2, total: yoruba.proverbCount + igbo.proverbCount } })
})

test('offline, a page past what the device holds is its last page, never "page 3 of 2"', async () => {
  await visitOnline(get('/api/proverbs/public?ethnic=yoruba&size=2'), page(yorubaProverbs.slice(0, 4), 1, 2))
  const third = await answerOffline(get('/api/proverbs/public?ethnic=yoruba&size=2&page=3'))
  expect(await third.json()).toMatchObject({ page: 2, totalPages: 2, totalElements: 4 })
})

test('other requests go straight to the network and are not stored', async () => {
  const seen: Request[] = []
  const passthrough = async (request: Request) => {
    seen.push(request)
    return Response.json({ data: { message: 'ok' } })
  }
  const put = new Request(`${ORIGIN}/api/proverbs/favourites/12`, { method: 'PUT', headers: { Authorization: `Bearer ${TOKEN_7}` } })
  const rates = get('/api/payments/exchange-rate')
  const likes = get('/api/proverbs/likes/12')
  for (const request of [put, rates, likes]) await answerData(request, depsWith(passthrough))
  expect(seen).toEqual([put, rates, likes])
  expect(background).toEqual([])

  await expect(answerOffline(get('/api/payments/exchange-rate'))).rejects.toThrow('Failed to fetch')
  expect(await dataRouteFor(put, db)).toBeUndefined()
  expect(await dataRouteFor(rates, db)).toBeUndefined()
  expect(await dataRouteFor(get('/api/proverbs/public'), db)).toBeDefined()
})

// ------------------------------------------------------------------------------------ private routes

test('a signed-in answer is kept for the device’s owner and answered to their token only', async () => {
  await becomeOwner(7, TOKEN_7)
  const marks = { data: { favourites: [12], likes: [12, 21] } }
  await visitOnline(get('/api/proverbs/marks', TOKEN_7), marks)
  expect(await readPrivate(db, 7, '/api/proverbs/marks')).toEqual({ data: marks, savedAt: T1 })

  await expectFromDevice(await answerOffline(get('/api/proverbs/marks', TOKEN_7)), T1, marks)
  // Another token goes straight to the network, which is down: it never sees user 7's answer.
  await expect(answerOffline(get('/api/proverbs/marks', TOKEN_8))).rejects.toThrow('Failed to fetch')
})

test('another user’s token is neither stored nor answered from the device', async () => {
  await becomeOwner(7, TOKEN_7)
  const theirs = { data: { favourites: [81], likes: [] } }
  const response = await visitOnline(get('/api/proverbs/marks', TOKEN_8), theirs)
  expect(await response.json()).toEqual(theirs)
  expect(background).toEqual([])
  expect(await db.getAll('private')).toEqual([])
  expect(await dataRouteFor(get('/api/proverbs/marks', TOKEN_8), db)).toBeUndefined()
})

test('without an owner on the device nothing signed-in is stored', async () => {
  await visitOnline(get('/api/proverbs/favourites?page=1&size=20', TOKEN_7), page([iwaLesin]))
  expect(await db.getAll('private')).toEqual([])
})

test('a signed-in answer is kept by its exact URL, query included', async () => {
  await becomeOwner(7, TOKEN_7)
  await visitOnline(get('/api/proverbs/favourites?page=1&size=20', TOKEN_7), page([iwaLesin]))
  await expectFromDevice(await answerOffline(get('/api/proverbs/favourites?page=1&size=20', TOKEN_7)), T1, page([iwaLesin]))
  expect((await answerOffline(get('/api/proverbs/favourites?page=2&size=20', TOKEN_7))).type).toBe('error')
})

test('a group’s proverbs are answered offline from the owner’s ready pack, any page or search of it', async () => {
  await becomeOwner(7, TOKEN_7)
  await saveProverbs(db, yorubaProverbs, T1, packKey(7, yoruba.id))
  await saveProverbs(db, [onye], T2)
  await putPack(7, yoruba)

  await expectFromDevice(
    await answerOffline(get('/api/proverbs/proverbs_logged/yoruba/?page=1&size=20', TOKEN_7)),
    T1,
    page(yorubaProverbs),
  )
  await expectFromDevice(
    await answerOffline(get('/api/proverbs/proverbs_logged/1/?q=iwa', TOKEN_7)),
    T1,
    page([iwaLesin, suuru, omodeSubu]),
  )
  const second = await answerOffline(get('/api/proverbs/proverbs_logged/yoruba/?page=2&size=2', TOKEN_7))
  await expectFromDevice(second, T1, { data: [suuru, omodeSubu], page: 2, size: 2, totalPages: 3, totalElements: 5 })

  // No pack for Igbo, and nobody else's token is answered from user 7's pack.
  expect((await answerOffline(get('/api/proverbs/proverbs_logged/igbo/', TOKEN_7))).type).toBe('error')
  await expect(answerOffline(get('/api/proverbs/proverbs_logged/yoruba/', TOKEN_8))).rejects.toThrow('Failed to fetch')
})

test('a pack that never finished downloading does not answer', async () => {
  await becomeOwner(7, TOKEN_7)
  await saveProverbs(db, [iwaLesin, suuru], T1, packKey(7, yoruba.id))
  await putPack(7, yoruba, { status: 'failed', updatedAt: null, error: 'Failed to fetch' })
  expect((await answerOffline(get('/api/proverbs/proverbs_logged/yoruba/', TOKEN_7))).type).toBe('error')
})

test('another user’s pack does not answer the owner', async () => {
  await becomeOwner(7, TOKEN_7)
  await saveProverbs(db, yorubaProverbs, T1, packKey(8, yoruba.id))
  await putPack(8, yoruba)
  expect((await answerOffline(get('/api/proverbs/proverbs_logged/yoruba/', TOKEN_7))).type).toBe('error')
})

test('a stored answer for the exact group URL wins over the pack', async () => {
  await becomeOwner(7, TOKEN_7)
  const url = '/api/proverbs/proverbs_logged/yoruba/?page=1&size=20'
  const liked = page([{ ...iwaLesin, likes: 9 }])
  await visitOnline(get(url, TOKEN_7), liked)
  clock = T2
  await saveProverbs(db, yorubaProverbs, T2, packKey(7, yoruba.id))
  await putPack(7, yoruba, { updatedAt: T2 })
  await expectFromDevice(await answerOffline(get(url, TOKEN_7)), T1, liked)
})

test('without IndexedDB the network alone answers, online reads never fail for it', async () => {
  const deps = { ...depsWith(online({ data: [zomo] })), db: () => Promise.reject(new DOMException('blocked', 'UnknownError')) }
  const warn = console.warn
  console.warn = () => undefined
  try {
    const response = await answerData(get('/api/proverbs/today?date=2026-11-22'), deps)
    expect(await response.json()).toEqual({ data: [zomo] })
  } finally {
    console.warn = warn
  }
})

test('a signed-in answer still on its way at sign-out is not kept for nobody', async () => {
  await becomeOwner(7, TOKEN_7)
  let answerNetwork: (response: Response) => void = () => undefined
  const pending = answerData(
    get('/api/proverbs/marks', TOKEN_7),
    depsWith(() => new Promise((resolve) => (answerNetwork = resolve)), 60_000),
  )
  await new Promise((resolve) => setTimeout(resolve, 10))
  await removeUserData(db, 7)
  answerNetwork(Response.json({ data: { favourites: [12], likes: [] } }))
  expect((await pending).status).toBe(200)
  await settle()
  expect(await db.count('private')).toBe(0)
})

test('the quiz reads are kept for the owner by exact URL, answered offline, and go at sign-out', async () => {
  await becomeOwner(7, TOKEN_7)
  const reads = {
    '/quiz-batch/user/week?currentDate=2026-11-20': { data: [{ batchId: 41 }] },
    '/quiz-batch/user/week-gen-source?currentDate=2026-11-20': { data: [] },
    '/quiz-batch/user/recent/all': { data: [{ batchId: 40 }] },
    '/api/quiz/all/41': { data: [{ batchId: 41, questions: [] }] },
    '/quiz_attempt/calculate/40': { data: { batchId: 40, correct: 3 } },
    '/api/questionProperty/all?page=1&size=20': { data: [], page: 1, size: 20, totalPages: 0, totalElements: 0 },
  }
  for (const [path, body] of Object.entries(reads)) {
    await visitOnline(get(path, TOKEN_7), body)
    await expectFromDevice(await answerOffline(get(path, TOKEN_7)), T1, body)
    await expect(answerOffline(get(path, TOKEN_8))).rejects.toThrow('Failed to fetch')
  }
  // Per batch: another batch's questions are not this one's.
  expect((await answerOffline(get('/api/quiz/all/42', TOKEN_7))).type).toBe('error')
  expect(await dataRouteFor(get('/api/quiz/all/41'), db)).toBeUndefined()
  await removeUserData(db, 7)
  expect(await db.count('private')).toBe(0)
})

test('keeping reads asks the server only for what the device does not hold, and answers them offline after', async () => {
  const asked: string[] = []
  const server = async (request: Request) => {
    const url = new URL(request.url)
    asked.push(url.pathname + url.search)
    if (url.pathname === '/api/proverbs/today')
      return Response.json({ data: url.searchParams.get('date') === '2026-12-07' ? [omoEni, onye] : [suuru] })
    if (url.pathname === '/api/proverbs/trending/public') return Response.json({ data: [zomo, boru] })
    if (url.pathname === '/api/proverbs/ethnic/public') return Response.json({ data: [yoruba, igbo] })
    if (url.pathname === '/api/proverbs/category/public') return Response.json({ data: { content: [category(1, 'Wisdom')] } })
    return new Response('not found', { status: 404 })
  }
  const home = [
    '/api/proverbs/today?date=2026-12-07',
    '/api/proverbs/trending/public?date=2026-12-07&limit=6',
    '/api/proverbs/ethnic/public?q=all',
    '/api/proverbs/category/public',
    '/api/proverbs/today?date=2026-12-08',
  ]
  // Not the corpus's public reads, or not this origin: left alone.
  const others = ['/api/notifications/', 'https://elsewhere.test/api/proverbs/today?date=2026-12-07']
  await keepReads([...home, ...others, home[0]], { db: async () => db, fetch: server, now: () => clock }, ORIGIN)
  expect(asked).toEqual(home)

  for (const path of home.slice(0, 2)) expect((await answerOffline(get(path))).status).toBe(200)
  expect(((await (await answerOffline(get(home[0]))).json()) as { data: Proverb[] }).data.map((p) => p.id)).toEqual([omoEni.id, onye.id])
  expect(((await (await answerOffline(get(home[4]))).json()) as { data: Proverb[] }).data.map((p) => p.id)).toEqual([suuru.id])
  expect((await readGroups(db))?.data.map((g) => g.id)).toEqual([yoruba.id, igbo.id])

  // Held now: a second round asks nothing.
  asked.length = 0
  await keepReads(home, { db: async () => db, fetch: server, now: () => clock }, ORIGIN)
  expect(asked).toEqual([])
})

test('a read that fails to be kept leaves the others to be kept', async () => {
  const server = async (request: Request) =>
    new URL(request.url).pathname === '/api/proverbs/today'
      ? Promise.reject(new TypeError('Failed to fetch'))
      : Response.json({ data: [zomo] })
  await keepReads(
    ['/api/proverbs/today?date=2026-12-07', '/api/proverbs/trending/public?date=2026-12-07&limit=6'],
    {
      db: async () => db,
      fetch: server,
      now: () => clock,
    },
    ORIGIN,
  )
  expect(await db.get('lists', 'today:2026-12-07')).toBeUndefined()
  expect(await db.get('lists', 'trending:2026-12-07:6')).toMatchObject({ ids: [zomo.id] })
})
