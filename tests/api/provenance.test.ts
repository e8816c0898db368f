import { and, asc, eq, inArray } from 'drizzle-orm'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { answerOptions, auditLog, notifications, quizQuestions, seedOverrides } from '../../server/src/db/schema'
import { corpusRows } from '../../server/src/db/seed/corpus'
import { memberSlug, readCousins } from '../../server/src/db/seed/cousins'
import { factBank } from '../../server/src/db/seed/quiz'
import { seed } from '../../server/src/db/seed/seed'
import { composeBatch, splitProverb } from '../../server/src/features/quiz/compose'
import type { AdminCorrection } from '../../src/core/admin/contract'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Proverb, ProverbChange, ProverbSource } from '../../src/core/proverbs/contract'
import { CORRECTION_TEXTS } from '../../src/core/community/corrections'
import { OPEN_DATA } from '../../src/core/proverbs/open-data'
import { COMMUNITY_MESSAGES } from '../../src/core/community/validation'
import { adminOf, call, del, get, mailsTo, memberOf, post } from '../support/accounts'
import { createTestApp } from '../support/test-app'

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof adminOf>>

beforeAll(async () => {
  // A long public cache: a change an admin makes must show at once all the same.
  t = await createTestApp({ OWE_CORPUS_CACHE_MS: '600000', OWE_PUBLIC_URL: 'https://owe.example' })
  admin = await adminOf(t.app, t.database.db)
})
afterAll(() => t.close())

const corpus = corpusRows()
const seeded = (text: string) => {
  const row = corpus.find((r) => r.proverb === text)
  if (!row) throw new Error(`the corpus no longer holds “${text}”`)
  return row
}
const proverb = async (slug: string) => (await get(t.app, API.proverbPublic(slug))).body.data as Proverb
const history = async (slug: string) => (await get(t.app, API.proverbHistory(slug))).body.data as ProverbChange[]
const pendingCorrections = async () => (await get(t.app, ADMIN_API.corrections, admin.token)).body.data as AdminCorrection[]

test('every proverb is served with the sources its corpus entry names', async () => {
  const { body } = await get(t.app, `${API.proverbsPublic}?size=100`)
  const served = body.data as Proverb[]
  expect(served).toHaveLength(100)
  for (const p of served) {
    expect(p.sources.length, p.proverb).toBeGreaterThanOrEqual(1)
    expect(p.sources).toEqual(corpus.find((row) => row.slug === p.slug)!.sources)
  }
  expect(served.every((p) => p.checkedBy === null)).toBe(true)
})

test('a proverb of a cousin cluster carries the shared thought and the other peoples’ proverbs, in lists and alone', async () => {
  const [cluster] = readCousins()
  const [first, ...others] = cluster.members
  const one = await proverb(memberSlug(first))
  expect(one.cousins).toMatchObject({ key: cluster.key, note: cluster.note })
  expect(one.cousins!.proverbs.map((c) => c.proverb).sort()).toEqual(others.map((m) => m.proverb).sort())
  for (const cousin of one.cousins!.proverbs)
    expect(cousin).toEqual(
      expect.objectContaining({
        slug: expect.any(String),
        transliteration: expect.any(String),
        ethnic: expect.objectContaining({ name: expect.any(String) }),
      }),
    )
  const listed = (await get(t.app, `${API.proverbsPublic}?q=${encodeURIComponent(first.proverb)}&ethnic=${first.language}`)).body
    .data as Proverb[]
  expect(listed.find((p) => p.slug === one.slug)?.cousins).toEqual(one.cousins)

  const linked = new Set(readCousins().flatMap((c) => c.members.map(memberSlug)))
  const alone = corpus.find((row) => !linked.has(row.slug))!
  expect((await proverb(alone.slug)).cousins).toBeNull()
})

test('a correction needs the suggestion form’s name and email, must change something, and names a real proverb', async () => {
  const target = seeded('Ilé làbọ̀ sinmi oko.')
  const body = {
    email: 'reader@example.com',
    name: 'Adé',
    proverb: target.proverb,
    transliteration: target.transliteration,
    interpretation: target.interpretation,
  }
  const missing = await post(t.app, API.proverbCorrections(target.slug), { ...body, email: '', name: '' })
  expect(missing.status).toBe(400)
  expect(missing.body.error.fields).toMatchObject({ email: COMMUNITY_MESSAGES.emailRequired, name: COMMUNITY_MESSAGES.nameRequired })
  const unchanged = await post(t.app, API.proverbCorrections(target.slug), body)
  expect(unchanged.status).toBe(400)
  expect(unchanged.body.error).toMatchObject({
    message: CORRECTION_TEXTS.nothingChanged,
    fields: { proverb: CORRECTION_TEXTS.nothingChanged },
  })
  expect((await post(t.app, API.proverbCorrections('no-such-proverb'), body)).status).toBe(404)
  expect((await post(t.app, API.proverbCorrections(target.slug), { ...body, transliteration: 42 })).status).toBe(400)
  expect(await pendingCorrections()).toEqual([])
})

test('a visitor’s correction is shown as a difference, accepted with a tidied text, recorded, kept over a restart, and the visitor told by email', async () => {
  const [cluster] = readCousins()
  const target = seeded(cluster.members[0].proverb)
  const before = await proverb(target.slug)
  const sent = await post(t.app, API.proverbCorrections(target.slug), {
    email: 'Visitor@Example.com',
    name: 'A reader',
    proverb: target.proverb,
    transliteration: `${target.transliteration} <b>(literally)</b>`,
    interpretation: target.interpretation,
    source: 'My grandmother’s collection, https://example.org/proverbs/page-3',
    note: 'The rendering misses a word.',
  })
  expect(sent.status).toBe(201)
  expect(sent.body.data).toEqual({ message: CORRECTION_TEXTS.thanks })

  const [pending] = await pendingCorrections()
  expect(pending).toMatchObject({
    status: 'pending',
    proverbSlug: target.slug,
    email: 'visitor@example.com',
    fromUser: false,
    before: { proverb: target.proverb, transliteration: target.transliteration },
    // Markup is stripped at the door, as from every form.
    proposed: {
      transliteration: `${target.transliteration} (literally)`,
      source: 'My grandmother’s collection, https://example.org/proverbs/page-3',
    },
    changes: ['rendering', 'source'],
    note: 'The rendering misses a word.',
  })

  const tidied = `${target.transliteration.replace(/\.$/, '')} (word for word).`
  const accepted = await post(
    t.app,
    ADMIN_API.acceptCorrection(pending.id),
    { proverb: target.proverb, transliteration: tidied, interpretation: target.interpretation, source: pending.proposed.source },
    admin.token,
  )
  expect(accepted.status).toBe(200)
  expect(accepted.body.data).toMatchObject({ status: 'accepted', current: { transliteration: tidied } })
  expect(
    (
      await post(
        t.app,
        ADMIN_API.acceptCorrection(pending.id),
        { proverb: target.proverb, transliteration: tidied, interpretation: target.interpretation },
        admin.token,
      )
    ).status,
  ).toBe(409)

  const after = await proverb(target.slug)
  expect(after.transliteration).toBe(tidied)
  expect(after.sources).toEqual([...before.sources, { title: 'My grandmother’s collection,', url: 'https://example.org/proverbs/page-3' }])
  expect(after.cousins).toEqual(before.cousins)
  expect(await history(target.slug)).toEqual([{ at: expect.any(String), kind: 'correction', fields: ['rendering', 'source'] }])

  const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'correction.accept'))
  expect(JSON.parse(entry.detail!)).toMatchObject({
    status: { from: 'pending', to: 'accepted' },
    before: { transliteration: target.transliteration },
    transliteration: tidied,
  })
  const [mail] = await mailsTo(t.database.db, 'visitor@example.com')
  expect(mail).toMatchObject({
    subject: CORRECTION_TEXTS.acceptedTitle,
    link: `https://owe.example/search_result?proverb=${encodeURIComponent(target.slug)}`,
  })
  // The visitor's own words are never mailed back: the address was never verified.
  expect(mail.text).not.toContain('(literally)')

  // Òwe's files no longer touch the corrected proverb, and it keeps its cousins.
  expect(await t.database.db.select().from(seedOverrides).where(eq(seedOverrides.seedKey, target.slug))).toHaveLength(1)
  await seed(t.database.db)
  const restarted = await proverb(target.slug)
  expect(restarted.transliteration).toBe(tidied)
  expect(restarted.cousins).toEqual(before.cousins)
})

test('a reader’s correction to the tone marks is declined with a reason, and the reader told in the app', async () => {
  const member = await memberOf(t.app, t.database.db)
  const target = seeded('Ilé làbọ̀ sinmi oko.')
  const sent = await post(
    t.app,
    API.proverbCorrections(target.slug),
    {
      email: member.email,
      name: 'Member',
      proverb: 'Ilé labọ̀ sinmi oko.',
      transliteration: target.transliteration,
      interpretation: target.interpretation,
    },
    member.token,
  )
  expect(sent.status).toBe(201)
  const [pending] = await pendingCorrections()
  expect(pending).toMatchObject({ fromUser: true, changes: ['tone marks'] })
  expect((await post(t.app, ADMIN_API.declineCorrection(pending.id), { reason: '' }, admin.token)).status).toBe(400)
  const declined = await post(
    t.app,
    ADMIN_API.declineCorrection(pending.id),
    { reason: 'Owomoyela writes làbọ̀, with the low tone.' },
    admin.token,
  )
  expect(declined.body.data).toMatchObject({ status: 'declined', declineReason: 'Owomoyela writes làbọ̀, with the low tone.' })
  expect((await proverb(target.slug)).proverb).toBe('Ilé làbọ̀ sinmi oko.')
  const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id))
  expect(told.map((n) => [n.title, n.body])).toEqual([
    [CORRECTION_TEXTS.declinedTitle, CORRECTION_TEXTS.declinedBody(target.proverb, 'Owomoyela writes làbọ̀, with the low tone.')],
  ])
  expect((await get(t.app, `${ADMIN_API.corrections}?status=declined`, admin.token)).body.totalElements).toBe(1)
  expect((await get(t.app, `${ADMIN_API.corrections}?status=maybe`, admin.token)).status).toBe(400)
})

test('a correction of the proverb’s own words gives it its new address, and a clash with another proverb is refused', async () => {
  const [a, b] = corpus.filter((row) => row.language === 'kiswahili')
  const sent = await post(t.app, API.proverbCorrections(a.slug), {
    email: 'x@example.com',
    name: 'X',
    proverb: b.proverb,
    transliteration: a.transliteration,
    interpretation: a.interpretation,
  })
  expect(sent.status).toBe(201)
  const [pending] = await pendingCorrections()
  expect(pending.changes).toEqual(['spelling'])
  const clash = await post(
    t.app,
    ADMIN_API.acceptCorrection(pending.id),
    { proverb: b.proverb, transliteration: a.transliteration, interpretation: a.interpretation },
    admin.token,
  )
  expect(clash.status).toBe(409)
  // Refused whole: still pending, the proverb as it was.
  expect((await pendingCorrections()).map((c) => c.id)).toEqual([pending.id])
  expect((await proverb(a.slug)).proverb).toBe(a.proverb)
})

test('admins mark a proverb checked by a speaker; the page shows who, its history says so, and the mark can go', async () => {
  const target = corpus.find((row) => row.language === 'zulu')!
  const { body: found } = await get(t.app, `${ADMIN_API.proverbs}?q=${encodeURIComponent(target.proverb)}`, admin.token)
  const id = found.data[0].id as number
  expect((await call(t.app, 'PUT', ADMIN_API.proverbChecked(id), { token: admin.token, payload: { name: '' } })).status).toBe(400)
  const marked = await call(t.app, 'PUT', ADMIN_API.proverbChecked(id), { token: admin.token, payload: { name: 'Thandiwe Mkhize' } })
  expect(marked.status).toBe(200)
  expect(marked.body.data.checkedBy).toMatchObject({ name: 'Thandiwe Mkhize' })
  expect((await proverb(target.slug)).checkedBy).toMatchObject({ name: 'Thandiwe Mkhize', at: expect.any(String) })
  expect((await history(target.slug)).map((c) => c.kind)).toEqual(['checked'])
  // The mark is not a change to the words: the proverb stays Òwe's own, kept in step with its file.
  expect(await t.database.db.select().from(seedOverrides).where(eq(seedOverrides.seedKey, target.slug))).toEqual([])
  expect((await del(t.app, ADMIN_API.proverbChecked(id), admin.token)).status).toBe(200)
  expect((await proverb(target.slug)).checkedBy).toBeNull()
  const actions = (await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))).map((e) => e.action)
  expect(actions.slice(-2)).toEqual(['proverb.check', 'proverb.uncheck'])
  expect((await call(t.app, 'PUT', ADMIN_API.proverbChecked(999_999), { token: admin.token, payload: { name: 'Someone' } })).status).toBe(
    404,
  )
})

test('an admin’s edit of a proverb’s texts is in its history, field by field', async () => {
  const target = corpus.find((row) => row.language === 'hausa')!
  const { body: found } = await get(t.app, `${ADMIN_API.proverbs}?q=${encodeURIComponent(target.proverb)}`, admin.token)
  const row = found.data[0]
  const saved = await call(t.app, 'PUT', ADMIN_API.proverb(row.id), {
    token: admin.token,
    payload: { ...row, interpretation: `${row.interpretation} Said to the impatient.` },
  })
  expect(saved.status).toBe(200)
  expect(await history(target.slug)).toEqual([{ at: expect.any(String), kind: 'edit', fields: ['meaning'] }])
  expect((await get(t.app, API.proverbHistory('no-such-proverb'))).status).toBe(404)
})

test('the corpus downloads as JSON and CSV with its sources, cousins and licence', async () => {
  const json = await get(t.app, API.proverbsExport)
  expect(json.status).toBe(200)
  expect(json.headers['content-disposition']).toMatch(/^attachment; filename="owe-proverbs-\d{4}-\d{2}-\d{2}\.json"$/)
  expect(json.headers.link).toBe(`<${OPEN_DATA.licence.url}>; rel="license"`)
  const data = json.body
  expect(data).toMatchObject({
    name: OPEN_DATA.name,
    licence: OPEN_DATA.licence,
    citation: expect.stringContaining('https://owe.example/api/proverbs/export'),
  })
  const { body: all } = await get(t.app, `${API.proverbsPublic}?size=1`)
  expect(data.proverbs).toHaveLength(all.totalElements)
  expect(data.proverbs.every((p: { sources: unknown[] }) => p.sources.length > 0)).toBe(true)
  expect(data.cousins.length).toBeGreaterThanOrEqual(80)
  const [cluster] = data.cousins
  expect(
    cluster.proverbs.every(
      (slug: string) => data.proverbs.find((p: { slug: string; cousins: string }) => p.slug === slug)?.cousins === cluster.key,
    ),
  ).toBe(true)

  const csv = await get(t.app, `${API.proverbsExport}?format=CSV`)
  expect(csv.status).toBe(200)
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
  const text = csv.raw.toString('utf8')
  expect(text.split('\r\n')[0]).toBe(
    'slug,people,language,proverb,transliteration,interpretation,categories,sources,cousin_key,cousin_note,checked_by,url',
  )
  // One line per proverb (no field holds a line break), a header, and the final line ending.
  expect(text.split('\r\n')).toHaveLength(all.totalElements + 2)
  // A proverb respelled from an older collection carries that collection's spelling, in JSON and in its CSV row; the
  // source's own explanation, kept in the corpus files for their checks, is never served.
  const respelled = data.proverbs.find((p: { sources: ProverbSource[] }) => p.sources.some((s) => s.original && s.author))
  const book = respelled.sources.find((s: ProverbSource) => s.original && s.author)
  expect(book).toMatchObject({ author: expect.any(String), year: expect.any(Number), original: expect.any(String) })
  expect(text.split('\r\n').find((line) => line.startsWith(`${respelled.slug},`))).toContain(`: ${book.original}`)
  expect(JSON.stringify(data)).not.toContain('"explanation"')
  expect((await proverb(respelled.slug)).sources).toEqual(respelled.sources)

  const zipped = await call(t.app, 'GET', `${API.proverbsExport}?format=csv`, { headers: { 'accept-encoding': 'gzip' } })
  expect(zipped.headers['content-encoding']).toBe('gzip')
  expect(gunzipSync(zipped.raw).toString('utf8')).toBe(text)
  expect((await get(t.app, `${API.proverbsExport}?format=xml`)).status).toBe(400)
})

test('batches ask which proverb of another people is a cousin, with the cluster’s thought as the reason', async () => {
  const groups = Object.fromEntries(
    ((await get(t.app, `${API.ethnicGroupsPublic}?q=all`)).body.data as { id: number; slug: string }[]).map((g) => [g.slug, g.id]),
  )
  const composition = { preferredCount: 10, otherCount: 0, generalCount: 0 }
  const made = []
  for (let n = 0; n < 20 && made.length === 0; n++) {
    const ids = await t.database.db.transaction((tx) => composeBatch(tx, `cousins/${n}`, composition, groups.yoruba, []))
    made.push(
      ...(await t.database.db
        .select()
        .from(quizQuestions)
        .where(and(inArray(quizQuestions.id, ids), eq(quizQuestions.kind, 'cousin')))),
    )
  }
  const [question] = made
  expect(question.question).toMatch(/^Which (Igbo|Hausa|Akan|Swahili|Zulu|Amhara|Oromo) proverb says the same as this Yoruba one\?$/)
  const cluster = readCousins().find((c) => c.members.some((m) => m.language === 'yoruba' && m.proverb === question.quote))!
  expect(question.note).toBe(cluster.note)
  const options = await t.database.db.select().from(answerOptions).where(eq(answerOptions.questionId, question.id))
  expect(options).toHaveLength(4)
  const right = options.find((o) => o.correct)!
  expect(cluster.members.some((m) => m.language !== 'yoruba' && right.text.startsWith(`${m.proverb} — “`))).toBe(true)
  for (const wrong of options.filter((o) => !o.correct)) expect(cluster.members.some((m) => wrong.text.startsWith(m.proverb))).toBe(false)
})

test('"how does it end" offers endings cut as its own is cut: a clause against clauses, a word cut against word cuts', async () => {
  const groups = (await get(t.app, `${API.ethnicGroupsPublic}?q=all`)).body.data as { id: number; slug: string }[]
  const composition = { preferredCount: 10, otherCount: 0, generalCount: 0 }
  let asked = 0
  for (const group of groups) {
    // Each ending of this people's proverbs, and how it was cut.
    const cuts = new Map<string, Set<string>>()
    for (const row of corpus.filter((r) => r.language === group.slug)) {
      const split = splitProverb(row.proverb)
      if (split) cuts.set(split.tail, new Set([...(cuts.get(split.tail) ?? []), split.at]))
    }
    for (let n = 0; n < 3; n++) {
      const ids = await t.database.db.transaction((tx) => composeBatch(tx, `endings/${group.slug}/${n}`, composition, group.id, []))
      const endings = await t.database.db
        .select()
        .from(quizQuestions)
        .where(and(inArray(quizQuestions.id, ids), eq(quizQuestions.kind, 'complete')))
      for (const question of endings) {
        const options = await t.database.db.select().from(answerOptions).where(eq(answerOptions.questionId, question.id))
        expect(options).toHaveLength(4)
        const kinds = options.map((o) => cuts.get(o.text) ?? new Set<string>())
        const shared = ['clause', 'word'].filter((at) => kinds.every((k) => k.has(at)))
        expect(shared, `${question.quote}: ${options.map((o) => o.text).join(' / ')}`).not.toEqual([])
        asked++
      }
    }
  }
  expect(asked).toBeGreaterThanOrEqual(10)
})

test('a fact question is stored with where its answer is recorded, for its result to show', async () => {
  const [fact] = await t.database.db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.key, factBank().get('yoruba')![0].key))
  expect(fact.sources).toEqual(factBank().get('yoruba')![0].sources)
  expect(fact.sources.length).toBeGreaterThanOrEqual(1)
})
