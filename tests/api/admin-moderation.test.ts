import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { auditLog, mailOutbox, notifications } from '../../server/src/db/schema'
import type { MailTransport } from '../../server/src/services/mail-worker'
import type { AdminSuggestion, ApproveSuggestionInput } from '../../src/core/admin/contract'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Category, EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import { adminOf, get, groupsBySlug, mailsTo, memberOf, post } from '../support/accounts'
import { createTestApp, freshDatabase } from '../support/test-app'
import { ADMIN_TEXTS } from '../../src/core/admin/texts'
import { ADMIN_API_TEXTS } from '../../src/core/admin/api-texts'

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof adminOf>>
let groups: Record<string, EthnicGroup>
let categoryIds: Record<string, number>

beforeAll(async () => {
  // A long public cache: the published proverb must show at once all the same (approval clears it).
  t = await createTestApp({ OWE_CORPUS_CACHE_MS: '600000' })
  admin = await adminOf(t.app, t.database.db)
  groups = await groupsBySlug(t.app)
  const { body } = await get(t.app, API.categoriesPublic)
  categoryIds = Object.fromEntries((body.data.content as Category[]).map((c) => [c.name, c.id]))
})
afterAll(() => t.close())

const search = async (q: string) => (await get(t.app, `${API.proverbsPublic}?q=${encodeURIComponent(q)}`)).body.data as Proverb[]
const pending = async (status = 'pending') =>
  (await get(t.app, `${ADMIN_API.suggestions}?status=${status}`, admin.token)).body.data as AdminSuggestion[]

// A real Kiswahili proverb the seeded corpus does not hold, suggested with a slip the moderator fixes.
const suggestion = {
  email: 'reader@example.com',
  name: 'Amani',
  ethnic: 'Swahili',
  language: 'Kiswahili',
  suggestedCategory: 'Patience',
  suggestedProverb: 'Polepole ndio mwendo',
  suggestedEnglishTransliteration: 'Slowly is the pace.',
  suggestedEnglishInterpretation: 'Going steadily gets you there.',
}

test('a suggestion is listed, approved with edits, published, found by search, and its suggester told once', async () => {
  const member = await memberOf(t.app, t.database.db)
  expect(await search('polepole')).toEqual([])

  const sent = await post(t.app, API.suggestProverb, { ...suggestion, email: member.email }, member.token)
  expect(sent.status).toBe(201)
  const visitor = await post(t.app, API.suggestProverb, { ...suggestion, name: 'Visitor', suggestedProverb: 'Haraka haraka haina baraka' })
  expect(visitor.status).toBe(201)

  const list = await get(t.app, ADMIN_API.suggestions, admin.token)
  expect(list.body).toMatchObject({ page: 1, totalElements: 2, totalPages: 1 })
  const [fromVisitor, fromMember] = list.body.data as AdminSuggestion[]
  expect(fromVisitor).toMatchObject({ name: 'Visitor', fromUser: false, status: 'pending' })
  // The seeded corpus has it: flagged for the moderator.
  expect(fromVisitor.duplicateOf).toMatchObject({ proverb: 'Haraka haraka haina baraka.' })
  expect(fromMember).toMatchObject({
    ...suggestion,
    email: member.email,
    fromUser: true,
    duplicateOf: null,
    proverbId: null,
    reviewedAt: null,
  })

  const edits: ApproveSuggestionInput = {
    proverb: 'Polepole ndio mwendo.',
    transliteration: 'Slowly, slowly is the way to go.',
    interpretation: 'Steady progress gets there; haste ruins the journey.',
    ethnicGroupId: groups.kiswahili.id,
    categoryIds: [categoryIds.Patience, categoryIds.Perseverance],
  }
  const approved = await post(t.app, ADMIN_API.approveSuggestion(fromMember.id), edits, admin.token)
  expect(approved.status).toBe(200)
  const result = approved.body.data as AdminSuggestion
  expect(result).toMatchObject({ id: fromMember.id, status: 'approved', rejectReason: null })
  expect(result.proverbId).toEqual(expect.any(Number))
  expect(result.reviewedAt).not.toBeNull()

  const [published] = await search('polepole')
  expect(published).toMatchObject({
    id: result.proverbId,
    proverb: edits.proverb,
    transliteration: edits.transliteration,
    interpretation: edits.interpretation,
  })
  expect(published.ethnic.slug).toBe('kiswahili')
  expect(published.categories.map((c) => c.name)).toEqual(['Patience', 'Perseverance'])

  const told = await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id))
  expect(told).toHaveLength(1)
  expect(told[0]).toMatchObject({
    kind: 'suggestion',
    title: ADMIN_API_TEXTS.approvedTitle,
    body: ADMIN_API_TEXTS.approvedBody(edits.proverb),
    url: `/search_result?proverb=${published.slug}`,
  })

  const twice = await post(t.app, ADMIN_API.approveSuggestion(fromMember.id), edits, admin.token)
  expect(twice.status).toBe(409)
  expect(twice.body.error.message).toBe(ADMIN_API_TEXTS.suggestionReviewed('approved'))
  expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id))).toHaveLength(1)

  const rejected = await post(
    t.app,
    ADMIN_API.rejectSuggestion(fromVisitor.id),
    { reason: '  Already published as <i>Haraka haraka haina baraka</i>. ' },
    admin.token,
  )
  expect(rejected.status).toBe(200)
  expect(rejected.body.data).toMatchObject({
    status: 'rejected',
    rejectReason: 'Already published as Haraka haraka haina baraka.',
    proverbId: null,
  })
  expect((await post(t.app, ADMIN_API.rejectSuggestion(fromVisitor.id), { reason: 'Again' }, admin.token)).status).toBe(409)
  expect((await post(t.app, ADMIN_API.approveSuggestion(fromVisitor.id), edits, admin.token)).status).toBe(409)

  expect(await pending()).toEqual([])
  expect((await pending('approved')).map((s) => s.id)).toEqual([fromMember.id])
  expect((await pending('rejected')).map((s) => s.id)).toEqual([fromVisitor.id])

  const log = await t.database.db.select().from(auditLog).orderBy(asc(auditLog.id))
  expect(log.map((e) => [e.actorUserId, e.action, e.targetId])).toEqual([
    [admin.user.id, 'suggestion.approve', String(fromMember.id)],
    [admin.user.id, 'suggestion.reject', String(fromVisitor.id)],
  ])
  // Each entry says what changed: the status, from and to, and what came of it.
  expect(JSON.parse(log[0].detail!)).toEqual({
    status: { from: 'pending', to: 'approved' },
    proverbId: result.proverbId,
    slug: published.slug,
  })
  expect(JSON.parse(log[1].detail!)).toMatchObject({ status: { from: 'pending', to: 'rejected' } })

  // The member was told in the app, not by email; the visitor (no account) by email.
  const verdictMails = async (to: string) =>
    (await mailsTo(t.database.db, to)).filter((m) =>
      ([ADMIN_API_TEXTS.approvedTitle, ADMIN_API_TEXTS.rejectedTitle] as string[]).includes(m.subject),
    )
  expect(await verdictMails(member.email)).toEqual([])
  const [toVisitor, ...more] = await verdictMails(suggestion.email)
  expect(more).toEqual([])
  expect(toVisitor.subject).toBe(ADMIN_API_TEXTS.rejectedTitle)
  expect(toVisitor.text).toContain(ADMIN_API_TEXTS.rejectedByEmail('Already published as Haraka haraka haina baraka.'))
  // The address was never verified: the mail repeats nothing the sender wrote.
  expect(toVisitor.text).not.toContain('Visitor')
  expect(toVisitor.text).not.toContain(suggestion.suggestedEnglishInterpretation)
  expect(toVisitor.link).toMatch(/\/add_proverb$/)
})

test('a visitor is emailed when their proverb is published, with the unsubscribe link, and not after unsubscribing', async () => {
  const email = 'visitor-outcome@example.com'
  const ask = (suggestedProverb: string) =>
    post(t.app, API.suggestProverb, { ...suggestion, email, name: 'Zawadi', suggestedProverb }, undefined, '10.77.0.1')
  expect((await ask('Dalili ya mvua ni mawingu')).status).toBe(201)
  const [waiting] = (await pending()).filter((s) => s.email === email)
  const edits: ApproveSuggestionInput = {
    proverb: 'Dalili ya mvua ni mawingu.',
    transliteration: 'The sign of rain is clouds.',
    interpretation: 'What is coming shows itself first; read the signs and get ready.',
    ethnicGroupId: groups.kiswahili.id,
    categoryIds: [categoryIds.Wisdom, categoryIds.Caution],
  }
  const approved = await post(t.app, ADMIN_API.approveSuggestion(waiting.id), edits, admin.token)
  expect(approved.status, JSON.stringify(approved.body)).toBe(200)
  const [published] = await search('dalili ya mvua')

  const [mail, ...more] = await mailsTo(t.database.db, email)
  expect(more).toEqual([])
  expect(mail.subject).toBe(ADMIN_API_TEXTS.approvedTitle)
  expect(mail.text).toContain(ADMIN_API_TEXTS.approvedBody(edits.proverb))
  expect(mail.link).toBe(`${t.config.publicUrl}/search_result?proverb=${published.slug}`)
  const [, footer] = mail.text.split(`${COMMUNITY_TEXTS.mailFooter}: `)
  const unsubscribeLink = new URL(footer.trim())
  expect(unsubscribeLink.pathname).toBe('/unsubscribe')
  const unsubscribed = await post(t.app, API.unsubscribe, {
    email: unsubscribeLink.searchParams.get('email'),
    token: unsubscribeLink.searchParams.get('token'),
  })
  expect(unsubscribed.status).toBe(200)

  expect((await ask('Kila ndege huruka kwa ubawa wake')).status).toBe(201)
  const [second] = (await pending()).filter((s) => s.email === email)
  expect(
    (await post(t.app, ADMIN_API.rejectSuggestion(second.id), { reason: 'Please add its meaning in English.' }, admin.token)).status,
  ).toBe(200)
  expect(await mailsTo(t.database.db, email)).toHaveLength(1)
})

test('approval is validated, and an unknown or malformed suggestion id is a 404', async () => {
  const visitor = await post(t.app, API.suggestProverb, { ...suggestion, suggestedProverb: 'Siku njema huonekana asubuhi' })
  expect(visitor.status).toBe(201)
  const [waiting] = await pending()

  const bad = await post(
    t.app,
    ADMIN_API.approveSuggestion(waiting.id),
    { proverb: ' ', ethnicGroupId: groups.kiswahili.id, categoryIds: [] },
    admin.token,
  )
  expect(bad.status).toBe(400)
  expect(bad.body.error.fields).toEqual({
    proverb: ADMIN_TEXTS.required,
    transliteration: ADMIN_TEXTS.required,
    interpretation: ADMIN_TEXTS.required,
    categoryIds: ADMIN_TEXTS.categoryIds,
  })
  expect((await post(t.app, ADMIN_API.rejectSuggestion(waiting.id), { reason: '' }, admin.token)).body.error.fields).toEqual({
    reason: ADMIN_TEXTS.required,
  })
  // Refused approvals change nothing: still pending, nothing audited.
  expect((await pending()).map((s) => s.id)).toEqual([waiting.id])

  for (const id of ['999999', '0', 'x', '12345678901']) {
    const res = await post(t.app, `${ADMIN_API.suggestions}/${id}/reject`, { reason: 'No' }, admin.token)
    expect(res.status, id).toBe(404)
    expect(res.body.error.message).toBe(ADMIN_API_TEXTS.suggestionNotFound)
  }
  const badStatus = await get(t.app, `${ADMIN_API.suggestions}?status=everything`, admin.token)
  expect(badStatus.status).toBe(400)
  expect(badStatus.body.error.fields).toEqual({ status: ADMIN_API_TEXTS.suggestionStatus })
  expect((await get(t.app, `${ADMIN_API.suggestions}?size=1000`, admin.token)).status).toBe(400)
})

test('a mail server that fails does not undo the verdict or turn it into an error: the mail waits in the queue to be tried again', async () => {
  const database = await freshDatabase()
  const failing: MailTransport = { send: async () => Promise.reject(new Error('connection refused')), close: () => {} }
  const app = await buildApp(
    loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    {
      database,
      logger: false,
      mailTransport: failing,
    },
  )
  try {
    const appAdmin = await adminOf(app, database.db)
    expect((await post(app, API.suggestProverb, { ...suggestion, email: 'unlucky@example.com' })).status).toBe(201)
    const [waiting] = (await get(app, ADMIN_API.suggestions, appAdmin.token)).body.data as AdminSuggestion[]
    const rejected = await post(app, ADMIN_API.rejectSuggestion(waiting.id), { reason: 'Please add its meaning.' }, appAdmin.token)
    expect(rejected.status).toBe(200)
    expect(rejected.body.data).toMatchObject({ id: waiting.id, status: 'rejected', rejectReason: 'Please add its meaning.' })
    await app.mailWorker!.drain()
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'unlucky@example.com'))
    expect(mail).toMatchObject({ subject: ADMIN_API_TEXTS.rejectedTitle, status: 'pending', attempts: 1, lastError: 'connection refused' })
  } finally {
    await app.close()
    await database.drop()
  }
})
