import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { auditLog, proverbs, users } from '../../server/src/db/schema'
import { proverbSlug } from '../../server/src/db/seed/corpus'
import { CATEGORIES } from '../../server/src/db/seed/groups'
import { readSeedFaqs } from '../../server/src/db/seed/seed'
import { createAdmin } from '../../server/src/features/admin/admin-accounts'
import { ADMIN_ONLY } from '../../server/src/http/admin-guard'
import type { AdminCategory, AdminFaq, AdminProverb, AuditEntry, ImportReport, ProverbInput } from '../../src/core/admin/contract'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Category, EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Faq } from '../../src/core/community/contract'
import { adminOf, call, del, get, groupsBySlug, memberOf, multipart, post, type FormPart } from '../support/accounts'
import { createTestApp } from '../support/test-app'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { IMPORT_MAX_BYTES } from '../../src/core/admin/import'
import { ADMIN_API_TEXTS, IMPORT_TEXTS } from '../../src/core/admin/api-texts'

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof adminOf>>
let groups: Record<string, EthnicGroup>
let categoryIds: Record<string, number>

beforeAll(async () => {
  t = await createTestApp()
  admin = await adminOf(t.app, t.database.db)
  groups = await groupsBySlug(t.app)
  const { body } = await get(t.app, API.categoriesPublic)
  categoryIds = Object.fromEntries((body.data.content as Category[]).map((c) => [c.name, c.id]))
})
afterAll(() => t.close())

const put = (url: string, payload: unknown, token = admin.token) => call(t.app, 'PUT', url, { payload, token })
const upload = (part: Omit<FormPart, 'name'>, token = admin.token) => {
  const { payload, contentType } = multipart([{ name: 'file', ...part }])
  return call(t.app, 'POST', ADMIN_API.proverbImport, { payload, token, headers: { 'content-type': contentType } })
}
const search = async (q: string) => (await get(t.app, `${API.proverbsPublic}?q=${encodeURIComponent(q)}`)).body.data as Proverb[]
const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]

// Real proverbs the seeded corpus does not hold (Kiswahili).
const DALILI: ProverbInput = {
  proverb: 'Dalili ya mvua ni mawingu.',
  transliteration: 'The sign of rain is clouds.',
  interpretation: 'What is coming shows itself first; read the signs and get ready.',
  ethnicGroupId: 0,
  categoryIds: [],
}
const kiswahili = (input: Partial<ProverbInput> = {}): ProverbInput => ({
  ...DALILI,
  ethnicGroupId: groups.kiswahili.id,
  categoryIds: [categoryIds.Wisdom, categoryIds.Caution],
  ...input,
})

test('every route here refuses a visitor (401) and a plain user (403), before reading the body', async () => {
  const member = await memberOf(t.app, t.database.db)
  const file = multipart([{ name: 'file', filename: 'p.csv', content: 'ethnic,proverb\n' }])
  const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>][] = [
    ['GET', ADMIN_API.suggestions],
    ['POST', ADMIN_API.approveSuggestion(1), { proverb: 'x' }],
    ['POST', ADMIN_API.rejectSuggestion(1), { reason: 'x' }],
    ['GET', ADMIN_API.proverbs],
    ['POST', ADMIN_API.proverbs, {}],
    ['PUT', ADMIN_API.proverb(1), {}],
    ['DELETE', ADMIN_API.proverb(1)],
    ['POST', ADMIN_API.proverbImport, file.payload, { 'content-type': file.contentType }],
    ['GET', ADMIN_API.categories],
    ['POST', ADMIN_API.categories, { name: 'x' }],
    ['PUT', ADMIN_API.category(1), { name: 'x' }],
    ['DELETE', ADMIN_API.category(1)],
    ['GET', ADMIN_API.faqs],
    ['POST', ADMIN_API.faqs, {}],
    ['PUT', ADMIN_API.faq(1), {}],
    ['DELETE', ADMIN_API.faq(1)],
    ['GET', ADMIN_API.audit],
  ]
  for (const [method, url, payload, headers] of routes) {
    const visitor = await call(t.app, method, url, { payload, headers })
    expect(visitor.status, `visitor ${method} ${url}`).toBe(401)
    expect(visitor.body.error.code).toBe('unauthorized')
    const user = await call(t.app, method, url, { payload, headers, token: member.token })
    expect(user.status, `user ${method} ${url}`).toBe(403)
    expect(user.body.error).toEqual({ code: 'forbidden', message: ADMIN_ONLY })
  }
})

test('an admin adds a proverb; the public search finds it at once and the audit log has it', async () => {
  // Read first, so a stale cached answer would show if the cache were not cleared.
  expect(await search('dalili mvua')).toEqual([])
  const res = await post(t.app, ADMIN_API.proverbs, kiswahili(), admin.token)
  expect(res.status).toBe(201)
  const created = res.body.data as AdminProverb
  expect(created).toMatchObject({ ...kiswahili(), source: 'admin' })
  expect(created.slug).toMatch(/^kiswahili-dalili-ya-mvua-ni-mawingu-[0-9a-f]{6}$/)
  const found = await search('dalili mvua')
  expect(found.map((p) => p.slug)).toEqual([created.slug])
  expect(found[0].categories.map((c) => c.name)).toEqual(['Caution', 'Wisdom'])
  expect(await lastAudit()).toMatchObject({
    actorUserId: admin.user.id,
    action: 'proverb.create',
    targetType: 'proverb',
    targetId: String(created.id),
  })

  const again = await post(t.app, ADMIN_API.proverbs, kiswahili(), admin.token)
  expect(again.status).toBe(409)
  expect(again.body.error.message).toBe(ADMIN_API_TEXTS.proverbExists)

  const listed = await get(t.app, `${ADMIN_API.proverbs}?q=${encodeURIComponent('dalili ya mvua')}&ethnic=kiswahili`, admin.token)
  expect(listed.body).toMatchObject({ page: 1, totalElements: 1, totalPages: 1 })
  expect(listed.body.data).toEqual([created])
})

test('a proverb body is validated field by field, trimmed, NFC-normalised and stripped of HTML', async () => {
  const bad = await post(
    t.app,
    ADMIN_API.proverbs,
    { proverb: '', transliteration: 42, ethnicGroupId: 'x', categoryIds: [1, 2, 3, 4] },
    admin.token,
  )
  expect(bad.status).toBe(400)
  expect(bad.body.error.fields).toEqual({
    proverb: ADMIN_TEXTS.required,
    transliteration: ADMIN_TEXTS.text,
    interpretation: ADMIN_TEXTS.required,
    ethnicGroupId: ADMIN_TEXTS.ethnicGroupId,
    categoryIds: ADMIN_TEXTS.categoryIds,
  })
  for (const body of [[], { ...kiswahili(), ethnicGroupId: 99_999_999_999 }, { ...kiswahili(), categoryIds: [1, 1] }]) {
    expect((await post(t.app, ADMIN_API.proverbs, body, admin.token)).status).toBe(400)
  }
  const unknownGroup = await post(t.app, ADMIN_API.proverbs, kiswahili({ ethnicGroupId: 999_999 }), admin.token)
  expect(unknownGroup.body.error.fields).toEqual({ ethnicGroupId: ADMIN_API_TEXTS.unknownGroup })
  const unknownCategory = await post(t.app, ADMIN_API.proverbs, kiswahili({ categoryIds: [999_999] }), admin.token)
  expect(unknownCategory.body.error.fields).toEqual({ categoryIds: ADMIN_API_TEXTS.unknownCategories })

  const decomposed = 'Siku njema huonekana asubuhi.'.normalize('NFD')
  const res = await post(
    t.app,
    ADMIN_API.proverbs,
    // Typed in text areas: the proverb and rendering become one line; the meaning keeps its lines.
    kiswahili({
      proverb: `  <b>${decomposed.replace('njema ', 'njema\n ')}</b> `,
      transliteration: 'A good day is seen <script>x</script>in\nthe morning.',
      interpretation: 'What will go well shows from the start.\nLook at the beginning.',
    }),
    admin.token,
  )
  expect(res.status).toBe(201)
  expect(res.body.data.proverb).toBe('Siku njema huonekana asubuhi.')
  expect(res.body.data.transliteration).toBe('A good day is seen xin the morning.')
  expect(res.body.data.interpretation).toBe('What will go well shows from the start.\nLook at the beginning.')
  await del(t.app, ADMIN_API.proverb(res.body.data.id), admin.token)
})

test('admins replace and delete their own proverbs', async () => {
  const created = (
    await post(
      t.app,
      ADMIN_API.proverbs,
      kiswahili({
        proverb: 'Kila ndege huruka kwa ubawa wake.',
        transliteration: 'Every bird flies with its own wing.',
        interpretation: 'Each must rely on their own means.',
        categoryIds: [categoryIds.Work],
      }),
      admin.token,
    )
  ).body.data as AdminProverb
  const replaced = await put(
    ADMIN_API.proverb(created.id),
    kiswahili({
      proverb: 'Kila ndege huruka kwa ubawa wake.',
      transliteration: 'Every bird flies with its own wing.',
      interpretation: 'Each must rely on their own means and effort.',
      categoryIds: [categoryIds.Work, categoryIds.Character],
    }),
  )
  expect(replaced.status).toBe(200)
  expect(replaced.body.data).toMatchObject({
    id: created.id,
    slug: created.slug,
    interpretation: 'Each must rely on their own means and effort.',
    categoryIds: [categoryIds.Work, categoryIds.Character].sort((a, b) => a - b),
  })
  expect(await lastAudit()).toMatchObject({ action: 'proverb.update', targetId: String(created.id) })
  // The log keeps the text before and after, so it can say what changed.
  const update = JSON.parse((await lastAudit()).detail!) as { before: Record<string, unknown> } & Record<string, unknown>
  expect(update.before.interpretation).toBe('Each must rely on their own means.')
  expect(update.interpretation).toBe('Each must rely on their own means and effort.')

  const deleted = await del(t.app, ADMIN_API.proverb(created.id), admin.token)
  expect(deleted.body.data).toEqual({ id: created.id, deleted: true })
  expect(await lastAudit()).toMatchObject({ action: 'proverb.delete', targetId: String(created.id) })
  expect((await get(t.app, `${API.proverbsPublic}/${created.slug}`)).status).toBe(404)
  for (const id of ['999999', 'abc', '99999999999']) {
    expect((await del(t.app, `${ADMIN_API.proverbs}/${id}`, admin.token)).status).toBe(404)
  }
})

test('categories: created, renamed and deleted; one in use is refused', async () => {
  const created = await post(t.app, ADMIN_API.categories, { name: ' Hospitality ' }, admin.token)
  expect(created.status).toBe(201)
  const category = created.body.data as AdminCategory
  expect(category).toMatchObject({ name: 'Hospitality', slug: 'hospitality', proverbCount: 0 })
  expect((await post(t.app, ADMIN_API.categories, { name: 'hospitality' }, admin.token)).status).toBe(409)
  expect((await post(t.app, ADMIN_API.categories, { name: 'ፍቅር' }, admin.token)).body.error.message).toBe(
    ADMIN_API_TEXTS.categoryNeedsLetters,
  )

  const renamed = await put(ADMIN_API.category(category.id), { name: 'Generosity' })
  expect(renamed.body.data).toMatchObject({ id: category.id, name: 'Generosity', slug: 'generosity' })
  const publicList = (await get(t.app, API.categoriesPublic)).body.data.content as Category[]
  expect(publicList.map((c) => c.name)).toContain('Generosity')

  const used = (
    await post(
      t.app,
      ADMIN_API.proverbs,
      kiswahili({
        proverb: 'Kila ndege huruka na mbawa zake.',
        transliteration: 'Every bird flies with its own wings.',
        interpretation: 'Each person gets on by their own means and strength.',
        categoryIds: [category.id],
      }),
      admin.token,
    )
  ).body.data as AdminProverb
  const inUse = await del(t.app, ADMIN_API.category(category.id), admin.token)
  expect(inUse.status).toBe(409)
  expect(inUse.body.error.message).toBe(ADMIN_API_TEXTS.categoryInUse('Generosity', 1))
  await del(t.app, ADMIN_API.proverb(used.id), admin.token)
  expect((await del(t.app, ADMIN_API.category(category.id), admin.token)).body.data).toEqual({ id: category.id, deleted: true })

  const list = (await get(t.app, `${ADMIN_API.categories}?size=100`, admin.token)).body.data as AdminCategory[]
  expect(list.map((c) => c.name)).toEqual([...CATEGORIES].sort())
  expect(list.every((c) => c.builtIn)).toBe(true)
  expect(category.builtIn).toBe(false)
  const actions = (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(5)).map((e) => e.action)
  expect(actions).toEqual(expect.arrayContaining(['category.create', 'category.rename', 'category.delete']))
})

test('the public FAQ reflects what admins add, change and remove', async () => {
  const created = await post(
    t.app,
    ADMIN_API.faqs,
    { question: 'Can I suggest a proverb?', answer: 'Yes: use “Suggest a proverb”.\nA moderator reviews it.' },
    admin.token,
  )
  expect(created.status).toBe(201)
  const faq = created.body.data as AdminFaq
  const publicFaq = async () => (await get(t.app, API.faq)).body.data as Faq[]
  expect((await publicFaq()).at(-1)).toEqual({ id: faq.id, question: faq.question, answer: faq.answer })
  expect(faq.position).toBe(readSeedFaqs().length)

  const updated = await put(ADMIN_API.faq(faq.id), { question: 'Can I suggest a proverb of my people?', answer: 'Yes.', position: 0 })
  expect(updated.body.data).toEqual({
    id: faq.id,
    question: 'Can I suggest a proverb of my people?',
    answer: 'Yes.',
    position: 0,
    builtIn: false,
  })
  expect((await publicFaq()).map((f) => f.id)).toContain(faq.id)
  expect(
    (await post(t.app, ADMIN_API.faqs, { question: 'Can I suggest a proverb of my people?', answer: 'Again' }, admin.token)).status,
  ).toBe(409)
  expect((await post(t.app, ADMIN_API.faqs, { question: 'Q', answer: 'A', position: -1 }, admin.token)).body.error.fields).toEqual({
    position: ADMIN_TEXTS.faqPosition,
  })

  const listed = (await get(t.app, `${ADMIN_API.faqs}?size=100`, admin.token)).body.data as AdminFaq[]
  expect(listed.filter((f) => f.builtIn).map((f) => f.question)).toEqual(readSeedFaqs().map((f) => f.question))

  expect((await del(t.app, ADMIN_API.faq(faq.id), admin.token)).status).toBe(200)
  expect((await publicFaq()).map((f) => f.id)).not.toContain(faq.id)
  expect(await lastAudit()).toMatchObject({ action: 'faq.delete', targetId: String(faq.id) })
})

test('an import takes good rows, counts duplicates, reports each bad row with its reason, and audits the counts', async () => {
  const csv = [
    'Ethnic,Proverb,Transliteration,Interpretation,Categories,Notes',
    // Quoted fields holding commas, a line break and doubled quotes.
    'kiswahili,"Polepole, ndio mwendo.","Slowly, slowly is the way to go.","Steady progress gets there; haste ""ruins"" the journey.\nSaid to the impatient.","Patience; Perseverance",ignored',
    'Swahili,Maji yakimwagika hayazoleki.,"Water, once spilt, cannot be gathered up.",What is done cannot be undone; take care before you act.,Consequences,',
    // Duplicates: a seeded proverb (tone marks and punctuation aside), and a repeat of row 1.
    'kiswahili,"Haraka, haraka haina baraka",Hurry hurry has no blessing.,Rushing spoils things.,Patience,',
    'kiswahili,Polepole ndio mwendo,Slowly is the way.,Go steadily.,Patience,',
    // Rejections, one reason each.
    ',Mti ni mti.,A tree is a tree.,Meaningless.,Wisdom,',
    'klingon,Something.,Something.,Something.,Wisdom,',
    'kiswahili,Something.,Something.,Something.,Wisdom; Courage,',
    'kiswahili,Something.,Something.,Something.,Wisdom;Work;Unity;Family,',
    `kiswahili,${'a'.repeat(1001)},Something.,Something.,Wisdom,`,
    'kiswahili,,Something.,Something.,Wisdom,',
  ].join('\r\n')
  const res = await upload({ filename: 'batch.csv', type: 'text/csv', content: csv })
  expect(res.status).toBe(200)
  expect(res.body.data as ImportReport).toEqual({
    received: 10,
    imported: 2,
    duplicates: 2,
    rejected: [
      { row: 5, reason: IMPORT_TEXTS.missing('ethnic') },
      { row: 6, reason: IMPORT_TEXTS.unknownGroup('klingon') },
      { row: 7, reason: IMPORT_TEXTS.unknownCategory('Courage') },
      { row: 8, reason: IMPORT_TEXTS.categoryCount },
      { row: 9, reason: IMPORT_TEXTS.tooLong('proverb') },
      { row: 10, reason: IMPORT_TEXTS.missing('proverb') },
    ],
  })
  const [polepole] = await search('polepole')
  expect(polepole).toMatchObject({
    proverb: 'Polepole, ndio mwendo.',
    interpretation: 'Steady progress gets there; haste "ruins" the journey. Said to the impatient.',
  })
  expect(polepole.categories.map((c) => c.name)).toEqual(['Patience', 'Perseverance'])
  const [row] = await t.database.db.select().from(proverbs).where(eq(proverbs.id, polepole.id))
  expect(row.source).toBe('import')
  const entry = await lastAudit()
  expect(entry).toMatchObject({ actorUserId: admin.user.id, action: 'proverb.import' })
  expect(JSON.parse(entry.detail!)).toEqual({ received: 10, imported: 2, duplicates: 2, rejected: 6, file: 'batch.csv' })

  // Imported again: everything is now a duplicate.
  const again = await upload({ filename: 'batch.csv', content: csv })
  expect(again.body.data).toMatchObject({ imported: 0, duplicates: 4 })
})

test('a JSON import takes an array of objects; categories may be a list', async () => {
  const rows = [
    {
      ethnic: 'kiswahili',
      proverb: 'Fimbo ya mbali haiui nyoka.',
      transliteration: 'A stick far away does not kill a snake.',
      interpretation: 'Help that is out of reach is no help when trouble comes.',
      categories: ['Caution', 'Knowledge'],
    },
    { ethnic: 'kiswahili', proverb: 42, transliteration: 'x', interpretation: 'x', categories: 'Wisdom' },
    'not an object',
  ]
  const res = await upload({ filename: 'rows.json', type: 'application/json', content: JSON.stringify(rows) })
  expect(res.body.data).toEqual({
    received: 3,
    imported: 1,
    duplicates: 0,
    rejected: [
      { row: 2, reason: IMPORT_TEXTS.notText('proverb') },
      {
        row: 3,
        reason: (['proverb', 'transliteration', 'interpretation', 'ethnic', 'categories'] as const).map(IMPORT_TEXTS.missing).join('; '),
      },
    ],
  })
  expect((await search('haiui')).map((p) => p.proverb)).toEqual(['Fimbo ya mbali haiui nyoka.'])
})

/**
 * Two texts whose slugs collide: the same first six words, and different endings whose 24-bit hashes
 * meet (a birthday search, some thousands of tries). Test data only, never shown to readers.
 */
function slugTwins(language: string): [string, string] {
  const seen = new Map<string, string>()
  for (let n = 0; ; n++) {
    const text = `Import row for the clash check number ${n}.`
    const slug = proverbSlug(language, text)
    const twin = seen.get(slug)
    if (twin) return [twin, text]
    seen.set(slug, text)
  }
}

test('a row whose address would clash with another proverb’s (a hash collision) is refused with its reason, not the whole file', async () => {
  const [first, second] = slugTwins('kiswahili')
  expect(proverbSlug('kiswahili', first)).toBe(proverbSlug('kiswahili', second))
  const row = (proverb: string) => ({
    ethnic: 'kiswahili',
    proverb,
    transliteration: 'A row of an import.',
    interpretation: 'Checks how an import treats two proverbs with one address.',
    categories: ['Wisdom'],
  })
  const both = await upload({ filename: 'twins.json', content: JSON.stringify([row(first), row(second)]) })
  expect(both.status, JSON.stringify(both.body)).toBe(200)
  expect(both.body.data).toEqual({ received: 2, imported: 1, duplicates: 0, rejected: [{ row: 2, reason: IMPORT_TEXTS.slugClash }] })
  // Against a proverb already stored, the same.
  const again = await upload({ filename: 'twin.json', content: JSON.stringify([row(second)]) })
  expect(again.body.data).toEqual({ received: 1, imported: 0, duplicates: 0, rejected: [{ row: 1, reason: IMPORT_TEXTS.slugClash }] })
  const stored = await t.database.db
    .select({ proverb: proverbs.proverb })
    .from(proverbs)
    .where(eq(proverbs.slug, proverbSlug('kiswahili', first)))
  expect(stored).toEqual([{ proverb: first }])
})

test('an import file that is too large, not CSV or JSON, or malformed is refused with a message', async () => {
  const big = await upload({ filename: 'big.csv', content: Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a') })
  expect(big.status).toBe(413)
  expect(big.body.error).toEqual({ code: 'payload_too_large', message: IMPORT_TEXTS.tooLarge, fields: { file: IMPORT_TEXTS.tooLarge } })

  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  for (const content of [png, Buffer.from([0xff, 0xfe, 0x41]), 'name,age\nAda,3\n', '']) {
    const res = await upload({ filename: 'proverbs.csv', type: 'text/csv', content })
    expect(res.status).toBe(415)
    expect(res.body.error.message).toBe(IMPORT_TEXTS.wrongType)
  }
  const noFile = await call(t.app, 'POST', ADMIN_API.proverbImport, { payload: { rows: [] }, token: admin.token })
  expect(noFile.status).toBe(415)
  expect(noFile.body.error.message).toBe(IMPORT_TEXTS.notMultipart)

  expect((await upload({ filename: 'p.csv', content: 'ethnic,proverb\nkiswahili,x\n' })).body.error.message).toBe(
    IMPORT_TEXTS.missingColumns(['transliteration', 'interpretation', 'categories']),
  )
  expect(
    (await upload({ filename: 'p.csv', content: 'ethnic,proverb,transliteration,interpretation,categories\nkiswahili,"open\n' })).body.error
      .message,
  ).toBe(IMPORT_TEXTS.badCsv('A quoted field is never closed (line 2)'))
  expect((await upload({ filename: 'p.json', content: '[{"ethnic": ' })).body.error.message).toBe(IMPORT_TEXTS.badJson)
  expect((await upload({ filename: 'p.json', content: '{"ethnic": "kiswahili"}' })).body.error.message).toBe(IMPORT_TEXTS.jsonShape)
})

test('the audit log lists admins’ actions newest first, with the actor’s email', async () => {
  const res = await get(t.app, `${ADMIN_API.audit}?size=3`, admin.token)
  expect(res.status).toBe(200)
  expect(res.body).toMatchObject({ page: 1, size: 3 })
  const entries = res.body.data as AuditEntry[]
  expect(entries).toHaveLength(3)
  expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a))
  expect(entries[0].actor).toEqual({ id: admin.user.id, email: admin.email })
  expect(Object.keys(entries[0]).sort()).toEqual(['action', 'actor', 'createdAt', 'detail', 'id', 'targetId', 'targetType'])
})

test('admin:create promotes an existing account, or makes an activated admin with a one-time reset link', async () => {
  const member = await memberOf(t.app, t.database.db)
  const promoted = await createAdmin(t.database.db, ` ${member.email.toUpperCase()} `, new Date(), 'https://owe.example')
  expect(promoted).toEqual({ outcome: 'promoted', userId: member.user.id, activated: true })
  expect((await get(t.app, ADMIN_API.audit, member.token)).status).toBe(200)
  expect(await createAdmin(t.database.db, member.email, new Date(), 'https://owe.example')).toMatchObject({ outcome: 'already-admin' })

  const created = await createAdmin(t.database.db, 'admin@owe.example', new Date(), 'https://owe.example')
  if (created.outcome !== 'created') throw new Error('expected a new account')
  expect(created.resetLink).toMatch(/^https:\/\/owe\.example\/auth\/reset_password\?token=[A-Za-z0-9_-]{43}$/)
  const [user] = await t.database.db.select().from(users).where(eq(users.id, created.userId))
  expect(user).toMatchObject({ email: 'admin@owe.example', role: 'admin' })
  expect(user.activatedAt).not.toBeNull()

  // The link sets the password (the reset flow is the only way in); the new password signs in as an admin.
  const token = new URL(created.resetLink).searchParams.get('token')!
  const reset = await post(t.app, API.saveResetPassword, { token, password: 'Òwe#admin1', confirmPassword: 'Òwe#admin1' })
  expect(reset.status, JSON.stringify(reset.body)).toBe(200)
  const login = await post(t.app, API.login, { email: 'admin@owe.example', password: 'Òwe#admin1' })
  expect((await get(t.app, ADMIN_API.audit, login.body.data.token)).status).toBe(200)

  const log = (await get(t.app, `${ADMIN_API.audit}?size=5`, admin.token)).body.data as AuditEntry[]
  expect(log.find((e) => e.action === 'user.create-admin')).toMatchObject({ actor: null, targetId: String(created.userId) })
  expect(log.find((e) => e.action === 'user.promote')).toMatchObject({ actor: null, targetId: String(member.user.id) })
  await expect(createAdmin(t.database.db, 'not-an-email', new Date(), 'https://owe.example')).rejects.toThrow('is not an email address')
})

test('admin:create on an address someone registered but never activated: their password and sessions are gone', async () => {
  const squatter = {
    firstName: 'Sly',
    lastName: 'Fox',
    email: 'ops-claimed@owe.example',
    password1: 'Attack3r!pw',
    password2: 'Attack3r!pw',
    packageId: 1,
  }
  expect((await post(t.app, '/accounts/register', squatter)).status).toBe(201)
  const made = await createAdmin(t.database.db, squatter.email, new Date(), 'https://owe.example')
  expect(made).toMatchObject({ outcome: 'created', resetLink: expect.stringContaining('/auth/reset_password') })
  // The password chosen at sign-up no longer opens it: only the one-time link does.
  expect((await post(t.app, '/accounts/login', { email: squatter.email, password: squatter.password1 })).status).toBe(401)
  const [user] = await t.database.db.select().from(users).where(eq(users.email, squatter.email))
  expect(user).toMatchObject({ role: 'admin' })
  expect(user.activatedAt).not.toBeNull()
})
