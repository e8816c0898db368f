import { afterAll, beforeAll, expect, test } from 'vitest'
import { corpusRows } from '../../server/src/db/seed/corpus'
import type { Category, EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Faq } from '../../src/core/community/contract'
import type { Paginated } from '../../src/core/http/contract'
import type { Plan } from '../../src/core/payments/contract'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({}, () => new Date('2026-11-21T12:00:00Z'))
})
afterAll(() => ctx.close())

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers })
  return { status: res.statusCode, headers: res.headers, body: res.body ? (JSON.parse(res.body) as T) : (undefined as T) }
}

const SLUGS = ['yoruba', 'igbo', 'hausa', 'akan', 'kiswahili', 'zulu', 'amharic', 'afan-oromo']

test('GET /api/proverbs/ethnic/public?q=all lists the eight groups with id, name, slug, language and scroll image', async () => {
  const { status, body } = await get<{ data: EthnicGroup[] }>('/api/proverbs/ethnic/public?q=all')
  expect(status).toBe(200)
  expect(body.data.map((g) => g.slug)).toEqual(SLUGS)
  for (const group of body.data) {
    expect(group).toMatchObject({ id: expect.any(Number), name: expect.any(String), language: expect.any(String) })
    expect(group.image).toBe(`/img/${group.slug}-scroll.jpeg`)
    // Every proverb of the group's corpus file is seeded, and nothing else.
    expect(group.proverbCount).toBe(corpusRows().filter((row) => row.language === group.slug).length)
  }
  expect(body.data.find((g) => g.slug === 'afan-oromo')?.language).toBe('Afaan Oromo')
})

test('the groups call accepts one group by slug and refuses an unknown one', async () => {
  const one = await get<{ data: EthnicGroup[] }>('/api/proverbs/ethnic/public?q=zulu')
  expect(one.body.data).toHaveLength(1)
  expect(one.body.data[0].name).toBe('Zulu')
  const bad = await get<{ error: { code: string; message: string } }>('/api/proverbs/ethnic/public?q=atlantis')
  expect(bad.status).toBe(400)
  expect(bad.body.error.message).toContain('Unknown ethnic group')
})

test('GET /api/proverbs/category/public returns a page whose content is every category', async () => {
  const { status, body } = await get<{ data: { content: Category[]; totalElements: number } }>('/api/proverbs/category/public')
  expect(status).toBe(200)
  expect(body.data.content.length).toBeGreaterThanOrEqual(12)
  expect(body.data.totalElements).toBe(body.data.content.length)
  expect(body.data.content.map((c) => c.name)).toContain('Wisdom')
  expect(body.data.content.every((c) => c.proverbCount > 0)).toBe(true)
})

test('GET /api/packages/ lists plans with id, name, amount, noOfEthnics and description', async () => {
  const { status, body } = await get<{ data: Plan[] }>('/api/packages/')
  expect(status).toBe(200)
  expect(body.data.map((p) => [p.name, p.noOfEthnics])).toEqual([
    ['Free', 1],
    ['Bronze', 1],
    ['Silver', 2],
    ['Gold', 4],
    ['Platinum', 8],
  ])
  for (const plan of body.data) {
    expect(Object.keys(plan).sort()).toEqual(['amount', 'description', 'id', 'name', 'noOfEthnics'])
    expect(typeof plan.amount).toBe('number')
  }
})

test('GET /api/faq/ answers without authentication and has at least 8 entries', async () => {
  const { status, body } = await get<{ data: Faq[] }>('/api/faq/')
  expect(status).toBe(200)
  expect(body.data.length).toBeGreaterThanOrEqual(8)
  expect(body.data[0]).toEqual({ id: expect.any(Number), question: expect.any(String), answer: expect.any(String) })
})

test('the proverb list pages through every proverb with the paginated envelope', async () => {
  const first = await get<Paginated<Proverb>>('/api/proverbs/public?page=1&size=25')
  expect(first.status).toBe(200)
  expect(first.body).toMatchObject({ page: 1, size: 25 })
  expect(first.body.data).toHaveLength(25)
  expect(first.body.totalElements).toBeGreaterThanOrEqual(400)
  expect(first.body.totalPages).toBe(Math.ceil(first.body.totalElements / 25))
  const last = await get<Paginated<Proverb>>(`/api/proverbs/public?page=${first.body.totalPages}&size=25`)
  expect(last.body.data.length).toBe(first.body.totalElements - 25 * (first.body.totalPages - 1))
  const beyond = await get<Paginated<Proverb>>(`/api/proverbs/public?page=${first.body.totalPages + 1}&size=25`)
  expect(beyond.body.data).toEqual([])
  const p = first.body.data[0]
  expect(p).toMatchObject({ ethnic: { slug: 'yoruba' }, image: '/img/yoruba-scroll.jpeg' })
  expect(p.categories.length).toBeGreaterThanOrEqual(1)
  expect(p.categories.length).toBeLessThanOrEqual(3)
})

test('filters by group and category, by slug or by id', async () => {
  const bySlug = await get<Paginated<Proverb>>('/api/proverbs/public?ethnic=amharic&size=100')
  expect(bySlug.body.data.length).toBeGreaterThanOrEqual(50)
  expect(bySlug.body.data.every((p) => p.ethnic.slug === 'amharic')).toBe(true)
  const id = bySlug.body.data[0].ethnic.id
  const byId = await get<Paginated<Proverb>>(`/api/proverbs/public?ethnic=${id}&size=100`)
  expect(byId.body.totalElements).toBe(bySlug.body.totalElements)

  const both = await get<Paginated<Proverb>>('/api/proverbs/public?ethnic=yoruba&category=wisdom&size=100')
  expect(both.body.totalElements).toBeGreaterThan(0)
  expect(both.body.data.every((p) => p.ethnic.slug === 'yoruba' && p.categories.some((c) => c.slug === 'wisdom'))).toBe(true)
})

test('bad paging and unknown filters get a 400 with a message', async () => {
  for (const query of ['page=0', 'page=-1', 'page=abc', 'size=0', 'size=101', 'size=1.5', 'page=1&page=2']) {
    const res = await get<{ error: { code: string; message: string } }>(`/api/proverbs/public?${query}`)
    expect(res.status, query).toBe(400)
    expect(res.body.error.code).toBe('bad_request')
    expect(res.body.error.message.length).toBeGreaterThan(0)
  }
  const group = await get<{ error: { fields: Record<string, string> } }>('/api/proverbs/public?ethnic=999999')
  expect(group.status).toBe(400)
  expect(group.body.error.fields).toEqual({ ethnic: 'Unknown ethnic group' })
  const category = await get<{ error: { fields: Record<string, string> } }>('/api/proverbs/public?category=gossip')
  expect(category.status).toBe(400)
  expect(category.body.error.fields).toEqual({ category: 'Unknown category' })
})

test('one proverb by id or by slug; an unknown one is a 404', async () => {
  const list = await get<Paginated<Proverb>>('/api/proverbs/public?ethnic=igbo&size=1')
  const proverb = list.body.data[0]
  const byId = await get<{ data: Proverb }>(`/api/proverbs/public/${proverb.id}`)
  expect(byId.status).toBe(200)
  expect(byId.body.data).toEqual(proverb)
  const bySlug = await get<{ data: Proverb }>(`/api/proverbs/public/${proverb.slug}`)
  expect(bySlug.body.data.id).toBe(proverb.id)
  const missing = await get<{ error: { code: string } }>('/api/proverbs/public/999999')
  expect(missing.status).toBe(404)
  expect(missing.body.error.code).toBe('not_found')
  const junk = await get<{ error: { code: string } }>('/api/proverbs/public/%F0%9F%A6%81%27%3B--')
  expect(junk.status).toBe(404)
})

test("today's proverbs: one per group, the same all day, and another pick on another day", async () => {
  const a = await get<{ data: Proverb[] }>('/api/proverbs/today?date=2026-11-21')
  expect(a.status).toBe(200)
  expect(a.body.data.map((p) => p.ethnic.slug)).toEqual(SLUGS)
  const again = await get<{ data: Proverb[] }>('/api/proverbs/today?date=2026-11-21')
  expect(again.body.data.map((p) => p.id)).toEqual(a.body.data.map((p) => p.id))
  const byDefault = await get<{ data: Proverb[] }>('/api/proverbs/today')
  expect(byDefault.body.data.map((p) => p.id)).toEqual(a.body.data.map((p) => p.id))
  const next = await get<{ data: Proverb[] }>('/api/proverbs/today?date=2026-11-22')
  expect(next.body.data.map((p) => p.id)).not.toEqual(a.body.data.map((p) => p.id))
  const bad = await get<{ error: { message: string } }>('/api/proverbs/today?date=2026-02-30')
  expect(bad.status).toBe(400)
  expect(bad.body.error.message).toContain('YYYY-MM-DD')
})

test('trending puts the most liked first and rotates daily while nobody has liked anything', async () => {
  const before = await get<{ data: Proverb[] }>('/api/proverbs/trending/public?limit=8&date=2026-11-21')
  expect(before.body.data).toHaveLength(8)
  expect(new Set(before.body.data.map((p) => p.ethnic.slug)).size).toBeGreaterThan(1)
  const otherDay = await get<{ data: Proverb[] }>('/api/proverbs/trending/public?limit=8&date=2026-11-22')
  expect(otherDay.body.data.map((p) => p.id)).not.toEqual(before.body.data.map((p) => p.id))

  const target = before.body.data[5]
  await ctx.database.db.execute(`update proverbs set likes = 3 where id = ${target.id}`)
  const after = await get<{ data: Proverb[] }>('/api/proverbs/trending/public?limit=8&date=2026-11-21')
  expect(after.body.data[0]).toMatchObject({ id: target.id, likes: 3 })
  expect((await get('/api/proverbs/trending/public?limit=51')).status).toBe(400)
})

test('corpus responses carry an ETag and Cache-Control, and a repeat request costs a 304', async () => {
  for (const url of ['/api/proverbs/public?q=omo', '/api/proverbs/ethnic/public?q=all', '/api/packages/', '/api/faq/']) {
    const first = await ctx.app.inject({ url })
    expect(first.headers.etag, url).toMatch(/^W\/".+"$/)
    expect(first.headers['cache-control']).toBe('public, no-cache')
    const repeat = await ctx.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } })
    expect(repeat.statusCode, url).toBe(304)
    expect(repeat.body).toBe('')
  }
})

test('unknown API paths and methods get a JSON 404, never the app shell', async () => {
  const res = await ctx.app.inject({ url: '/api/nothing-here' })
  expect(res.statusCode).toBe(404)
  expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint: GET /api/nothing-here' } })
  const post = await ctx.app.inject({ method: 'POST', url: '/api/proverbs/public', payload: {} })
  expect(post.statusCode).toBe(404)
})

test('every response says where content may come from', async () => {
  const res = await ctx.app.inject({ url: '/api/faq/' })
  expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  expect(res.headers['x-content-type-options']).toBe('nosniff')
})

test('corpus responses are compressed when the client accepts it, and decode to the same body', async () => {
  const { gunzipSync, brotliDecompressSync } = await import('node:zlib')
  const url = '/api/proverbs/public?size=20'
  const plain = await ctx.app.inject({ url })
  expect(plain.headers['content-encoding']).toBeUndefined()
  const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
  expect(br.headers['content-encoding']).toBe('br')
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body)
  const gzip = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
  expect(gzip.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)
  expect(gzip.headers.etag).toBe(plain.headers.etag)
})

test('ids beyond the integer range and control characters get a 4xx, never a 500', async () => {
  expect((await ctx.app.inject({ url: '/api/proverbs/public/2147483648' })).statusCode).toBe(404)
  expect((await ctx.app.inject({ url: '/api/proverbs/public/99999999999999999999' })).statusCode).toBe(404)
  expect((await ctx.app.inject({ url: '/api/proverbs/public/%00' })).statusCode).toBe(404)
  for (const query of ['ethnic=99999999999', 'category=99999999999', 'ethnic=%00', 'category=%00', 'q=%00']) {
    const res = await ctx.app.inject({ url: `/api/proverbs/public?${query}` })
    expect(res.statusCode, query).toBe(400)
    expect(res.json().error.message, query).toMatch(/Unknown|control characters/)
  }
})

test('a malformed address gets the error envelope', async () => {
  const res = await ctx.app.inject({ url: '/api/proverbs/public/%E0%A4%A' })
  expect(res.statusCode).toBe(400)
  expect(res.json()).toEqual({
    error: { code: 'bad_request', message: 'The address is not valid (it may contain broken percent-encoding).' },
  })
})

test('If-None-Match: * is a match, and a refused coding is not used', async () => {
  const url = '/api/proverbs/public?size=20'
  expect((await ctx.app.inject({ url, headers: { 'if-none-match': '*' } })).statusCode).toBe(304)
  const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } })
  expect(res.headers['content-encoding']).toBe('gzip')
  const none = await ctx.app.inject({ url, headers: { 'accept-encoding': 'identity' } })
  expect(none.headers['content-encoding']).toBeUndefined()
})

test('missing files are a 404, never the app shell', async () => {
  for (const url of ['/assets/gone-1234.js', '/img/atlantis-scroll.jpeg', '/icons/none.png', '/robots.txt.bak']) {
    const res = await ctx.app.inject({ url })
    expect(res.statusCode, url).toBe(404)
    expect(res.body).toBe('Not found')
  }
  expect((await ctx.app.inject({ url: '/api' })).json().error.code).toBe('not_found')
})

test('the exchange rate is the spec’s 1000 naira per dollar unless configured', async () => {
  const res = await ctx.app.inject({ url: '/api/payments/exchange-rate' })
  expect(res.json()).toEqual({ data: { base: 'USD', rates: { USD: 1, NGN: 1000 } } })
  const configured = await createTestApp({ OWE_NAIRA_PER_DOLLAR: '1550' })
  try {
    const rate = await configured.app.inject({ url: '/api/payments/exchange-rate' })
    expect(rate.json().data.rates.NGN).toBe(1550)
  } finally {
    await configured.close()
  }
})
