import fs from 'node:fs'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { adverts, answerOptions, auditLog, contactMessages, notifications, quizQuestions, users } from '../../server/src/db/schema'
import { seed } from '../../server/src/db/seed/seed'
import { ADMIN_ONLY } from '../../server/src/http/admin-guard'
import type { AdminAdvert, AdminPayment, AdminQuizQuestion, AdminUser, ContactMessage } from '../../src/core/admin/contract'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { AdvertContent, AdvertFile } from '../../src/core/adverts/contract'
import { ADVERT_MAX_BYTES } from '../../src/core/admin/validation'
import { adminOf, call, get, groupsBySlug, memberOf, multipart, plansByName, post, testClock, type FormPart } from '../support/accounts'
import { payWithTestMode } from '../support/payments'
import { recordingPush } from '../support/recording-push'
import { freshDatabase } from '../support/test-app'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { ADMIN_ADVERT_TEXTS, QUIZ_BANK_TEXTS } from '../../src/core/admin/api-texts'

const clock = testClock('2026-11-21T12:00:00Z')
const push = recordingPush()
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  database = await freshDatabase()
  const config = loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' })
  app = await buildApp(config, { database, now: clock.now, logger: false, push })
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

const db = () => database.db
const admin = () => adminOf(app, db())
const member = (languages?: number[]) => memberOf(app, db(), { languages })
const contactRead = (id: number) => ADMIN_API.contactMessageRead(id)

async function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) {
  const res = await app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined }
}

async function upload(token: string, parts: FormPart[]) {
  const form = multipart(parts)
  const res = await app.inject({
    method: 'POST',
    url: ADMIN_API.adverts,
    payload: form.payload,
    headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
  })
  return { status: res.statusCode, body: JSON.parse(res.body) }
}

const seededWebp = () => fs.readFileSync(new URL('../../server/src/db/seed/adverts/owe-eight-peoples.webp', import.meta.url))
const advertParts = (file: Buffer, overrides: Partial<Record<'name' | 'alt' | 'link' | 'filename', string>> = {}): FormPart[] => [
  { name: 'name', content: overrides.name ?? `admin-${Math.random().toString(36).slice(2, 10)}` },
  { name: 'alt', content: overrides.alt ?? 'Learn a proverb a day.' },
  { name: 'link', content: overrides.link ?? '/pricing' },
  { name: 'file', filename: overrides.filename ?? 'advert.webp', type: 'image/webp', content: file },
]

async function auditOf(action: string, targetId?: string | number) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), targetId === undefined ? undefined : eq(auditLog.targetId, String(targetId))))
    .orderBy(desc(auditLog.id))
}

const questionInput = (overrides: Record<string, unknown> = {}) => ({
  ethnicGroupId: null,
  question: 'Which river gives Nigeria and Niger their names?',
  options: ['The Niger', 'The Nile', 'The Congo', 'The Zambezi'],
  correct: 0,
  note: 'Both countries are named after the Niger river.',
  ...overrides,
})

test('every admin route refuses a visitor (401) and a plain user (403)', async () => {
  const user = await member()
  const routes: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['GET', ADMIN_API.quizQuestions],
    ['POST', ADMIN_API.quizQuestions, questionInput()],
    ['PUT', ADMIN_API.quizQuestion(1), questionInput()],
    ['DELETE', ADMIN_API.quizQuestion(1)],
    ['GET', ADMIN_API.adverts],
    ['POST', ADMIN_API.adverts, {}],
    ['PATCH', ADMIN_API.advert(1), { active: false }],
    ['PUT', ADMIN_API.advertOrder, { ids: [1] }],
    ['DELETE', ADMIN_API.advert(1)],
    ['POST', ADMIN_API.broadcast, { title: 'Hello', body: 'Everyone' }],
    ['GET', ADMIN_API.contactMessages],
    ['POST', contactRead(1), {}],
    ['GET', ADMIN_API.users],
    ['GET', ADMIN_API.payments],
  ]
  for (const [method, url, payload] of routes) {
    const visitor = await send(method, url, undefined, payload)
    expect(visitor.status, `visitor ${method} ${url}`).toBe(401)
    expect(visitor.body.error.code).toBe('unauthorized')
    const plain = await send(method, url, user.token, payload)
    expect(plain.status, `user ${method} ${url}`).toBe(403)
    expect(plain.body.error).toEqual({ code: 'forbidden', message: ADMIN_ONLY })
  }
  expect(await db().select().from(notifications).where(eq(notifications.kind, 'broadcast'))).toEqual([])
  expect(await db().select({ active: adverts.active }).from(adverts).where(eq(adverts.id, 1))).toEqual([{ active: true }])
})

test('a quiz question with errors is refused field by field, never a 500', async () => {
  const op = await admin()
  const { yoruba } = await groupsBySlug(app)
  const cases: [Record<string, unknown>, string, string][] = [
    [{ options: ['Only one'] }, 'options', ADMIN_TEXTS.options],
    [{ options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'options', ADMIN_TEXTS.options],
    [{ options: ['The Niger', ' the niger ', 'The Nile'] }, 'options', ADMIN_TEXTS.optionsDistinct],
    [{ options: ['The Niger', ''] }, 'options', ADMIN_TEXTS.required],
    [{ options: 'The Niger' }, 'options', ADMIN_TEXTS.options],
    [{ correct: 4 }, 'correct', ADMIN_TEXTS.correct],
    [{ correct: -1 }, 'correct', ADMIN_TEXTS.correct],
    [{ question: '   ' }, 'question', ADMIN_TEXTS.required],
    [{ question: '<b></b>' }, 'question', ADMIN_TEXTS.required],
    [{ question: { text: 'x' } }, 'question', 'Must be text'],
    [{ ethnicGroupId: undefined }, 'ethnicGroupId', ADMIN_TEXTS.group],
    [{ ethnicGroupId: 99999999999 }, 'ethnicGroupId', ADMIN_TEXTS.group],
    [{ ethnicGroupId: 9999 }, 'ethnicGroupId', ADMIN_TEXTS.unknownGroup],
    [{ active: 'false' }, 'active', ADMIN_TEXTS.active],
  ]
  for (const [overrides, field, message] of cases) {
    const res = await post(app, ADMIN_API.quizQuestions, questionInput(overrides), op.token)
    expect(res.status, JSON.stringify(overrides)).toBe(400)
    expect(res.body.error.fields[field], JSON.stringify(overrides)).toBe(message)
  }
  const notJson = await post(app, ADMIN_API.quizQuestions, [questionInput({ ethnicGroupId: yoruba.id })], op.token)
  expect(notJson.status).toBe(400)
})

test('an admin writes, rewrites and retires a quiz question, each step audited', async () => {
  const op = await admin()
  const { yoruba, igbo } = await groupsBySlug(app)
  const created = await post(
    app,
    ADMIN_API.quizQuestions,
    questionInput({
      ethnicGroupId: yoruba.id,
      question: '  Which city is the <i>Yoruba</i> heartland’s oldest?  ',
      options: ['Ilé-Ifẹ̀', 'Lagos', 'Kano'],
      correct: 0,
      note: 'Yoruba tradition holds Ilé-Ifẹ̀ to be the first city, where the world began.',
    }),
    op.token,
  )
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  const question = created.body.data as AdminQuizQuestion
  expect(question).toEqual({
    id: expect.any(Number),
    ethnicGroupId: yoruba.id,
    question: 'Which city is the Yoruba heartland’s oldest?',
    options: ['Ilé-Ifẹ̀', 'Lagos', 'Kano'],
    correct: 0,
    note: 'Yoruba tradition holds Ilé-Ifẹ̀ to be the first city, where the world began.',
    active: true,
    builtIn: false,
  })
  const [row] = await db().select().from(quizQuestions).where(eq(quizQuestions.id, question.id))
  expect(row).toMatchObject({ kind: 'fact', active: true })
  expect(row.key).toMatch(/^admin:[0-9a-f-]{36}$/)
  expect(await auditOf('quiz_question.create', question.id)).toHaveLength(1)

  const listed = await get(app, `${ADMIN_API.quizQuestions}?ethnicGroupId=${yoruba.id}&q=heartland`, op.token)
  expect(listed.status).toBe(200)
  expect(listed.body).toMatchObject({ page: 1, totalElements: 1, totalPages: 1, data: [question] })
  const seededFacts = await get(app, `${ADMIN_API.quizQuestions}?ethnicGroupId=${igbo.id}&size=100`, op.token)
  expect(seededFacts.body.totalElements).toBeGreaterThan(0)
  for (const fact of seededFacts.body.data as AdminQuizQuestion[]) {
    expect(fact.ethnicGroupId).toBe(igbo.id)
    expect(fact.options[fact.correct]).toBeDefined()
    expect(fact.note).not.toBe('')
    expect(fact.builtIn).toBe(true)
  }

  // Typed in text areas: the question becomes one line, the note keeps its lines.
  const lines = await call(app, 'PUT', ADMIN_API.quizQuestion(question.id), {
    payload: questionInput({
      ethnicGroupId: yoruba.id,
      question: 'Which city is the Yoruba\nheartland’s oldest?',
      options: ['Ilé-Ifẹ̀', 'Lagos', 'Kano'],
      note: 'Tradition says so.\nSee the corpus.',
    }),
    token: op.token,
  })
  expect(lines.body.data).toMatchObject({
    question: 'Which city is the Yoruba heartland’s oldest?',
    note: 'Tradition says so.\nSee the corpus.',
  })
  const bad = await call(app, 'PUT', ADMIN_API.quizQuestion(question.id), { payload: questionInput({ correct: 9 }), token: op.token })
  expect(bad.status).toBe(400)
  const replaced = await call(app, 'PUT', ADMIN_API.quizQuestion(question.id), {
    payload: {
      ethnicGroupId: null,
      question: 'Which city do the Yoruba call their cradle?',
      options: ['Lagos', 'Ilé-Ifẹ̀'],
      correct: 1,
      note: 'Ifẹ̀ is where, the tradition says, the world began.',
    },
    token: op.token,
  })
  expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
  expect(replaced.body.data).toEqual({
    id: question.id,
    ethnicGroupId: null,
    question: 'Which city do the Yoruba call their cradle?',
    options: ['Lagos', 'Ilé-Ifẹ̀'],
    correct: 1,
    note: 'Ifẹ̀ is where, the tradition says, the world began.',
    active: true,
    builtIn: false,
  })
  const options = await db().select().from(answerOptions).where(eq(answerOptions.questionId, question.id))
  expect(options.map((o) => [o.position, o.text, o.correct]).sort()).toEqual([
    [0, 'Lagos', false],
    [1, 'Ilé-Ifẹ̀', true],
  ])
  expect(await auditOf('quiz_question.update', question.id)).toHaveLength(2)
  const general = await get(app, `${ADMIN_API.quizQuestions}?ethnicGroupId=general&q=cradle`, op.token)
  expect(general.body.data).toEqual([replaced.body.data])

  expect((await call(app, 'PUT', ADMIN_API.quizQuestion(999999), { payload: questionInput(), token: op.token })).body.error.message).toBe(
    QUIZ_BANK_TEXTS.notFound,
  )
  expect((await get(app, `${ADMIN_API.quizQuestions}?ethnicGroupId=yoruba`, op.token)).status).toBe(400)

  const retired = await call(app, 'DELETE', ADMIN_API.quizQuestion(question.id), { token: op.token })
  expect(retired.status).toBe(200)
  expect(retired.body.data).toMatchObject({ id: question.id, active: false })
  const [after] = await db().select({ active: quizQuestions.active }).from(quizQuestions).where(eq(quizQuestions.id, question.id))
  expect(after.active).toBe(false)
  expect(await auditOf('quiz_question.retire', question.id)).toHaveLength(1)
  // Retiring twice changes nothing and logs nothing more.
  expect((await call(app, 'DELETE', ADMIN_API.quizQuestion(question.id), { token: op.token })).status).toBe(200)
  expect(await auditOf('quiz_question.retire', question.id)).toHaveLength(1)
})

test('the next start keeps admins’ questions as they left them (the seeder retires only what left its files)', async () => {
  const op = await admin()
  const kept = (await post(app, ADMIN_API.quizQuestions, questionInput({ question: 'Kept across restarts?' }), op.token)).body
    .data as AdminQuizQuestion
  const retired = (
    await post(app, ADMIN_API.quizQuestions, questionInput({ question: 'Retired across restarts?', active: false }), op.token)
  ).body.data as AdminQuizQuestion
  await seed(db())
  const rows = await db()
    .select({ id: quizQuestions.id, active: quizQuestions.active })
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, [kept.id, retired.id]))
  expect(Object.fromEntries(rows.map((r) => [r.id, r.active]))).toEqual({ [kept.id]: true, [retired.id]: false })
})

test('an uploaded WebP advert is checked by its bytes, stored, audited and shown to users', async () => {
  const op = await admin()
  const bytes = seededWebp()
  const res = await upload(
    op.token,
    advertParts(bytes, { name: 'admin-harvest', alt: ' Harvest <b>festival</b> proverbs ', link: '/proverbs' }),
  )
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const advert = res.body.data as AdminAdvert
  expect(advert).toEqual({
    id: expect.any(Number),
    name: 'admin-harvest',
    type: 'image/webp',
    alt: 'Harvest festival proverbs',
    link: '/proverbs',
    active: true,
    bytes: bytes.length,
    source: 'admin',
    position: expect.any(Number),
  })
  expect(advert.position).toBeGreaterThan(
    Math.max(...(await db().select({ position: adverts.position }).from(adverts).where(eq(adverts.source, 'seed'))).map((a) => a.position)),
  )
  expect(await auditOf('advert.create', advert.id)).toHaveLength(1)

  const list = await get(app, ADMIN_API.adverts, op.token)
  expect(list.body.data).toContainEqual(advert)
  expect((list.body.data as AdminAdvert[]).filter((a) => a.source === 'seed').length).toBeGreaterThan(0)

  const user = await member()
  const shown = (await get(app, API.adverts, user.token)).body.data as AdvertFile[]
  expect(shown.at(-1)).toEqual({ id: advert.id, type: 'image/webp', name: 'admin-harvest' })
  const content = (await get(app, API.advert(advert.id), user.token)).body.data as AdvertContent
  expect(Buffer.from(content.file, 'base64').equals(bytes)).toBe(true)
  expect(content).toMatchObject({ alt: 'Harvest festival proverbs', link: '/proverbs' })

  const again = await upload(op.token, advertParts(bytes, { name: 'admin-harvest' }))
  expect(again.status).toBe(409)
  expect(again.body.error.fields.name).toBe(ADMIN_ADVERT_TEXTS.nameTaken)
})

test('an advert upload that is not a WebP or MP4, or too large, or badly described is refused', async () => {
  const op = await admin()
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e2216bc30000000049454e44ae426082',
    'hex',
  )
  const pngAsWebp = await upload(op.token, advertParts(png, { filename: 'advert.webp' }))
  expect(pngAsWebp.status).toBe(415)
  expect(pngAsWebp.body.error).toEqual({
    code: 'unsupported_media_type',
    message: ADMIN_ADVERT_TEXTS.wrongType,
    fields: { file: ADMIN_ADVERT_TEXTS.wrongType },
  })
  const textAsWebp = await upload(op.token, advertParts(Buffer.from('RIFF but not really a picture at all'), { filename: 'advert.webp' }))
  expect(textAsWebp.status).toBe(415)

  const huge = Buffer.concat([seededWebp(), Buffer.alloc(ADVERT_MAX_BYTES)])
  const oversize = await upload(op.token, advertParts(huge))
  expect(oversize.status).toBe(413)
  expect(oversize.body.error).toEqual({
    code: 'payload_too_large',
    message: ADMIN_ADVERT_TEXTS.tooLarge,
    fields: { file: ADMIN_ADVERT_TEXTS.tooLarge },
  })

  const offsite = await upload(op.token, advertParts(seededWebp(), { link: '//evil.example/pay' }))
  expect(offsite.status).toBe(400)
  expect(offsite.body.error.fields.link).toBe(ADMIN_TEXTS.inAppLink)
  const numericName = await upload(op.token, advertParts(seededWebp(), { name: '12345' }))
  expect(numericName.body.error.fields.name).toBe(ADMIN_TEXTS.advertName)
  const noFile = await upload(op.token, advertParts(seededWebp()).slice(0, 3))
  expect(noFile.status).toBe(400)
  expect(noFile.body.error.fields.file).toBe(ADMIN_ADVERT_TEXTS.noFile)
  const json = await post(app, ADMIN_API.adverts, { name: 'x' }, op.token)
  expect(json.status).toBe(415)
  expect(
    await db()
      .select()
      .from(adverts)
      .where(eq(adverts.source, 'admin'))
      .then((rows) => rows.filter((r) => r.name === '12345')),
  ).toEqual([])
})

test('adverts are edited, deactivated and deleted', async () => {
  const op = await admin()
  const user = await member()
  const [seeded] = await db().select().from(adverts).where(eq(adverts.source, 'seed')).limit(1)

  const off = await send('PATCH', ADMIN_API.advert(seeded.id), op.token, {
    active: false,
    alt: ' Plans for all eight peoples ',
    link: null,
    position: 7,
  })
  expect(off.status, JSON.stringify(off.body)).toBe(200)
  // Its text and place are the admin's now: seeding will not write them back.
  expect(off.body.data).toMatchObject({
    id: seeded.id,
    active: false,
    alt: 'Plans for all eight peoples',
    link: null,
    source: 'admin',
    position: 7,
  })
  expect(((await get(app, API.adverts, user.token)).body.data as AdvertFile[]).map((a) => a.id)).not.toContain(seeded.id)
  expect(await auditOf('advert.update', seeded.id)).toHaveLength(1)
  expect((await send('PATCH', ADMIN_API.advert(seeded.id), op.token, {})).body.error.message).toBe(ADMIN_TEXTS.nothingToChange)
  expect((await send('PATCH', ADMIN_API.advert(seeded.id), op.token, { link: 'https://example.com' })).status).toBe(400)
  expect((await send('PATCH', ADMIN_API.advert(seeded.id), op.token, { position: -1 })).body.error.fields.position).toBe(
    ADMIN_TEXTS.advertPosition,
  )
  expect((await send('PATCH', ADMIN_API.advert(999999), op.token, { active: true })).status).toBe(404)
  // Seeding again does not switch it back on.
  await seed(db())
  expect((await db().select({ active: adverts.active }).from(adverts).where(eq(adverts.id, seeded.id)))[0].active).toBe(false)
  await send('PATCH', ADMIN_API.advert(seeded.id), op.token, { active: true })

  const mine = (await upload(op.token, advertParts(seededWebp()))).body.data as AdminAdvert
  const deleted = await call(app, 'DELETE', ADMIN_API.advert(mine.id), { token: op.token })
  expect(deleted.status).toBe(200)
  expect(await db().select().from(adverts).where(eq(adverts.id, mine.id))).toEqual([])
  expect(await auditOf('advert.delete', mine.id)).toHaveLength(1)
  expect((await call(app, 'DELETE', ADMIN_API.advert(mine.id), { token: op.token })).status).toBe(404)
})

test('adverts are reordered all at once; a stale or malformed order is refused and changes nothing', async () => {
  const op = await admin()
  const user = await member()
  const list = async () => (await get(app, `${ADMIN_API.adverts}?size=100`, op.token)).body.data as AdminAdvert[]
  const before = await list()
  const reversed = before.map((a) => a.id).reverse()
  const res = await send('PUT', ADMIN_API.advertOrder, op.token, { ids: reversed })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect((res.body.data as AdminAdvert[]).map((a) => [a.id, a.position])).toEqual(reversed.map((id, position) => [id, position]))
  expect((await list()).map((a) => a.id)).toEqual(reversed)
  // Readers get them in that order too.
  const shown = ((await get(app, API.adverts, user.token)).body.data as AdvertFile[]).map((a) => a.id)
  expect(shown).toEqual(reversed.filter((id) => shown.includes(id)))
  const [entry] = await auditOf('advert.reorder')
  expect(JSON.parse(entry.detail!)).toEqual({ ids: reversed })

  // One missing (as if uploaded meanwhile), one unknown: 409, and nothing moved.
  for (const ids of [reversed.slice(1), [...reversed.slice(1), 999999]]) {
    const stale = await send('PUT', ADMIN_API.advertOrder, op.token, { ids })
    expect(stale.status).toBe(409)
    expect(stale.body.error.message).toBe(ADMIN_TEXTS.orderStale)
  }
  for (const body of [{}, { ids: [] }, { ids: [reversed[0], reversed[0]] }, { ids: ['1'] }, { ids: 'all' }, { ids: [1.5] }]) {
    const bad = await send('PUT', ADMIN_API.advertOrder, op.token, body)
    expect(bad.status, JSON.stringify(body)).toBe(400)
    expect(bad.body.error.fields.ids).toBe(ADMIN_TEXTS.order)
  }
  expect((await list()).map((a) => a.id)).toEqual(reversed)
  await send('PUT', ADMIN_API.advertOrder, op.token, { ids: before.map((a) => a.id) })
})

test('a broadcast reaches every activated user once, or only one group’s readers, and is audited', async () => {
  const op = await admin()
  const { yoruba, igbo } = await groupsBySlug(app)
  const yorubaReader = await member([yoruba.id])
  const igboReader = await member([igbo.id])
  const both = await member([igbo.id, yoruba.id])
  const [dormant] = await db()
    .insert(users)
    .values({ email: 'dormant@example.com', passwordHash: 'x', firstName: 'Not', lastName: 'Activated', packageId: 1 })
    .returning({ id: users.id })
  await post(app, API.deviceSave, { device_type: 'WEB', device_token: 'yoruba-reader-phone' }, yorubaReader.token)
  push.calls.length = 0

  const activated = (await db().select({ id: users.id, activatedAt: users.activatedAt }).from(users)).filter((u) => u.activatedAt !== null)
  const everyone = await post(
    app,
    ADMIN_API.broadcast,
    { title: ' Happy <b>new</b> year ', body: 'New proverbs every week.', url: '/proverbs' },
    op.token,
  )
  expect(everyone.status, JSON.stringify(everyone.body)).toBe(200)
  expect(everyone.body.data).toEqual({ reached: activated.length })
  const got = await db().select().from(notifications).where(eq(notifications.title, 'Happy new year'))
  expect(got.map((n) => n.userId).sort()).toEqual(activated.map((u) => u.id).sort())
  expect(got.every((n) => n.kind === 'broadcast' && n.url === '/proverbs' && n.body === 'New proverbs every week.')).toBe(true)
  expect(got.map((n) => n.userId)).not.toContain(dormant.id)
  expect(push.calls).toEqual([
    // The badge: this, the reader's one unread message.
    { token: 'yoruba-reader-phone', data: { title: 'Happy new year', body: 'New proverbs every week.', url: '/proverbs', badge: 1 } },
  ])
  const [entry] = await auditOf('broadcast.send')
  expect(entry.actorUserId).toBe(op.user.id)
  expect(JSON.parse(entry.detail!)).toMatchObject({ title: 'Happy new year', ethnicGroupId: null, reached: activated.length })

  const group = await post(
    app,
    ADMIN_API.broadcast,
    { title: 'Ẹ kú ọdún', body: 'For Yoruba readers.', ethnicGroupId: yoruba.id },
    op.token,
  )
  expect(group.body.data).toEqual({ reached: 2 })
  const groupGot = await db().select().from(notifications).where(eq(notifications.title, 'Ẹ kú ọdún'))
  expect(groupGot.map((n) => n.userId).sort()).toEqual([yorubaReader.user.id, both.user.id].sort())
  expect(groupGot.map((n) => n.userId)).not.toContain(igboReader.user.id)
  expect(await auditOf('broadcast.send')).toHaveLength(2)

  // The same Idempotency-Key twice is one broadcast.
  const retry = () =>
    app.inject({
      method: 'POST',
      url: ADMIN_API.broadcast,
      payload: { title: 'Once only', body: 'Sent once.', ethnicGroupId: igbo.id },
      headers: { authorization: `Bearer ${op.token}`, 'idempotency-key': 'broadcast-7f3a' },
    })
  expect((await retry()).json().data).toEqual({ reached: 2 })
  expect((await retry()).json().data).toEqual({ reached: 0 })
  expect(await db().select().from(notifications).where(eq(notifications.title, 'Once only'))).toHaveLength(2)

  const invalid: [Record<string, unknown>, string, string][] = [
    [{ title: '', body: 'x' }, 'title', ADMIN_TEXTS.required],
    [{ title: 'x', body: '<p></p>' }, 'body', ADMIN_TEXTS.required],
    [{ title: 'x', body: 'y', url: 'https://evil.example' }, 'url', ADMIN_TEXTS.inAppLink],
    [{ title: 'x', body: 'y', ethnicGroupId: 9999 }, 'ethnicGroupId', ADMIN_TEXTS.unknownGroup],
    [{ title: 'x'.repeat(101), body: 'y' }, 'title', 'At most 100 characters'],
  ]
  for (const [payload, field, message] of invalid) {
    const res = await post(app, ADMIN_API.broadcast, payload, op.token)
    expect(res.status, JSON.stringify(payload)).toBe(400)
    expect(res.body.error.fields[field]).toBe(message)
  }
})

test('contact messages are listed newest first, filtered to unread, and marked read once (audited)', async () => {
  const op = await admin()
  const base = { email: 'kofi@example.com', firstName: 'Kofi', surname: 'Mensah', phoneNumber: '+233201234567' }
  const [older, newer] = await db()
    .insert(contactMessages)
    .values([
      { ...base, message: 'Please add more Twi proverbs.', createdAt: new Date('2026-11-20T09:00:00Z') },
      { ...base, message: 'The quiz was great.', createdAt: new Date('2026-11-21T09:00:00Z') },
    ])
    .returning()
  const list = await get(app, ADMIN_API.contactMessages, op.token)
  expect(list.status).toBe(200)
  expect((list.body.data as ContactMessage[]).map((m) => m.id)).toEqual([newer.id, older.id])
  expect(list.body.data[0]).toEqual({
    id: newer.id,
    ...base,
    message: 'The quiz was great.',
    createdAt: '2026-11-21T09:00:00.000Z',
    readAt: null,
  })

  const read = await post(app, contactRead(older.id), {}, op.token)
  expect(read.status).toBe(200)
  expect(read.body.data.readAt).toBe(clock.now().toISOString())
  expect((await post(app, contactRead(older.id), {}, op.token)).status).toBe(200)
  expect(await auditOf('contact_message.read', older.id)).toHaveLength(1)
  // The console asks with unread=true; 1 means the same.
  for (const flag of ['1', 'true']) {
    const unread = await get(app, `${ADMIN_API.contactMessages}?unread=${flag}`, op.token)
    expect((unread.body.data as ContactMessage[]).map((m) => m.id)).toEqual([newer.id])
  }
  expect((await post(app, contactRead(999999), {}, op.token)).status).toBe(404)
  expect((await get(app, `${ADMIN_API.contactMessages}?unread=yes`, op.token)).status).toBe(400)
})

test('users are found by email or name with their package in force; payments are listed newest first', async () => {
  const op = await admin()
  const plans = await plansByName(app)
  const payer = await memberOf(app, db(), { firstName: 'Chidinma', lastName: 'Eze' })
  const { state } = await payWithTestMode(app, payer.token, plans.Silver)

  const found = await get(app, `${ADMIN_API.users}?q=chidinma`, op.token)
  expect(found.status).toBe(200)
  const user = (found.body.data as AdminUser[]).find((u) => u.id === payer.user.id)!
  expect(user).toMatchObject({
    email: payer.email,
    firstName: 'Chidinma',
    lastName: 'Eze',
    role: 'user',
    activated: true,
    activePackage: { plan: 'Silver', autoRenew: false },
  })
  expect(new Date(user.activePackage!.expiresAt).getTime()).toBeGreaterThan(clock.now().getTime())
  const byEmail = await get(app, `${ADMIN_API.users}?q=${encodeURIComponent(op.email)}`, op.token)
  expect(byEmail.body.data).toEqual([expect.objectContaining({ id: op.user.id, role: 'admin', activePackage: null })])
  const none = await get(app, `${ADMIN_API.users}?q=${encodeURIComponent('%')}`, op.token)
  expect(none.body.totalElements).toBe(0)
  const paged = await get(app, `${ADMIN_API.users}?page=1&size=1`, op.token)
  expect(paged.body).toMatchObject({ page: 1, size: 1 })
  expect(paged.body.totalElements).toBeGreaterThan(1)

  const paid = await get(app, `${ADMIN_API.payments}?status=success`, op.token)
  expect(paid.status).toBe(200)
  const payment = (paid.body.data as AdminPayment[]).find((p) => p.reference === state.reference)
  expect(payment).toEqual({
    reference: state.reference,
    userEmail: payer.email,
    planName: 'Silver',
    amount: plans.Silver.amount,
    currency: 'USD',
    status: 'success',
    purpose: 'subscribe',
    provider: 'test',
    createdAt: expect.any(String),
  })
  expect((await get(app, `${ADMIN_API.payments}?status=failed`, op.token)).body.data).toEqual([])
  expect((await get(app, `${ADMIN_API.payments}?status=paid`, op.token)).status).toBe(400)
})
