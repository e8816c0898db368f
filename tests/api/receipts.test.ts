import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { proverbCorrections, requestReceipts, suggestions } from '../../server/src/db/schema'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import { CORRECTION_TEXTS } from '../../src/core/community/corrections'
import { API } from '../../src/core/http/api-paths'
import type { Proverb } from '../../src/core/proverbs/contract'
import { call, get, memberOf, nextClient, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// Requests a device sends from its queues (src/offline/queue.ts) may arrive more than once: a resend after an answer
// was lost. Each carries its own Idempotency-Key, and the server applies it once (server/src/http/receipts.ts).

const clock = testClock('2026-12-07T09:00:00Z')
let ctx: Awaited<ReturnType<typeof createTestApp>>
let proverbs: Proverb[]
beforeAll(async () => {
  ctx = await createTestApp({ OWE_COMMUNITY_RATE_LIMIT: '2', OWE_LIKE_RATE_LIMIT: '3' }, clock.now)
  proverbs = (await get(ctx.app, '/api/proverbs/public?ethnic=akan&size=10')).body.data
})
afterAll(() => ctx.close())

type Method = 'PUT' | 'DELETE' | 'POST'
const once = (
  method: Method,
  url: string,
  key: string,
  { token, payload, address }: { token?: string; payload?: unknown; address?: string } = {},
) => call(ctx.app, method, url, { token, payload, remoteAddress: address, headers: { 'idempotency-key': key } })
const marks = async (token: string) => (await get(ctx.app, API.marks, token)).body.data as { favourites: number[]; likes: number[] }
const likesOf = async (id: number) => ((await get(ctx.app, API.proverbPublic(id))).body.data as Proverb).likes

test('favourite, unfavourite, favourite again: each key applied once, so an old one arriving again undoes nothing', async () => {
  const reader = await memberOf(ctx.app, ctx.database.db)
  const id = proverbs[0].id
  const [on, off, onAgain] = [randomUUID(), randomUUID(), randomUUID()]
  expect(await once('PUT', API.favourite(id), on, { token: reader.token })).toMatchObject({
    status: 200,
    body: { data: { favourite: true } },
  })
  expect((await once('DELETE', API.favourite(id), off, { token: reader.token })).status).toBe(200)
  expect((await once('PUT', API.favourite(id), onAgain, { token: reader.token })).status).toBe(200)
  // The unfavourite's answer was lost on the way: the device sends it again after the later favourite.
  const replay = await once('DELETE', API.favourite(id), off, { token: reader.token })
  expect(replay).toMatchObject({ status: 200, body: { data: { proverbId: id, favourite: false } } })
  expect((await marks(reader.token)).favourites).toEqual([id])
})

test('a like sent again is counted once and spends none of the reader’s limit', async () => {
  const reader = await memberOf(ctx.app, ctx.database.db)
  const id = proverbs[1].id
  const before = await likesOf(id)
  const key = randomUUID()
  for (let i = 0; i < 5; i++) {
    expect(await once('PUT', API.like(id), key, { token: reader.token })).toMatchObject({
      status: 200,
      body: { data: { proverbId: id, liked: true, likes: before + 1 } },
    })
  }
  expect(await likesOf(id)).toBe(before + 1)
  expect((await marks(reader.token)).likes).toEqual([id])
  // Three likes a minute here: two new ones still fit after five sends of the first.
  expect((await once('DELETE', API.like(id), randomUUID(), { token: reader.token })).status).toBe(200)
  expect((await once('PUT', API.like(id), randomUUID(), { token: reader.token })).status).toBe(200)
  expect((await once('DELETE', API.like(id), randomUUID(), { token: reader.token })).status).toBe(429)
})

test('a key is the sender’s own: another reader’s same key is their own request, and the key on another request is a 422', async () => {
  const [ada, kofi] = [await memberOf(ctx.app, ctx.database.db), await memberOf(ctx.app, ctx.database.db)]
  const id = proverbs[2].id
  const key = randomUUID()
  expect((await once('PUT', API.favourite(id), key, { token: ada.token })).status).toBe(200)
  expect((await once('PUT', API.favourite(id), key, { token: kofi.token })).status).toBe(200)
  expect((await marks(kofi.token)).favourites).toEqual([id])
  const reused = await once('PUT', API.favourite(proverbs[3].id), key, { token: ada.token })
  expect(reused.status).toBe(422)
  expect(reused.body.error.code).toBe('idempotency_key_reused')
  expect((await marks(ada.token)).favourites).toEqual([id])
  const malformed = await call(ctx.app, 'PUT', API.favourite(id), { token: ada.token, headers: { 'idempotency-key': 'a key with spaces' } })
  expect(malformed.status).toBe(400)
  expect(malformed.body.error.message).toMatch(/Idempotency-Key/)
})

test('the same key twice at once is applied once and both are answered alike', async () => {
  const reader = await memberOf(ctx.app, ctx.database.db)
  const id = proverbs[4].id
  const before = await likesOf(id)
  const key = randomUUID()
  const [a, b] = await Promise.all([
    once('PUT', API.like(id), key, { token: reader.token }),
    once('PUT', API.like(id), key, { token: reader.token }),
  ])
  expect([a.status, b.status]).toEqual([200, 200])
  expect(a.body).toEqual(b.body)
  expect(await likesOf(id)).toBe(before + 1)
})

const suggestion = (proverb: string) => ({
  email: 'ama@example.com',
  name: 'Ama Owusu',
  ethnic: 'Akan',
  language: 'Twi',
  suggestedCategory: 'Wisdom',
  suggestedProverb: proverb,
  suggestedEnglishTransliteration: 'A literal rendering',
  suggestedEnglishInterpretation: 'What it means',
})

test('a visitor’s suggestion sent three times under one key is kept once, thanked each time, within the limit', async () => {
  const address = nextClient()
  const text = 'Obi nkyerɛ abofra Nyame (a test of sending again)'
  const key = randomUUID()
  for (let i = 0; i < 3; i++) {
    expect(await once('POST', API.suggestProverb, key, { payload: suggestion(text), address })).toMatchObject({
      status: 201,
      body: { data: { message: COMMUNITY_TEXTS.suggestionThanks, duplicate: false } },
    })
  }
  expect(await ctx.database.db.select().from(suggestions).where(eq(suggestions.suggestedProverb, text))).toHaveLength(1)
  const [receipt] = await ctx.database.db.select().from(requestReceipts).where(eq(requestReceipts.key, key))
  expect(receipt).toMatchObject({ scope: 'visitor', request: 'suggestion', status: 201 })
  // The limit (two an hour here) counted the first only: one more new suggestion fits, the next is refused.
  expect((await once('POST', API.suggestProverb, randomUUID(), { payload: suggestion(`${text} 2`), address })).status).toBe(201)
  expect((await once('POST', API.suggestProverb, randomUUID(), { payload: suggestion(`${text} 3`), address })).status).toBe(429)
})

test('a refused suggestion keeps no receipt: corrected and sent again under the same key, it is taken', async () => {
  const key = randomUUID()
  const refused = await once('POST', API.suggestProverb, key, { payload: { ...suggestion(''), suggestedProverb: '' } })
  expect(refused.status).toBe(400)
  expect(await ctx.database.db.select().from(requestReceipts).where(eq(requestReceipts.key, key))).toEqual([])
  expect((await once('POST', API.suggestProverb, key, { payload: suggestion('Tikoro nkɔ agyina (sent again)') })).status).toBe(201)
})

test('a signed-in reader’s correction sent again is kept once, under their name', async () => {
  const reader = await memberOf(ctx.app, ctx.database.db)
  const target = proverbs[5]
  const key = randomUUID()
  const body = {
    email: reader.user.email,
    name: 'A reader',
    proverb: target.proverb,
    transliteration: `${target.transliteration} (word for word)`,
    interpretation: target.interpretation,
    source: '',
    note: 'Sent from a bus.',
  }
  for (let i = 0; i < 2; i++) {
    expect(await once('POST', API.proverbCorrections(target.slug), key, { token: reader.token, payload: body })).toMatchObject({
      status: 201,
      body: { data: { message: CORRECTION_TEXTS.thanks } },
    })
  }
  const kept = await ctx.database.db.select().from(proverbCorrections).where(eq(proverbCorrections.proverbId, target.id))
  expect(kept.map((row) => row.userId)).toEqual([reader.user.id])
  // The same key on a correction of another proverb is another request.
  expect((await once('POST', API.proverbCorrections(proverbs[6].slug), key, { token: reader.token, payload: body })).status).toBe(422)
})
