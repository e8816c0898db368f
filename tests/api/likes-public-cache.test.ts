import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Paginated } from '../../src/core/http/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { del, get, memberOf, put, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  // Public answers are reused for ten minutes here, as a busy server would.
  ctx = await createTestApp({ OWE_CORPUS_CACHE_MS: '600000' }, clock.now)
})
afterAll(() => ctx.close())

const publicProverb = async (idOrSlug: number | string): Promise<Proverb> =>
  (await get(ctx.app, `/api/proverbs/public/${idOrSlug}`)).body.data
const inList = async (id: number) =>
  ((await get(ctx.app, '/api/proverbs/public?ethnic=igbo&size=50')).body as Paginated<Proverb>).data.find((p) => p.id === id)!

test('a like shows in the public answers at once, though they are reused for a while: the proverb, by slug and id, and its list', async () => {
  const [proverb] = ((await get(ctx.app, '/api/proverbs/public?ethnic=igbo&size=50')).body as Paginated<Proverb>).data
  expect(proverb.likes).toBe(0)
  expect((await publicProverb(proverb.slug)).likes).toBe(0)
  expect((await publicProverb(proverb.id)).likes).toBe(0)
  const reader = await memberOf(ctx.app, ctx.database.db)

  expect((await put(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)).body.data.likes).toBe(1)
  expect((await publicProverb(proverb.slug)).likes).toBe(1)
  expect((await publicProverb(proverb.id)).likes).toBe(1)
  expect((await inList(proverb.id)).likes).toBe(1)

  expect((await del(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)).body.data.likes).toBe(0)
  expect((await publicProverb(proverb.slug)).likes).toBe(0)
  expect((await inList(proverb.id)).likes).toBe(0)
})

test('a reader liking and unliking in a loop is stopped at 60 a minute with 429 and Retry-After, and the count stays right', async () => {
  const [proverb] = ((await get(ctx.app, '/api/proverbs/public?ethnic=yoruba&size=1')).body as Paginated<Proverb>).data
  const reader = await memberOf(ctx.app, ctx.database.db)
  for (let i = 0; i < 30; i++) {
    expect((await put(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)).status).toBe(200)
    expect((await del(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)).status).toBe(200)
  }
  const refused = await put(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)
  expect(refused.status).toBe(429)
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect((await publicProverb(proverb.id)).likes).toBe(0)

  clock.advance(60_000)
  expect((await put(ctx.app, `/api/proverbs/likes/${proverb.id}`, reader.token)).body.data.likes).toBe(1)
})
