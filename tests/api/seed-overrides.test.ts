import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { adverts, auditLog, faqs, proverbCategories, proverbs, quizQuestions, seedOverrides } from '../../server/src/db/schema'
import { corpusRows, proverbSlug } from '../../server/src/db/seed/corpus'
import { seed } from '../../server/src/db/seed/seed'
import type { AdminAdvert, AdminCategory, AdminFaq, AdminProverb, AdminQuizQuestion } from '../../src/core/admin/contract'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Faq } from '../../src/core/community/contract'
import type { Proverb } from '../../src/core/proverbs/contract'
import { adminOf, call, del, get } from '../support/accounts'
import { createTestApp } from '../support/test-app'
import { ADMIN_API_TEXTS } from '../../src/core/admin/api-texts'

/**
 * Admins may change and delete what Òwe ships (corpus proverbs, built-in categories, the FAQ, the quiz
 * bank, house adverts). The change is recorded in seed_overrides in the same transaction, and the next
 * start's seeding leaves those rows alone: it neither writes them back nor brings them back.
 */
let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof adminOf>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await adminOf(t.app, t.database.db)
})
afterAll(() => t.close())

const db = () => t.database.db
const send = (method: 'PUT' | 'PATCH', url: string, payload: unknown) => call(t.app, method as 'PUT', url, { payload, token: admin.token })
const overrides = (kind: string) => db().select().from(seedOverrides).where(eq(seedOverrides.kind, kind))
const audited = async (action: string, id: number) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))
  ).map((e) => JSON.parse(e.detail ?? '{}') as Record<string, unknown>)
/** A restart, as far as the database can tell. */
const restart = () => seed(db())

test('a seeded proverb edited in the console stays as edited, and one deleted stays gone, after a restart', async () => {
  const seeded = await db().select().from(proverbs).where(eq(proverbs.source, 'seed')).limit(2)
  const [edited, deleted] = seeded
  const [{ total: before }] = await db().select({ total: count() }).from(proverbs)
  const links = await db()
    .select({ id: proverbCategories.categoryId })
    .from(proverbCategories)
    .where(eq(proverbCategories.proverbId, edited.id))

  const input = {
    proverb: edited.proverb,
    transliteration: edited.transliteration,
    interpretation: `${edited.interpretation} Said by elders to the young.`,
    ethnicGroupId: edited.ethnicGroupId,
    categoryIds: links.map((l) => l.id),
  }
  const res = await send('PUT', ADMIN_API.proverb(edited.id), input)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.data as AdminProverb).toMatchObject({
    id: edited.id,
    slug: edited.slug,
    interpretation: input.interpretation,
    source: 'admin',
  })
  expect(await audited('proverb.update', edited.id)).toEqual([
    expect.objectContaining({ before: expect.objectContaining({ source: 'seed' }) }),
  ])

  expect((await del(t.app, ADMIN_API.proverb(deleted.id), admin.token)).status).toBe(200)
  expect(await audited('proverb.delete', deleted.id)).toEqual([expect.objectContaining({ slug: deleted.slug, source: 'seed' })])
  expect((await overrides('proverb')).map((o) => [o.seedKey, o.targetId]).sort()).toEqual(
    [
      [deleted.slug, null],
      [edited.slug, edited.id],
    ].sort(),
  )

  await restart()
  const [after] = await db().select().from(proverbs).where(eq(proverbs.id, edited.id))
  expect(after).toMatchObject({ interpretation: input.interpretation, source: 'admin' })
  expect(await db().select().from(proverbs).where(eq(proverbs.slug, deleted.slug))).toEqual([])
  const [{ total }] = await db().select({ total: count() }).from(proverbs)
  expect(total).toBe(before - 1)
  const shown = (await get(t.app, `${API.proverbsPublic}/${edited.slug}`)).body.data as Proverb
  expect(shown.interpretation).toBe(input.interpretation)
  // Seeding again after that changes nothing more.
  await restart()
  expect((await db().select({ total: count() }).from(proverbs))[0].total).toBe(before - 1)
})

test('an admin’s correction survives the files making the same correction later', async () => {
  const [row] = await db().select().from(proverbs).where(eq(proverbs.source, 'seed')).limit(1)
  const links = await db()
    .select({ id: proverbCategories.categoryId })
    .from(proverbCategories)
    .where(eq(proverbCategories.proverbId, row.id))
  const corrected = `${row.proverb.replace(/[.!?]$/, '')}!`
  const res = await send('PUT', ADMIN_API.proverb(row.id), {
    proverb: corrected,
    transliteration: row.transliteration,
    interpretation: 'The admin’s own reading.',
    ethnicGroupId: row.ethnicGroupId,
    categoryIds: links.map((l) => l.id),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  const newSlug = (res.body.data as AdminProverb).slug
  expect(newSlug).not.toBe(row.slug)

  // A later release of the corpus makes the same correction (so the file's entry now has the new slug).
  const corpus = corpusRows().map((entry) =>
    entry.slug === row.slug
      ? { ...entry, proverb: corrected, slug: proverbSlug(entry.language, corrected), categories: ['Humility', 'Wisdom'] }
      : entry,
  )
  await seed(db(), corpus)
  const rows = await db().select().from(proverbs).where(eq(proverbs.slug, newSlug))
  expect(rows).toEqual([expect.objectContaining({ id: row.id, source: 'admin', interpretation: 'The admin’s own reading.' })])
  const after = await db()
    .select({ id: proverbCategories.categoryId })
    .from(proverbCategories)
    .where(eq(proverbCategories.proverbId, row.id))
  expect(after.map((l) => l.id).sort()).toEqual(links.map((l) => l.id).sort())
})

test('a built-in category renamed keeps its proverbs through a restart; one deleted is not brought back', async () => {
  const list = async () => (await get(t.app, `${ADMIN_API.categories}?size=100`, admin.token)).body.data as AdminCategory[]
  const wisdom = (await list()).find((c) => c.name === 'Wisdom')!
  expect(wisdom).toMatchObject({ builtIn: true })
  expect(wisdom.proverbCount).toBeGreaterThan(0)

  const renamed = await send('PUT', ADMIN_API.category(wisdom.id), { name: 'Sagacity' })
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
  expect(renamed.body.data).toEqual({
    id: wisdom.id,
    name: 'Sagacity',
    slug: 'sagacity',
    proverbCount: wisdom.proverbCount,
    builtIn: false,
  })
  expect(await audited('category.rename', wisdom.id)).toEqual([{ from: 'Wisdom', to: 'Sagacity', builtIn: true }])

  // Still in use: refused, and nothing is recorded by the refusal.
  const humility = (await list()).find((c) => c.name === 'Humility')!
  const refused = await del(t.app, ADMIN_API.category(humility.id), admin.token)
  expect(refused.status).toBe(409)
  expect(refused.body.error.message).toBe(ADMIN_API_TEXTS.categoryInUse('Humility', humility.proverbCount))
  expect((await overrides('category')).map((o) => o.seedKey)).toEqual(['Wisdom'])
  // Once nothing uses it, a built-in category can go.
  await db().delete(proverbCategories).where(eq(proverbCategories.categoryId, humility.id))
  expect((await del(t.app, ADMIN_API.category(humility.id), admin.token)).status).toBe(200)

  await restart()
  const names = (await list()).map((c) => c.name)
  expect(names).toContain('Sagacity')
  expect(names).not.toContain('Wisdom')
  expect(names).not.toContain('Humility')
  // A rename that clashes is refused and takes nothing over.
  const courage = (await list()).find((c) => c.name === 'Caution')!
  expect((await send('PUT', ADMIN_API.category(courage.id), { name: 'sagacity' })).status).toBe(409)
  expect((await list()).find((c) => c.id === courage.id)).toMatchObject({ name: 'Caution', builtIn: true })
  // An admin may make a category of a name given up; it is theirs, and stays through a restart.
  const again = await call(t.app, 'POST', ADMIN_API.categories, { payload: { name: 'Humility' }, token: admin.token })
  expect(again.body.data).toMatchObject({ name: 'Humility', builtIn: false })
  await restart()
  expect((await list()).filter((c) => c.name === 'Humility')).toEqual([{ ...again.body.data, proverbCount: 0 }])
  // The corpus files still say "Wisdom": those proverbs follow the renamed row.
  const [{ n }] = await db().select({ n: count() }).from(proverbCategories).where(eq(proverbCategories.categoryId, wisdom.id))
  expect(n).toBe(wisdom.proverbCount)
  expect((await list()).find((c) => c.id === wisdom.id)).toMatchObject({ name: 'Sagacity', builtIn: false })
})

test('a seeded FAQ answer edited stays edited, a renamed or deleted question stays gone, after a restart', async () => {
  const list = async () => (await get(t.app, `${ADMIN_API.faqs}?size=100`, admin.token)).body.data as AdminFaq[]
  const [first, second, third, fourth] = (await list()).filter((f) => f.builtIn)
  // Refused (the question is taken): nothing is taken over.
  expect((await send('PUT', ADMIN_API.faq(third.id), { question: fourth.question, answer: third.answer })).status).toBe(409)
  expect((await list()).find((f) => f.id === third.id)).toMatchObject({ builtIn: true })
  const renamed = await send('PUT', ADMIN_API.faq(third.id), {
    question: `${third.question.replace(/\?$/, '')}, please?`,
    answer: third.answer,
  })
  expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
  const edited = await send('PUT', ADMIN_API.faq(first.id), {
    question: first.question,
    answer: 'Everything in Òwe works without a connection once it has been opened.',
  })
  expect(edited.status, JSON.stringify(edited.body)).toBe(200)
  expect(edited.body.data).toMatchObject({ id: first.id, builtIn: false })
  expect((await del(t.app, ADMIN_API.faq(second.id), admin.token)).status).toBe(200)
  expect(await audited('faq.delete', second.id)).toEqual([{ question: second.question, builtIn: true }])

  await restart()
  const publicFaq = (await get(t.app, API.faq)).body.data as Faq[]
  expect(publicFaq.find((f) => f.id === first.id)?.answer).toBe('Everything in Òwe works without a connection once it has been opened.')
  expect(publicFaq.map((f) => f.question)).not.toContain(second.question)
  expect(publicFaq.map((f) => f.question)).not.toContain(third.question)
  expect(publicFaq.map((f) => f.question)).toContain(renamed.body.data.question)
  expect(await db().select().from(faqs).where(eq(faqs.question, second.question))).toEqual([])
  expect((await list()).find((f) => f.id === first.id)).toMatchObject({ builtIn: false })
})

test('a question of the bank files edited or retired becomes the admins’ and is not written back', async () => {
  const page = (await get(t.app, `${ADMIN_API.quizQuestions}?ethnicGroupId=general&size=100`, admin.token)).body.data as AdminQuizQuestion[]
  const [first, second, third] = page.filter((q) => q.builtIn)
  const [{ key: firstKey }] = await db().select({ key: quizQuestions.key }).from(quizQuestions).where(eq(quizQuestions.id, first.id))
  const [{ key: secondKey }] = await db().select({ key: quizQuestions.key }).from(quizQuestions).where(eq(quizQuestions.id, second.id))

  const edited = await send('PUT', ADMIN_API.quizQuestion(first.id), {
    ethnicGroupId: null,
    question: first.question,
    options: first.options,
    correct: first.correct,
    note: `${first.note} Checked again.`,
  })
  expect(edited.status, JSON.stringify(edited.body)).toBe(200)
  expect(edited.body.data).toMatchObject({ id: first.id, note: `${first.note} Checked again.`, builtIn: false, active: true })
  const retired = await call(t.app, 'DELETE', ADMIN_API.quizQuestion(second.id), { token: admin.token })
  expect(retired.body.data).toMatchObject({ id: second.id, active: false, builtIn: false })

  await restart()
  const rows = await db()
    .select()
    .from(quizQuestions)
    .where(inArray(quizQuestions.id, [first.id, second.id]))
  const byId = new Map(rows.map((r) => [r.id, r]))
  expect(byId.get(first.id)).toMatchObject({ key: `admin:seed:${firstKey}`, note: `${first.note} Checked again.`, active: true })
  expect(byId.get(second.id)).toMatchObject({ key: `admin:seed:${secondKey}`, active: false })
  // Not brought back under the file's key either.
  expect(
    await db()
      .select()
      .from(quizQuestions)
      .where(inArray(quizQuestions.key, [firstKey, secondKey])),
  ).toEqual([])

  // One retired by seeding (it left the files) is already retired: retiring it takes nothing over.
  await db().update(quizQuestions).set({ active: false }).where(eq(quizQuestions.id, third.id))
  const noop = await call(t.app, 'DELETE', ADMIN_API.quizQuestion(third.id), { token: admin.token })
  expect(noop.body.data).toMatchObject({ id: third.id, active: false, builtIn: true })
  expect((await overrides('quiz')).map((o) => o.targetId).sort()).toEqual([first.id, second.id].sort())
})

test('a house advert reworded or deleted stays so after a restart; moving or switching one off keeps it Òwe’s', async () => {
  const list = async () => (await get(t.app, `${ADMIN_API.adverts}?size=100`, admin.token)).body.data as AdminAdvert[]
  const [first, second, third] = (await list()).filter((a) => a.source === 'seed')
  expect((await send('PATCH', ADMIN_API.advert(first.id), { alt: 'Proverbs of all eight peoples' })).body.data).toMatchObject({
    alt: 'Proverbs of all eight peoples',
    source: 'admin',
  })
  expect((await send('PATCH', ADMIN_API.advert(third.id), { active: false, position: 50 })).body.data).toMatchObject({
    active: false,
    position: 50,
    source: 'seed',
  })
  expect((await del(t.app, ADMIN_API.advert(second.id), admin.token)).status).toBe(200)

  await restart()
  const after = await list()
  expect(after.find((a) => a.id === first.id)).toMatchObject({ alt: 'Proverbs of all eight peoples', source: 'admin' })
  expect(after.find((a) => a.id === third.id)).toMatchObject({ active: false, position: 50, source: 'seed' })
  expect(await db().select().from(adverts).where(eq(adverts.name, second.name))).toEqual([])
  expect((await overrides('advert')).map((o) => o.seedKey).sort()).toEqual([first.name, second.name].sort())
})

test('a refused change records no take-over', async () => {
  const [seeded] = await db().select().from(proverbs).where(eq(proverbs.source, 'seed')).limit(1)
  const before = (await overrides('proverb')).length
  const bad = await send('PUT', ADMIN_API.proverb(seeded.id), {
    proverb: '',
    transliteration: 'x',
    interpretation: 'x',
    ethnicGroupId: seeded.ethnicGroupId,
    categoryIds: [],
  })
  expect(bad.status).toBe(400)
  const unknown = await send('PUT', ADMIN_API.proverb(seeded.id), {
    proverb: seeded.proverb,
    transliteration: 'x',
    interpretation: 'x',
    ethnicGroupId: seeded.ethnicGroupId,
    categoryIds: [999999],
  })
  expect(unknown.status).toBe(400)
  expect(await overrides('proverb')).toHaveLength(before)
  const [still] = await db().select({ source: proverbs.source }).from(proverbs).where(eq(proverbs.id, seeded.id))
  expect(still.source).toBe('seed')
})
