import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { adverts } from '../../server/src/db/schema'
import { advertManifest } from '../../server/src/db/seed/adverts'
import { seed } from '../../server/src/db/seed/seed'
import { API } from '../../src/core/http/api-paths'
import type { AdvertContent, AdvertFile } from '../../src/core/adverts/contract'
import { adminOf, call, get, memberOf, post } from '../support/accounts'
import { createTestApp } from '../support/test-app'
import { AD_TEXTS } from '../../src/core/adverts/texts'

let t: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const member = () => memberOf(t.app, t.database.db)
const manifest = advertManifest()
const seededBytes = (name: string) =>
  fs.readFileSync(new URL(`../../server/src/db/seed/adverts/${manifest.find((a) => a.name === name)!.file}`, import.meta.url))

test('every advert call needs a session', async () => {
  const guarded: ['GET' | 'POST', string][] = [
    ['GET', API.adverts],
    ['GET', API.advert(1)],
    ['GET', API.advert('owe-weekly-quiz')],
    ['GET', API.adToggle],
    ['POST', API.adToggle],
  ]
  for (const [method, url] of guarded) {
    const res = await call(t.app, method, url, method === 'GET' ? {} : { payload: { toggle: true } })
    expect(res.status, `${method} ${url}`).toBe(401)
    expect(res.body.error.code, `${method} ${url}`).toBe('unauthorized')
  }
})

test('the page may play an advert video from a blob: URL (and nothing else new)', async () => {
  const res = await get(t.app, API.health)
  expect(res.headers['content-security-policy']).toContain("media-src 'self' blob:;")
})

test('admins, who run the adverts, are shown none: their list is empty', async () => {
  const admin = await adminOf(t.app, t.database.db)
  const res = await get(t.app, API.adverts, admin.token)
  expect(res.status).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-cache')
  expect(res.body.data).toEqual([])
  expect(((await get(t.app, API.adverts, (await member()).token)).body.data as AdvertFile[]).length).toBeGreaterThan(0)
})

test('the list holds the seeded adverts by position, with id, type and name only, never cached publicly', async () => {
  const m = await member()
  const res = await get(t.app, API.adverts, m.token)
  expect(res.status).toBe(200)
  expect(res.headers['cache-control']).toBe('private, no-cache')
  const list = res.body.data as AdvertFile[]
  expect(list.map((a) => a.name)).toEqual([...manifest].sort((a, b) => a.position - b.position).map((a) => a.name))
  for (const advert of list) {
    expect(Object.keys(advert).sort()).toEqual(['id', 'name', 'type'])
    expect(Number.isInteger(advert.id)).toBe(true)
    expect(['image/webp', 'video/mp4']).toContain(advert.type)
  }
  expect(list.map((a) => a.type)).toEqual(expect.arrayContaining(['image/webp', 'video/mp4']))
})

test('an advert by name or by id: its content in base64, the seeded bytes exactly', async () => {
  const m = await member()
  const list = (await get(t.app, API.adverts, m.token)).body.data as AdvertFile[]
  for (const entry of list) {
    const byName = await get(t.app, API.advert(entry.name), m.token)
    expect(byName.status).toBe(200)
    const content = byName.body.data as AdvertContent
    const seeded = manifest.find((a) => a.name === entry.name)!
    expect(content).toMatchObject({ id: entry.id, name: entry.name, type: entry.type, alt: seeded.alt, link: seeded.link })
    const bytes = Buffer.from(content.file, 'base64')
    expect(bytes.equals(seededBytes(entry.name))).toBe(true)
    if (entry.type === 'image/webp') {
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
    } else {
      expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp')
    }
    const byId = await get(t.app, API.advert(entry.id), m.token)
    expect(byId.status).toBe(200)
    expect(byId.body.data).toEqual(content)
  }
})

test('the content is private and revalidated: the same ETag answers 304 without the file', async () => {
  const m = await member()
  const first = await get(t.app, API.advert('owe-eight-peoples'), m.token)
  expect(first.headers['cache-control']).toBe('private, no-cache')
  const etag = first.headers.etag as string
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
  const again = await call(t.app, 'GET', API.advert('owe-eight-peoples'), { token: m.token, headers: { 'if-none-match': etag } })
  expect(again.status).toBe(304)
  expect(again.raw.length).toBe(0)
})

test('an unknown advert is 404 with a message; odd or long ids are 400 or 404, never a server error', async () => {
  const m = await member()
  for (const idOrName of ['no-such-advert', '999999', '2147483648', '99999999999999999999']) {
    const res = await get(t.app, API.advert(idOrName), m.token)
    expect(res.status, idOrName).toBe(404)
    expect(res.body.error).toEqual({ code: 'not_found', message: AD_TEXTS.notFound })
  }
  for (const idOrName of ['a b', '../adverts', "x' or 1=1", 'ṣ', '-1.5e3%00']) {
    const res = await get(t.app, API.advert(idOrName), m.token)
    expect(res.status, idOrName).toBe(400)
    expect(res.body.error.message, idOrName).toBe(AD_TEXTS.badIdOrName)
  }
  // Longer than any name: the router refuses it before the route (Fastify's parameter length limit).
  for (const idOrName of ['x'.repeat(101), 'x'.repeat(5000)]) {
    const res = await get(t.app, API.advert(idOrName), m.token)
    expect(res.status).toBe(400)
    expect(res.body.error.code).toBe('bad_request')
  }
})

test('an inactive advert is neither listed nor served', async () => {
  const m = await member()
  await t.database.db.update(adverts).set({ active: false }).where(eq(adverts.name, 'owe-daily-reminder'))
  try {
    const list = (await get(t.app, API.adverts, m.token)).body.data as AdvertFile[]
    expect(list.map((a) => a.name)).not.toContain('owe-daily-reminder')
    expect((await get(t.app, API.advert('owe-daily-reminder'), m.token)).status).toBe(404)
  } finally {
    await t.database.db.update(adverts).set({ active: true }).where(eq(adverts.name, 'owe-daily-reminder'))
  }
})

test('the ad toggle is off by default, set by POST, read back by GET, and private', async () => {
  const m = await member()
  const first = await get(t.app, API.adToggle, m.token)
  expect(first.status).toBe(200)
  expect(first.body).toEqual({ data: { toggle: false } })
  expect(first.headers['cache-control']).toBe('private, no-cache')

  expect(await post(t.app, API.adToggle, { toggle: true }, m.token)).toMatchObject({ status: 200, body: { data: { toggle: true } } })
  expect((await get(t.app, API.adToggle, m.token)).body).toEqual({ data: { toggle: true } })
  expect(await post(t.app, API.adToggle, { toggle: false }, m.token)).toMatchObject({ status: 200, body: { data: { toggle: false } } })
  expect((await get(t.app, API.adToggle, m.token)).body).toEqual({ data: { toggle: false } })
})

test('a toggle that is not true or false is refused with a message, and changes nothing', async () => {
  const m = await member()
  await post(t.app, API.adToggle, { toggle: true }, m.token)
  for (const payload of [{}, { toggle: 'false' }, { toggle: 0 }, { toggle: null }, { toggle: [] }]) {
    const res = await post(t.app, API.adToggle, payload, m.token)
    expect(res.status, JSON.stringify(payload)).toBe(400)
    expect(res.body.error.message, JSON.stringify(payload)).toBe(AD_TEXTS.toggle)
  }
  for (const payload of ['true', [true]]) {
    const res = await call(t.app, 'POST', API.adToggle, {
      token: m.token,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status, JSON.stringify(payload)).toBe(400)
    expect(res.body.error.message).toBeTruthy()
  }
  expect((await get(t.app, API.adToggle, m.token)).body).toEqual({ data: { toggle: true } })
})

test("one user's toggle does not change another's", async () => {
  const [a, b] = [await member(), await member()]
  await post(t.app, API.adToggle, { toggle: true }, a.token)
  expect((await get(t.app, API.adToggle, a.token)).body.data.toggle).toBe(true)
  expect((await get(t.app, API.adToggle, b.token)).body.data.toggle).toBe(false)
})

test('seeding mirrors the manifest: bytes restored, dropped seed adverts gone, an admin’s untouched, idempotent', async () => {
  const db = t.database.db
  const ids = async () =>
    Object.fromEntries((await db.select({ name: adverts.name, id: adverts.id }).from(adverts)).map((r) => [r.name, r.id]))
  const before = await ids()
  await db.insert(adverts).values([
    { name: 'retired-house-advert', mimeType: 'image/webp', content: Buffer.from('RIFF'), alt: 'Old', source: 'seed' },
    { name: 'partner-advert', mimeType: 'image/webp', content: Buffer.from('RIFF'), alt: 'A partner', source: 'admin' },
  ])
  await db
    .update(adverts)
    .set({ content: Buffer.from('changed'), alt: 'changed' })
    .where(eq(adverts.name, 'owe-weekly-quiz'))

  await seed(db)
  const after = await ids()
  expect(after['retired-house-advert']).toBeUndefined()
  expect(after['partner-advert']).toBeDefined()
  // Matched by name: ids (which the app may hold) stay.
  for (const entry of manifest) expect(after[entry.name]).toBe(before[entry.name])
  const quiz = await db.query.adverts.findFirst({ where: eq(adverts.name, 'owe-weekly-quiz') })
  expect(quiz!.content.equals(seededBytes('owe-weekly-quiz'))).toBe(true)
  expect(quiz!.alt).toBe(manifest.find((a) => a.name === 'owe-weekly-quiz')!.alt)

  await seed(db)
  expect(await ids()).toEqual(after)
  await db.delete(adverts).where(eq(adverts.name, 'partner-advert'))
})
