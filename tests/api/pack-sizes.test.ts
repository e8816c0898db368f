import { eq, sql } from 'drizzle-orm'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { proverbs } from '../../server/src/db/schema'
import type { AdminCorrection } from '../../src/core/admin/contract'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import { PAGE_SIZE_MAX } from '../../src/core/shared/constants'
import type { EthnicGroup, PackSize, Proverb } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import { adminOf, call, get, groupsBySlug, memberOf, plansByName, post } from '../support/accounts'
import { payWithTestMode } from '../support/payments'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  // A long public cache, as in production: a change an admin makes must reach the packs' versions at once all the same.
  ctx = await createTestApp({ OWE_CORPUS_CACHE_MS: '600000' })
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
})
afterAll(() => ctx.close())

/** What the device's download stores for a people: the bytes of every page it fetches. */
async function downloadedBytes(token: string, slug: string) {
  let bytes = 0
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await get(ctx.app, `${API.proverbsLogged(slug)}?page=${page}&size=${PAGE_SIZE_MAX}`, token)
    expect(res.status).toBe(200)
    bytes += res.raw.length
    pages = res.body.totalPages
  }
  return bytes
}

test('the size of keeping a people offline is measured from its pack, for the peoples the reader has only', async () => {
  const free = await memberOf(ctx.app, ctx.database.db, { packageId: plans.Free.id, languages: [groups.yoruba.id, groups.igbo.id] })
  const res = await get(ctx.app, API.packSizes, free.token)
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual([
    {
      groupId: groups.yoruba.id,
      proverbs: groups.yoruba.proverbCount,
      bytes: await downloadedBytes(free.token, 'yoruba'),
      version: expect.stringMatching(/^[\w-]{27}$/),
      group: groups.yoruba,
    },
  ])

  const paid = await memberOf(ctx.app, ctx.database.db, { packageId: plans.Silver.id, languages: [groups.hausa.id, groups.zulu.id] })
  await payWithTestMode(ctx.app, paid.token, plans.Silver)
  const both = await get(ctx.app, API.packSizes, paid.token)
  expect(both.body.data.map((s: { groupId: number }) => s.groupId)).toEqual([groups.hausa.id, groups.zulu.id])
  expect(both.body.data[1].bytes).toBe(await downloadedBytes(paid.token, 'zulu'))
})

test('pack sizes need a session', async () => {
  expect((await call(ctx.app, 'GET', API.packSizes)).status).toBe(401)
})

/** A page of a people's pack as the device asks for it, with the validator of the copy it holds (if any). */
const packPage = (token: string, slug: string, page: number, etag?: string) =>
  call(ctx.app, 'GET', `${API.proverbsLogged(slug)}?page=${page}&size=${PAGE_SIZE_MAX}`, {
    token,
    headers: etag ? { 'if-none-match': etag } : {},
  })

const versionOf = async (token: string, groupId: number) =>
  ((await get(ctx.app, API.packSizes, token)).body.data as PackSize[]).find((size) => size.groupId === groupId)!.version

test('a pack stays current while its corpus does — likes aside — and only the pages a correction or a new proverb touch download again', async () => {
  const admin = await adminOf(ctx.app, ctx.database.db)
  const reader = await memberOf(ctx.app, ctx.database.db, { packageId: plans.Free.id, languages: [groups.kiswahili.id] })
  const kiswahili = groups.kiswahili.id
  const pages = Math.ceil(groups.kiswahili.proverbCount / PAGE_SIZE_MAX)
  expect(pages).toBeGreaterThanOrEqual(3)
  const kept: { etag: string; proverbs: Proverb[] }[] = []
  for (let page = 1; page <= pages; page++) {
    const res = await packPage(reader.token, 'kiswahili', page)
    expect(res.status).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-cache')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/)
    kept.push({ etag: String(res.headers.etag), proverbs: res.body.data })
  }
  const unchanged = async () => {
    for (let page = 1; page <= pages; page++) {
      const res = await packPage(reader.token, 'kiswahili', page, kept[page - 1].etag)
      expect(res.status, `page ${page}`).toBe(304)
      expect(res.raw.length).toBe(0)
    }
  }
  await unchanged()
  // What the device asks with (Accept-Encoding) comes compressed: the same proverbs in a fraction of the bytes.
  const compressed = await ctx.app.inject({
    method: 'GET',
    url: `${API.proverbsLogged('kiswahili')}?page=1&size=${PAGE_SIZE_MAX}`,
    headers: { authorization: `Bearer ${reader.token}`, 'accept-encoding': 'gzip, deflate, br' },
  })
  expect(compressed.headers['content-encoding']).toBe('br')
  expect(compressed.headers.vary).toBe('Accept-Encoding')
  expect(compressed.rawPayload.length).toBeLessThan((await packPage(reader.token, 'kiswahili', 1)).raw.length / 3)
  expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString()).data).toEqual(kept[0].proverbs)
  const v1 = await versionOf(reader.token, kiswahili)
  expect(await versionOf(reader.token, kiswahili)).toBe(v1)
  // A validator the server never gave, or a list of them, is simply not a match.
  expect((await packPage(reader.token, 'kiswahili', 1, 'not a tag')).status).toBe(200)
  expect((await packPage(reader.token, 'kiswahili', 1, `W/"x", ${kept[0].etag}`)).status).toBe(304)

  // Likes move all day; the pack does not download for them.
  await ctx.database.db
    .update(proverbs)
    .set({ likes: sql`${proverbs.likes} + 7` })
    .where(eq(proverbs.id, kept[0].proverbs[0].id))
  await unchanged()
  expect(await versionOf(reader.token, kiswahili)).toBe(v1)

  // A correction accepted on the second page: that page alone is new.
  const target = kept[1].proverbs[3]
  expect(
    (
      await post(ctx.app, API.proverbCorrections(target.slug), {
        email: 'reader@example.com',
        name: 'A reader',
        proverb: target.proverb,
        transliteration: `${target.transliteration} (word for word)`,
        interpretation: target.interpretation,
        note: 'The rendering misses a word.',
      })
    ).status,
  ).toBe(201)
  const [pending] = (await get(ctx.app, ADMIN_API.corrections, admin.token)).body.data as AdminCorrection[]
  const accepted = await post(
    ctx.app,
    ADMIN_API.acceptCorrection(pending.id),
    { proverb: target.proverb, transliteration: pending.proposed.transliteration, interpretation: target.interpretation },
    admin.token,
  )
  expect(accepted.status).toBe(200)
  const v2 = await versionOf(reader.token, kiswahili)
  expect(v2).not.toBe(v1)
  expect((await packPage(reader.token, 'kiswahili', 1, kept[0].etag)).status).toBe(304)
  const second = await packPage(reader.token, 'kiswahili', 2, kept[1].etag)
  expect(second.status).toBe(200)
  expect((second.body.data as Proverb[]).find((p) => p.id === target.id)?.transliteration).toBe(`${target.transliteration} (word for word)`)
  expect((await packPage(reader.token, 'kiswahili', 3, kept[2].etag)).status).toBe(304)

  // A proverb added joins the last page; the pages before it stand.
  const created = await post(
    ctx.app,
    ADMIN_API.proverbs,
    {
      proverb: 'Dalili ya mvua ni mawingu.',
      transliteration: 'The sign of rain is clouds.',
      interpretation: 'What is coming shows itself first; read the signs and get ready.',
      ethnicGroupId: kiswahili,
      categoryIds: [target.categories[0].id],
    },
    admin.token,
  )
  expect(created.status).toBe(201)
  const v3 = await versionOf(reader.token, kiswahili)
  expect(v3).not.toBe(v2)
  expect((await packPage(reader.token, 'kiswahili', 1, kept[0].etag)).status).toBe(304)
  expect((await packPage(reader.token, 'kiswahili', pages, kept[pages - 1].etag)).status).toBe(200)
})
