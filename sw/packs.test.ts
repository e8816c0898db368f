import { afterEach, beforeEach, expect, test } from 'vitest'
import type { EthnicGroup, Proverb } from '../src/core/proverbs/contract'
import type { PackCommand, PacksChanged, PacksKeepingNotice } from '../src/offline/messages'
import { listPacks } from '../src/offline/packs'
import type { OfflineDb } from '../src/offline/schema'
import { readList, setOwner, tokenDigest } from '../src/offline/store'
import { freshDb, hausa, igbo, onye, readyPack, yoruba, yorubaProverbs, zomo } from '../src/offline/test-fixtures'
import { PACKS_PERIODIC_TAG } from '../src/offline/periodic-sync'
import { isPackCommand, keepInBackground, runPackCommand, setupKeeping } from './packs'
import type { SyncEventLike } from './queues'

const NOW = Date.UTC(2026, 11, 7, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'
const BY_GROUP: Record<string, Proverb[]> = { 1: yorubaProverbs, 2: [onye], 3: [zomo] }

let db: OfflineDb
let calls: { url: string; authorization: string | null }[]
let broadcasts: PacksChanged[]
let cachedImages: string[]
let plan: EthnicGroup[]
let cookie: string | undefined

beforeEach(async () => {
  db = await freshDb()
  calls = []
  broadcasts = []
  cachedImages = []
  plan = [yoruba, igbo]
  cookie = undefined
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN_7) })
})

afterEach(() => {
  db.close()
})

/** The API as a pack sees it: the plan's packs, each group's proverbs on one page, and scroll images. */
const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = input instanceof Request ? input.url : String(input)
  calls.push({ url, authorization: new Headers(input instanceof Request ? input.headers : init?.headers).get('Authorization') })
  if (url.startsWith('/img/')) return new Response(new Uint8Array(2000), { headers: { 'Content-Type': 'image/jpeg' } })
  if (url.endsWith('/api/proverbs/pack-sizes')) {
    const data = plan.map((group) => ({ groupId: group.id, proverbs: BY_GROUP[group.id].length, bytes: 5000, version: 'v1', group }))
    return Response.json({ data })
  }
  if (url.includes('/api/proverbs/today')) return Response.json({ data: [onye] })
  const data = BY_GROUP[/proverbs_logged\/(\d+)\//.exec(url)?.[1] ?? ''] ?? []
  return Response.json({ data, page: 1, size: 100, totalPages: 1, totalElements: data.length })
}) as typeof fetch

const cachesStub = {
  open: async () => ({ put: async (url: string) => void cachedImages.push(url), match: async () => undefined }),
} as unknown as CacheStorage

const deps = () => ({
  db: async () => db,
  fetch: fetchStub,
  caches: cachesStub,
  now: () => NOW,
  broadcast: (message: PacksChanged) => broadcasts.push(message),
  cookieToken: async () => cookie,
})

const packOf = async (groupId: number) => (await listPacks(db, 7)).find((p) => p.groupId === groupId)
const keepPacks = (token = TOKEN_7, download = true): PackCommand => ({ type: 'KEEP_PACKS', userId: 7, token, download, declined: [] })

test('pack commands are told apart from other worker messages', () => {
  expect(isPackCommand({ type: 'PACK_DOWNLOAD', userId: 7, group: yoruba, token: TOKEN_7 })).toBe(true)
  expect(isPackCommand(keepPacks())).toBe(true)
  expect(isPackCommand({ type: 'PACKS_REFRESH', userId: 7, token: TOKEN_7 })).toBe(false)
  expect(isPackCommand({ type: 'SKIP_WAITING' })).toBe(false)
  expect(isPackCommand(null)).toBe(false)
  expect(isPackCommand('PACK_DOWNLOAD')).toBe(false)
  expect(isPackCommand(undefined)).toBe(false)
})

test('a command whose token is not the owner’s is ignored', async () => {
  const commands: PackCommand[] = [
    { type: 'PACK_DOWNLOAD', userId: 7, group: yoruba, token: TOKEN_8 },
    // The owner's token cannot fill another user's packs either.
    { type: 'PACK_DOWNLOAD', userId: 8, group: yoruba, token: TOKEN_7 },
    keepPacks(TOKEN_8),
  ]
  for (const command of commands) await runPackCommand(command, deps())
  expect(calls).toEqual([])
  expect(broadcasts).toEqual([])
  expect(await listPacks(db, 8)).toEqual([])
})

test('a download for the owner runs with their token and tells every page as it goes', async () => {
  await runPackCommand({ type: 'PACK_DOWNLOAD', userId: 7, group: yoruba, token: TOKEN_7 }, deps())

  expect(calls.map((c) => c.url)).toEqual([
    '/api/proverbs/proverbs_logged/1/?page=1&size=100',
    '/img/yoruba-scroll.avif',
    '/img/yoruba-scroll.jpeg',
  ])
  expect(calls[0].authorization).toBe(`Bearer ${TOKEN_7}`)
  expect(await packOf(1)).toMatchObject({ status: 'ready', done: 5, total: 5, updatedAt: NOW, error: null, origin: 'reader' })
  expect(cachedImages).toEqual(['/img/yoruba-scroll.avif', '/img/yoruba-scroll.jpeg'])
  // Started, one page stored, ready.
  expect(broadcasts).toEqual([
    { type: 'packs-changed', userId: 7, groupId: 1 },
    { type: 'packs-changed', userId: 7, groupId: 1 },
    { type: 'packs-changed', userId: 7, groupId: 1 },
  ])
})

test('keeping the plan tells the page which peoples it starts to keep before they download, then keeps them', async () => {
  await db.put('packs', readyPack(7, igbo, { version: 'v1' }))
  const notices: PacksKeepingNotice[] = []
  let packsWhenTold = -1
  await runPackCommand(keepPacks(), deps(), (notice) => {
    notices.push(notice)
    packsWhenTold = calls.filter((c) => c.url.includes('proverbs_logged')).length
  })
  expect(notices).toEqual([{ type: 'PACKS_KEEPING', userId: 7, groupIds: [yoruba.id] }])
  expect(packsWhenTold).toBe(0)
  expect(await packOf(1)).toMatchObject({ status: 'ready', origin: 'plan', version: 'v1' })
  // Igbo was current: not asked for.
  expect(calls.filter((c) => c.url.includes('proverbs_logged/2/'))).toEqual([])
})

test('a round that starts nothing new says nothing', async () => {
  await db.put('packs', readyPack(7, yoruba, { version: 'old' }))
  await db.put('packs', readyPack(7, igbo, { version: 'v1' }))
  const notices: PacksKeepingNotice[] = []
  await runPackCommand(keepPacks(), deps(), (notice) => notices.push(notice))
  expect(notices).toEqual([])
  expect(await packOf(1)).toMatchObject({ version: 'v1' })
})

test('in the background the packs are refreshed with the owner’s cookie, nothing is added, and nothing downloads on a metered connection', async () => {
  await db.put('packs', readyPack(7, yoruba, { version: 'old' }))
  await db.put('packs', readyPack(7, hausa, { version: 'v1' }))

  // No cookie, or one that is not the owner's session: nothing is asked.
  await keepInBackground(deps())
  cookie = TOKEN_8
  await keepInBackground(deps())
  expect(calls).toEqual([])

  cookie = TOKEN_7
  await keepInBackground(deps(), { saveData: true })
  expect(calls.map((c) => c.url)).toEqual(['/api/proverbs/pack-sizes'])
  // Hausa left the plan: removed even on a metered connection.
  expect(await packOf(hausa.id)).toBeUndefined()
  expect(await packOf(yoruba.id)).toMatchObject({ version: 'old' })

  calls = []
  await keepInBackground(deps(), { type: 'wifi' })
  expect(calls.filter((c) => c.url.includes('proverbs_logged')).map((c) => c.url)).toEqual([
    '/api/proverbs/proverbs_logged/1/?page=1&size=100',
  ])
  expect(calls.every((c) => c.url.startsWith('/img/') || c.authorization === `Bearer ${TOKEN_7}`)).toBe(true)
  expect(await packOf(yoruba.id)).toMatchObject({ version: 'v1' })
  // Igbo is in the plan but was never kept here: the worker alone does not add it.
  expect(await packOf(igbo.id)).toBeUndefined()
})

test('the worker wires Periodic Background Sync and the page’s messages', async () => {
  cookie = TOKEN_7
  await db.put('packs', readyPack(7, yoruba, { version: 'old' }))
  const listeners: ((event: SyncEventLike) => void)[] = []
  const keeping = setupKeeping(
    { addEventListener: (_type, listener) => listeners.push(listener), location: { origin: 'https://owe.test' }, navigator: {} },
    { db: async () => db, fetch: fetchStub, caches: cachesStub, now: () => NOW, cookieToken: async () => cookie },
  )
  const work: Promise<unknown>[] = []
  listeners[0]({ tag: 'something-else', waitUntil: (w) => work.push(w) })
  expect(work).toEqual([])
  listeners[0]({ tag: PACKS_PERIODIC_TAG, waitUntil: (w) => work.push(w) })
  await Promise.all(work)
  expect(await packOf(yoruba.id)).toMatchObject({ version: 'v1' })
  // Today's and tomorrow's proverbs come onto the device with the packs: the morning's reminder opens offline.
  expect(calls.map((c) => c.url)).toEqual(
    expect.arrayContaining(['https://owe.test/api/proverbs/today?date=2026-12-07', 'https://owe.test/api/proverbs/today?date=2026-12-08']),
  )
  expect((await readList(db, 'today:2026-12-08', 'today'))?.data.map((p) => p.id)).toEqual([onye.id])

  const replies: unknown[] = []
  const message = (data: unknown) =>
    keeping.onMessage({ data, waitUntil: (w) => work.push(w), source: { postMessage: (m) => replies.push(m) } })
  message(keepPacks())
  message({ type: 'KEEP_READS', urls: ['/api/proverbs/today?date=2026-12-07'] })
  message({ type: 'SKIP_WAITING' })
  await Promise.all(work)
  expect(replies).toEqual([{ type: 'PACKS_KEEPING', userId: 7, groupIds: [igbo.id] }])
  expect((await readList(db, 'today:2026-12-07', 'today'))?.data.map((p) => p.id)).toEqual([onye.id])
})
