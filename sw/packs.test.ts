import { afterEach, beforeEach, expect, test } from 'vitest'
import type { Proverb } from '../src/core/proverbs/contract'
import type { PackCommand, PacksChanged } from '../src/offline/messages'
import { listPacks, PACK_REFRESH_MS } from '../src/offline/packs'
import type { OfflineDb, PackRecord } from '../src/offline/schema'
import { saveGroups, setOwner, tokenDigest } from '../src/offline/store'
import { freshDb, hausa, igbo, onye, readyPack, yoruba, yorubaProverbs, zomo } from '../src/offline/test-fixtures'
import { isPackCommand, runPackCommand } from './packs'

const NOW = Date.UTC(2026, 10, 22, 9)
const TOKEN_7 = 'token-of-7'
const TOKEN_8 = 'token-of-8'
const BY_GROUP: Record<string, Proverb[]> = { 1: yorubaProverbs, 2: [onye], 3: [zomo] }

let db: OfflineDb
let calls: { url: string; authorization: string | null }[]
let broadcasts: PacksChanged[]
let cachedImages: string[]

beforeEach(async () => {
  db = await freshDb()
  calls = []
  broadcasts = []
  cachedImages = []
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN_7) })
})

afterEach(() => {
  db.close()
})

/** The API as a pack sees it: each group's proverbs on one page, and scroll images. */
const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  calls.push({ url, authorization: new Headers(init?.headers).get('Authorization') })
  if (url.startsWith('/img/')) return new Response(new Uint8Array(2000), { headers: { 'Content-Type': 'image/jpeg' } })
  const data = BY_GROUP[/proverbs_logged\/(\d+)\//.exec(url)?.[1] ?? ''] ?? []
  return Response.json({ data, page: 1, size: 100, totalPages: 1, totalElements: data.length })
}) as typeof fetch

const cachesStub = {
  open: async () => ({ put: async (url: string) => void cachedImages.push(url) }),
} as unknown as CacheStorage

const deps = () => ({
  db: async () => db,
  fetch: fetchStub,
  caches: cachesStub,
  now: () => NOW,
  broadcast: (message: PacksChanged) => broadcasts.push(message),
})

async function putPack(group: typeof yoruba, changes: Partial<PackRecord>) {
  await db.put('packs', readyPack(7, group, { bytes: 3000, updatedAt: NOW - 60_000, ...changes }))
}

const packOf = async (groupId: number) => (await listPacks(db, 7)).find((p) => p.groupId === groupId)

test('pack commands are told apart from other worker messages', () => {
  expect(isPackCommand({ type: 'PACK_DOWNLOAD', userId: 7, group: yoruba, token: TOKEN_7 })).toBe(true)
  expect(isPackCommand({ type: 'PACKS_REFRESH', userId: 7, token: TOKEN_7 })).toBe(true)
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
    { type: 'PACKS_REFRESH', userId: 7, token: TOKEN_8 },
  ]
  await putPack(yoruba, { updatedAt: NOW - PACK_REFRESH_MS - 1 })
  for (const command of commands) await runPackCommand(command, deps())
  expect(calls).toEqual([])
  expect(broadcasts).toEqual([])
  expect(await listPacks(db, 8)).toEqual([])
  expect((await packOf(1))?.updatedAt).toBe(NOW - PACK_REFRESH_MS - 1)
})

test('a download for the owner runs with their token and tells every page as it goes', async () => {
  await runPackCommand({ type: 'PACK_DOWNLOAD', userId: 7, group: yoruba, token: TOKEN_7 }, deps())

  expect(calls.map((c) => c.url)).toEqual([
    '/api/proverbs/proverbs_logged/1/?page=1&size=100',
    '/img/yoruba-scroll.avif',
    '/img/yoruba-scroll.jpeg',
  ])
  expect(calls[0].authorization).toBe(`Bearer ${TOKEN_7}`)
  expect(await packOf(1)).toMatchObject({ status: 'ready', done: 5, total: 5, updatedAt: NOW, error: null })
  expect(cachedImages).toEqual(['/img/yoruba-scroll.avif', '/img/yoruba-scroll.jpeg'])
  // Started, one page stored, ready.
  expect(broadcasts).toEqual([
    { type: 'packs-changed', userId: 7, groupId: 1 },
    { type: 'packs-changed', userId: 7, groupId: 1 },
    { type: 'packs-changed', userId: 7, groupId: 1 },
  ])
})

test('a refresh downloads only the stale and unfinished packs', async () => {
  await saveGroups(db, [yoruba, igbo], NOW - PACK_REFRESH_MS)
  await putPack(yoruba, { updatedAt: NOW - PACK_REFRESH_MS - 60_000 })
  await putPack(igbo, { updatedAt: NOW - 60 * 60_000 })
  // Hausa's group record is not on the device: its pack alone says what to download.
  await putPack(hausa, { status: 'failed', updatedAt: null, error: 'Failed to fetch' })

  await runPackCommand({ type: 'PACKS_REFRESH', userId: 7, token: TOKEN_7 }, deps())

  expect(calls.map((c) => c.url)).toEqual([
    '/api/proverbs/proverbs_logged/1/?page=1&size=100',
    '/img/yoruba-scroll.avif',
    '/img/yoruba-scroll.jpeg',
    '/api/proverbs/proverbs_logged/3/?page=1&size=100',
  ])
  expect(calls.every((c) => c.url.startsWith('/img/') || c.authorization === `Bearer ${TOKEN_7}`)).toBe(true)
  expect(await packOf(1)).toMatchObject({ status: 'ready', updatedAt: NOW })
  expect(await packOf(2)).toMatchObject({ status: 'ready', updatedAt: NOW - 60 * 60_000 })
  expect(await packOf(3)).toMatchObject({ status: 'ready', updatedAt: NOW, error: null, groupSlug: 'hausa', done: 1 })
  expect(new Set(broadcasts.map((b) => b.groupId))).toEqual(new Set([1, 3]))
})

test('a refresh with nothing due downloads nothing', async () => {
  await putPack(yoruba, { updatedAt: NOW - 60_000 })
  await runPackCommand({ type: 'PACKS_REFRESH', userId: 7, token: TOKEN_7 }, deps())
  expect(calls).toEqual([])
  expect(broadcasts).toEqual([])
})
