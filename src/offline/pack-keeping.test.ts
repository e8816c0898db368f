import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { EthnicGroup, PackSize, Proverb } from '../core/proverbs/contract'
import { keepPlanPacks, planKeeping, runPackCommand, type KeepPlan } from './pack-keeping'
import { listPacks, type PackDeps } from './packs'
import type { OfflineDb, PackRecord } from './schema'
import { removeUserData, saveProverbs, setOwner, tokenDigest } from './store'
import { freshDb, hausa, igbo, onye, readyPack, suuru, yoruba, yorubaProverbs, zomo } from './test-fixtures'

const NOW = Date.UTC(2026, 11, 7, 9)
const TOKEN = 'token-of-7'

let db: OfflineDb
let changes: PackRecord[]

beforeEach(async () => {
  db = await freshDb()
  changes = []
  await setOwner(db, { userId: 7, tokenDigest: await tokenDigest(TOKEN) })
})

afterEach(() => {
  db.close()
})

const sizeOf = (group: EthnicGroup, version: string, proverbs = group.proverbCount): PackSize => ({
  groupId: group.id,
  proverbs,
  bytes: 4000,
  version,
  group,
})

// ------------------------------------------------------------------------------------------ planKeeping (pure)

test('keeping the plan downloads its peoples the device lacks, refreshes those of another version and removes the rest', () => {
  const plan = [sizeOf(yoruba, 'y2'), sizeOf(igbo, 'i1'), sizeOf(hausa, 'h1')]
  const packs = [
    readyPack(7, yoruba, { version: 'y1' }),
    readyPack(7, igbo, { version: 'i1' }),
    readyPack(7, { ...zomo.ethnic, language: 'Swahili', image: null, proverbCount: 1 } as EthnicGroup, { groupId: 5 }),
  ]
  const decided = planKeeping(plan, packs, { download: true, declined: [] })
  expect(decided.remove.map((p) => p.groupId)).toEqual([5])
  expect(decided.download.map(({ size, pack }) => [size.groupId, pack?.version ?? null])).toEqual([
    [yoruba.id, 'y1'],
    [hausa.id, null],
  ])
})

test('a pack cut short, one that failed and one whose last refresh failed are downloaded again', () => {
  const plan = [sizeOf(yoruba, 'v'), sizeOf(igbo, 'v'), sizeOf(hausa, 'v')]
  const packs = [
    readyPack(7, yoruba, { version: 'v', status: 'downloading' }),
    readyPack(7, igbo, { version: null, status: 'failed', updatedAt: null, error: 'Failed to fetch' }),
    readyPack(7, hausa, { version: 'v', error: 'Failed to fetch' }),
  ]
  expect(planKeeping(plan, packs, { download: true, declined: [] }).download.map(({ size }) => size.groupId)).toEqual([1, 2, 3])
})

test('a people the reader removed is not kept again, but a pack they kept is refreshed', () => {
  const plan = [sizeOf(yoruba, 'y2'), sizeOf(igbo, 'i1')]
  const packs = [readyPack(7, yoruba, { version: 'y1' })]
  const decided = planKeeping(plan, packs, { download: true, declined: [yoruba.id, igbo.id] })
  expect(decided.download.map(({ size }) => size.groupId)).toEqual([yoruba.id])
})

test('without downloads (a metered connection the reader has not agreed to) a round only removes', () => {
  const plan = [sizeOf(igbo, 'i1')]
  const packs = [readyPack(7, yoruba, { version: 'y1' })]
  expect(planKeeping(plan, packs, { download: false, declined: [] })).toEqual({ remove: packs, download: [] })
})

test('the worker on its own refreshes what is kept and adds nothing', () => {
  const plan = [sizeOf(yoruba, 'y2'), sizeOf(igbo, 'i1')]
  const packs = [readyPack(7, yoruba, { version: 'y1' })]
  const decided = planKeeping(plan, packs, { download: true, declined: [], keptOnly: true })
  expect(decided.download.map(({ size }) => size.groupId)).toEqual([yoruba.id])
})

// ---------------------------------------------------------------------------------------- a round, end to end

/** The server as a round sees it: the plan's packs and each people's proverbs on one page, with its validator. */
function fakeServer(corpus: Record<number, Proverb[]>, plan: EthnicGroup[]) {
  const server = {
    corpus,
    plan,
    status: 200,
    calls: [] as { url: string; ifNoneMatch: string | null; authorization: string | null }[],
  }
  const tagOf = (proverbs: Proverb[]) => `W/"${proverbs.map((p) => `${p.id}-${p.transliteration.length}`).join('.')}"`
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const headers = new Headers(init?.headers)
    server.calls.push({ url, ifNoneMatch: headers.get('If-None-Match'), authorization: headers.get('Authorization') })
    if (url.startsWith('/img/')) return new Response(new Uint8Array(1000), { headers: { 'Content-Type': 'image/jpeg' } })
    if (server.status !== 200) return Response.json({ error: { code: 'unavailable', message: 'Down.' } }, { status: server.status })
    if (url === '/api/proverbs/pack-sizes') {
      const data = server.plan.map((group) => sizeOf(group, tagOf(server.corpus[group.id]), server.corpus[group.id].length))
      return Response.json({ data })
    }
    const data = server.corpus[Number(/proverbs_logged\/(\d+)\//.exec(url)?.[1])] ?? []
    const etag = tagOf(data)
    if (headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers: { ETag: etag } })
    return Response.json({ data, page: 1, size: 100, totalPages: 1, totalElements: data.length }, { headers: { ETag: etag } })
  }
  return { server, fetch }
}

const depsWith = (fetch: typeof globalThis.fetch): PackDeps => ({
  db,
  fetch,
  caches: undefined,
  now: () => NOW,
  onChange: (pack) => changes.push(pack),
})

const keep = (fetch: typeof globalThis.fetch, choice = { download: true, declined: [] as number[] }, onStart?: (plan: KeepPlan) => void) =>
  keepPlanPacks(depsWith(fetch), { userId: 7, token: TOKEN, ...choice }, onStart)

test('a round keeps the plan’s peoples; the next, with nothing changed, asks the server one question and downloads nothing', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs, 2: [onye] }, [yoruba, igbo])
  let started: number[] = []
  const outcome = await keep(fetch, undefined, (plan) => (started = plan.download.map(({ size }) => size.groupId)))
  expect(started).toEqual([1, 2])
  expect(outcome.failed).toBe(false)
  expect(server.calls.every((c) => c.authorization === `Bearer ${TOKEN}`)).toBe(true)
  const packs = await listPacks(db, 7)
  expect(packs.map((p) => [p.groupId, p.status, p.origin, p.done])).toEqual([
    [1, 'ready', 'plan', 5],
    [2, 'ready', 'plan', 1],
  ])

  server.calls = []
  expect((await keep(fetch)).download).toEqual([])
  expect(server.calls.map((c) => c.url)).toEqual(['/api/proverbs/pack-sizes'])
})

test('a correction accepted refreshes that people’s pack alone, sending back its validator', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs, 2: [onye] }, [yoruba, igbo])
  await keep(fetch)
  server.calls = []
  server.corpus[1] = yorubaProverbs.map((p) =>
    p.id === suuru.id ? { ...p, transliteration: 'Patience is the father of good character.' } : p,
  )

  await keep(fetch)
  expect(server.calls.map((c) => [c.url, c.ifNoneMatch !== null])).toEqual([
    ['/api/proverbs/pack-sizes', false],
    ['/api/proverbs/proverbs_logged/1/?page=1&size=100', true],
  ])
  expect((await db.get('proverbs', suuru.id))?.proverb.transliteration).toBe('Patience is the father of good character.')
  // A pack that was refreshed keeps its reason for being here.
  expect((await listPacks(db, 7)).map((p) => p.origin)).toEqual(['plan', 'plan'])
})

test('a people the plan no longer has leaves the device with what only its pack held', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs, 2: [onye], 3: [zomo] }, [yoruba, igbo])
  await saveProverbs(db, [onye], NOW - 1000)
  await keep(fetch)
  server.plan = [yoruba]
  changes = []

  await keep(fetch)
  expect((await listPacks(db, 7)).map((p) => p.groupId)).toEqual([1])
  expect(changes.map((p) => p.groupId)).toEqual([2])
  // Read while browsing, it stays.
  expect(await db.get('proverbs', onye.id)).toMatchObject({ packs: [], browsed: true })
})

test('when the plan cannot be asked for (a 5xx, no network), nothing on the device changes', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs }, [yoruba])
  await db.put('packs', readyPack(7, igbo, { version: 'old' }))
  server.status = 503
  expect(await keep(fetch)).toEqual({ remove: [], download: [], failed: true })
  expect((await listPacks(db, 7)).map((p) => p.groupId)).toEqual([igbo.id])
  expect(server.calls).toHaveLength(1)

  const unreachable = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch
  expect(await keep(unreachable)).toEqual({ remove: [], download: [], failed: true })
  expect((await listPacks(db, 7)).map((p) => p.groupId)).toEqual([igbo.id])
})

test('a command runs for the device’s owner only; a pack kept by hand is the reader’s', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs, 2: [onye] }, [yoruba, igbo])
  const deps = depsWith(fetch)
  expect(await runPackCommand({ type: 'KEEP_PACKS', userId: 7, token: 'someone-else', download: true, declined: [] }, deps)).toBeUndefined()
  expect(await runPackCommand({ type: 'KEEP_PACKS', userId: 8, token: TOKEN, download: true, declined: [] }, deps)).toBeUndefined()
  expect(server.calls).toEqual([])

  await runPackCommand({ type: 'PACK_DOWNLOAD', userId: 7, group: igbo, token: TOKEN }, deps)
  const outcome = await runPackCommand({ type: 'KEEP_PACKS', userId: 7, token: TOKEN, download: true, declined: [] }, deps)
  expect(outcome?.download.map(({ size }) => size.groupId)).toEqual([yoruba.id, igbo.id])
  expect((await listPacks(db, 7)).map((p) => [p.groupId, p.origin])).toEqual([
    [1, 'plan'],
    [2, 'reader'],
  ])
})

test('signing out in the middle of a round keeps nothing more for the reader', async () => {
  const { server, fetch } = fakeServer({ 1: yorubaProverbs, 2: [onye] }, [yoruba, igbo])
  // The first people's page is held until the reader has signed out.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked = false
  const held: typeof globalThis.fetch = async (input, init) => {
    if (String(input).includes('proverbs_logged/1/')) {
      asked = true
      await released
    }
    return fetch(input, init)
  }
  const round = keep(held)
  await vi.waitFor(() => expect(asked).toBe(true))
  await removeUserData(db, 7)
  release()
  await round
  expect(await listPacks(db, 7)).toEqual([])
  expect(server.calls.filter((c) => c.url.includes('proverbs_logged/2/'))).toEqual([])
  expect(await db.count('proverbs')).toBe(0)
})
