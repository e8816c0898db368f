import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { contactMessages, dailyReminders, mailOutbox, proverbs, suggestions, unsubscribes, users } from '../../server/src/db/schema'
import { createNotifier } from '../../server/src/services/notify'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { API } from '../../src/core/http/api-paths'
import { COMMUNITY_TEXTS } from '../../src/core/community/texts'
import { COMMUNITY_MESSAGES } from '../../src/core/community/validation'
import { MESSAGES } from '../../src/core/shared/validation'
import { adminOf, call, memberOf, nextClient, post, testClock } from '../support/accounts'
import { startMailCatcher, type CaughtMail } from '../support/mail-catcher'
import { recordingPush } from '../support/recording-push'
import { createTestApp } from '../support/test-app'

const clock = testClock('2026-11-23T06:00:00Z')
const push = recordingPush()
const PUBLIC_URL = 'https://owe.example'
let smtp: Awaited<ReturnType<typeof startMailCatcher>>
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  smtp = await startMailCatcher({ refuse: (to) => to.startsWith('bounce') })
  ctx = await createTestApp({ SMTP_URL: smtp.url, OWE_PUBLIC_URL: PUBLIC_URL }, clock.now)
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const suggestion = (overrides: Record<string, unknown> = {}) => ({
  email: 'Ada@Example.com',
  name: 'Ada Obi',
  ethnic: 'Yoruba',
  language: 'Yoruba',
  suggestedCategory: 'Wisdom',
  suggestedProverb: 'Ìwà l’ẹ̀sìn',
  suggestedEnglishTransliteration: 'Character is religion',
  suggestedEnglishInterpretation: 'Good character is what faith asks of us.',
  ...overrides,
})
const contact = (overrides: Record<string, unknown> = {}) => ({
  email: 'kofi@example.com',
  firstName: 'Kofi',
  surname: 'Mensah',
  phoneNumber: '+233201234567',
  message: 'Hello,\nthe Akan proverbs are lovely.',
  ...overrides,
})
const storedSuggestion = async (proverb: string) => {
  const [row] = await ctx.database.db.select().from(suggestions).where(eq(suggestions.suggestedProverb, proverb))
  return row
}
const unsubscribeLinkIn = (mail: CaughtMail) => {
  const match = /https:\/\/owe\.example\/unsubscribe\?\S+/.exec(mail.text)
  if (!match) throw new Error(`no unsubscribe link in: ${mail.text}`)
  const url = new URL(match[0])
  return { url: match[0], email: url.searchParams.get('email')!, token: url.searchParams.get('token')! }
}
/** What the mail server received for an address, once the queued mail has been delivered. */
async function mailsFor(email: string, app = ctx.app) {
  await app.mailWorker!.drain()
  return smtp.to(email)
}
const resetMailsTo = async (email: string) => (await mailsFor(email)).filter((mail) => mail.subject === 'Reset your Òwe password')

test('a suggestion with empty fields answers 400 with the spec’s message under each field', async () => {
  const empty = Object.fromEntries(Object.keys(suggestion()).map((name) => [name, '']))
  const res = await post(ctx.app, API.suggestProverb, empty)
  expect(res.status).toBe(400)
  expect(res.body.error.fields).toEqual({
    email: 'Email is Required',
    name: 'Your Name is Required',
    ethnic: 'Ethnic is Required',
    language: 'Langauge is Required',
    suggestedCategory: 'Category is Required',
    suggestedProverb: 'Required',
    suggestedEnglishTransliteration: 'Required',
    suggestedEnglishInterpretation: 'Required',
  })
  expect(res.body.error.fields.language).toBe(COMMUNITY_MESSAGES.languageRequired)
  // Markup alone is nothing once stripped.
  const tagsOnly = await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: '<b></b>' }))
  expect(tagsOnly.body.error.fields).toEqual({ suggestedProverb: MESSAGES.required })
})

test('a visitor’s suggestion is stored pending, without markup, in NFC, and thanked', async () => {
  const proverb = 'Igi gogoro <script>alert(1)</script>ma gun mi loju'
  const res = await post(ctx.app, API.suggestProverb, {
    ...suggestion({ suggestedProverb: proverb, name: '<i>Ada</i> Obi' }),
    suggestedEnglishInterpretation: 'Avoid danger\r\nfrom afar, <a href="x">early</a>.',
    suggestedEnglishTransliteration: 'Tall tree, do not pierce my eye'.normalize('NFD'),
  })
  expect(res.status).toBe(201)
  expect(res.body).toEqual({ data: { message: COMMUNITY_TEXTS.suggestionThanks, duplicate: false } })
  const row = await storedSuggestion('Igi gogoro alert(1)ma gun mi loju')
  expect(row).toMatchObject({
    status: 'pending',
    userId: null,
    email: 'ada@example.com',
    name: 'Ada Obi',
    suggestedEnglishInterpretation: 'Avoid danger\nfrom afar, early.',
    toneKey: 'igi gogoro alert 1 ma gun mi loju',
    duplicateOfProverbId: null,
  })
  const nfd = await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: 'Ọ̀rọ̀ àsọtúnsọ'.normalize('NFD') }))
  expect(nfd.status).toBe(201)
  expect(await storedSuggestion('Ọ̀rọ̀ àsọtúnsọ'.normalize('NFC'))).toBeTruthy()
})

test('a proverb already in Òwe, typed without its tone marks, is flagged as a possible duplicate', async () => {
  const all = await ctx.database.db.select({ id: proverbs.id, proverb: proverbs.proverb }).from(proverbs)
  const marked = all.find((p) => /[\u0300\u0301\u0323]/.test(p.proverb.normalize('NFD')))!
  const bare = marked.proverb.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()
  const res = await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: bare }))
  expect(res.status).toBe(201)
  expect(res.body.data).toEqual({ message: COMMUNITY_TEXTS.suggestionThanks, duplicate: true })
  expect((await storedSuggestion(bare)).duplicateOfProverbId).toBe(marked.id)
})

test('a signed-in user’s suggestion keeps their id; a stale session still gets the suggestion in', async () => {
  const m = await memberOf(ctx.app, ctx.database.db)
  expect((await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: 'Signed in proverb' }), m.token)).status).toBe(201)
  expect((await storedSuggestion('Signed in proverb')).userId).toBe(m.user.id)
  const stale = await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: 'Stale session proverb' }), 'x'.repeat(43))
  expect(stale.status).toBe(201)
  expect((await storedSuggestion('Stale session proverb')).userId).toBeNull()
})

test('suggestions and contact messages are each limited to 10 an hour per client', async () => {
  const client = nextClient()
  for (let i = 0; i < 10; i++) {
    expect((await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: `Limited ${i}` }), undefined, client)).status).toBe(201)
  }
  const refused = await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: 'One too many' }), undefined, client)
  expect(refused.status).toBe(429)
  expect(refused.body.error.code).toBe('too_many_requests')
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  expect(await storedSuggestion('One too many')).toBeUndefined()
  // The contact form counts apart.
  expect((await post(ctx.app, API.contact, contact(), undefined, client)).status).toBe(201)
  clock.advance(3_600_000)
  expect((await post(ctx.app, API.suggestProverb, suggestion({ suggestedProverb: 'An hour later' }), undefined, client)).status).toBe(201)
  clock.set('2026-11-23T06:00:00Z')
})

test('a contact form with empty fields answers 400 with the spec’s messages', async () => {
  const res = await post(ctx.app, API.contact, { email: '', firstName: '', surname: '', phoneNumber: '', message: '' })
  expect(res.status).toBe(400)
  expect(res.body.error.fields).toEqual({
    email: 'Required',
    firstName: 'Required',
    surname: 'Required',
    phoneNumber: 'Phone number is required',
    message: 'Required',
  })
  expect((await post(ctx.app, API.contact, contact({ phoneNumber: '12-34' }))).body.error.fields.phoneNumber).toBeTruthy()
})

test('a contact message is stored and forwarded to each admin, Reply-To the sender, with the unsubscribe footer', async () => {
  const admin = await adminOf(ctx.app, ctx.database.db)
  const res = await post(ctx.app, API.contact, contact({ firstName: '<b>Kofi</b>', message: 'Medaase!\nThe <em>app</em> is good.' }))
  expect(res.status).toBe(201)
  expect(res.body).toEqual({ data: { message: COMMUNITY_TEXTS.contactThanks } })
  const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.message, 'Medaase!\nThe app is good.'))
  expect(row).toMatchObject({ email: 'kofi@example.com', firstName: 'Kofi', surname: 'Mensah', phoneNumber: '+233201234567', userId: null })

  const [mail] = (await mailsFor(admin.email)).filter((m) => m.subject === 'Contact form: Kofi Mensah')
  expect(mail.replyTo).toBe('"Kofi Mensah" <kofi@example.com>')
  expect(mail.text).toContain('Medaase!\nThe app is good.')
  expect(mail.text).toContain('Phone: +233201234567')
  const link = unsubscribeLinkIn(mail)
  expect(link.email).toBe(admin.email)
  expect(mail.text).toContain(`${COMMUNITY_TEXTS.mailFooter}: ${link.url}`)
  expect(mail.html).toContain(`href="${link.url.replace(/&/g, '&amp;')}"`)
})

test('a forward the mail server refuses fails in the queue for admins to see; the message is kept and the sender thanked', async () => {
  const bouncing = await memberOf(ctx.app, ctx.database.db, { email: `bounce-admin-${Date.now()}@example.com` })
  await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, bouncing.user.id))
  const res = await post(ctx.app, API.contact, contact({ message: 'Kept whatever happens' }))
  expect(res.status).toBe(201)
  expect(await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.message, 'Kept whatever happens'))).toHaveLength(1)
  expect(await mailsFor(bouncing.email)).toEqual([])
  const [refused] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, bouncing.email))
  expect(refused).toMatchObject({ status: 'failed', attempts: 1 })
  expect(refused.lastError).toMatch(/550/)
  await ctx.database.db.update(users).set({ role: 'user' }).where(eq(users.id, bouncing.user.id))
})

test('OWE_CONTACT_EMAIL, when set, is where contact messages go', async () => {
  const config = loadConfig({
    SMTP_URL: smtp.url,
    OWE_PUBLIC_URL: PUBLIC_URL,
    OWE_CONTACT_EMAIL: 'Hello@Owe.example',
    OWE_STATIC_DIR: '.tmp/no-app',
    OWE_SCHEDULER_MS: '0',
    LOG_LEVEL: 'silent',
  })
  const other = await buildApp(config, { database: ctx.database, logger: false })
  try {
    expect((await post(other, API.contact, contact({ message: 'To the contact inbox' }))).status).toBe(201)
    expect((await mailsFor('hello@owe.example', other)).map((m) => m.text.includes('To the contact inbox'))).toEqual([true])
  } finally {
    await other.close()
  }
})

test('every email carries an unsubscribe link; the link turns off reminders and optional mail, once or twice alike', async () => {
  const m = await memberOf(ctx.app, ctx.database.db)
  expect((await post(ctx.app, '/accounts/reset-password-request', { email: m.email })).status).toBe(200)
  const link = unsubscribeLinkIn((await resetMailsTo(m.email))[0])
  expect(link.email).toBe(m.email)
  expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)

  for (let i = 0; i < 2; i++) {
    const res = await post(ctx.app, API.unsubscribe, { email: link.email.toUpperCase(), token: link.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ data: { message: COMMUNITY_TEXTS.unsubscribed(m.email), email: m.email } })
  }
  expect(await ctx.database.db.select().from(unsubscribes).where(eq(unsubscribes.email, m.email))).toHaveLength(1)
})

test('a tampered, mismatched or incomplete unsubscribe link is a 400 that says so, and changes nothing', async () => {
  const m = await memberOf(ctx.app, ctx.database.db)
  await post(ctx.app, '/accounts/reset-password-request', { email: m.email })
  const { email, token } = unsubscribeLinkIn((await resetMailsTo(m.email))[0])
  const other = await memberOf(ctx.app, ctx.database.db)
  const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  for (const body of [
    { email, token: flipped },
    { email: other.email, token },
    { email, token: token.slice(0, 20) },
  ]) {
    const res = await post(ctx.app, API.unsubscribe, body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error.message).toBe(COMMUNITY_TEXTS.unsubscribeInvalid)
  }
  // Not text at all: refused the same way, never a 500.
  for (const body of [
    { email, token: [] },
    { email, token: {} },
    { email: {}, token },
    { email: 5, token: null },
  ]) {
    const res = await post(ctx.app, API.unsubscribe, body)
    expect(res.status, JSON.stringify(body)).toBe(400)
  }
  const missing = await post(ctx.app, API.unsubscribe, { email })
  expect(missing.status).toBe(400)
  expect(missing.body.error.message).toBe(COMMUNITY_TEXTS.unsubscribeIncomplete)
  const rows = await ctx.database.db.select().from(unsubscribes)
  expect(rows.map((r) => r.email)).not.toContain(email)
  expect(rows.map((r) => r.email)).not.toContain(other.email)
})

test('unsubscribing deletes the daily reminder and the job sends none after; essential mail still goes; a new reminder undoes it', async () => {
  clock.set('2026-11-23T06:00:00Z')
  const m = await memberOf(ctx.app, ctx.database.db)
  const device = `device-of-${m.user.id}`
  expect((await post(ctx.app, API.deviceSave, { device_type: 'WEB', device_token: device }, m.token)).status).toBe(200)
  expect((await call(ctx.app, 'PUT', API.dailyReminder, { payload: { time: '07:30', timeZone: 'UTC' }, token: m.token })).status).toBe(200)
  const scheduler = createScheduler({
    log: ctx.app.log,
    now: clock.now,
    intervalMs: 0,
    jobs: scheduledJobs({ db: ctx.database.db, notifier: createNotifier({ db: ctx.database.db, push, log: ctx.app.log }) }),
  })
  const reminders = () => push.calls.filter((c) => c.token === device && c.data.title === 'Today’s proverb')

  await post(ctx.app, '/accounts/reset-password-request', { email: m.email })
  const { email, token } = unsubscribeLinkIn((await resetMailsTo(m.email))[0])
  expect((await post(ctx.app, API.unsubscribe, { email, token })).status).toBe(200)
  expect(await ctx.database.db.select().from(dailyReminders).where(eq(dailyReminders.userId, m.user.id))).toEqual([])

  clock.set('2026-11-23T07:31:00Z')
  await scheduler.runDue(clock.now())
  // Even a reminder left set (written around the API) is skipped for an unsubscribed address.
  await ctx.database.db
    .insert(dailyReminders)
    .values({ userId: m.user.id, minuteOfDay: 7 * 60 + 30, timeZone: 'UTC', updatedAt: new Date('2026-11-23T06:00:00Z') })
  await scheduler.runDue(clock.now())
  expect(reminders()).toEqual([])

  // Activation and password reset are essential: they still arrive, with the link.
  expect((await post(ctx.app, '/accounts/reset-password-request', { email: m.email })).status).toBe(200)
  expect(await resetMailsTo(m.email)).toHaveLength(2)

  // Choosing a time again in the profile turns reminders back on.
  expect((await call(ctx.app, 'PUT', API.dailyReminder, { payload: { time: '07:30', timeZone: 'UTC' }, token: m.token })).status).toBe(200)
  expect(await ctx.database.db.select().from(unsubscribes).where(eq(unsubscribes.email, m.email))).toEqual([])
  clock.set('2026-11-24T07:31:00Z')
  await scheduler.runDue(clock.now())
  expect(reminders()).toHaveLength(1)
  clock.set('2026-11-23T06:00:00Z')
})

test('an admin who unsubscribed gets no contact forwards, and the message is still kept', async () => {
  const admin = await adminOf(ctx.app, ctx.database.db)
  await post(ctx.app, '/accounts/reset-password-request', { email: admin.email })
  const { email, token } = unsubscribeLinkIn((await resetMailsTo(admin.email))[0])
  expect((await post(ctx.app, API.unsubscribe, { email, token })).status).toBe(200)
  expect((await post(ctx.app, API.contact, contact({ message: 'Not forwarded to the unsubscribed' }))).status).toBe(201)
  expect((await mailsFor(admin.email)).filter((m) => m.text.includes('Not forwarded to the unsubscribed'))).toEqual([])
  expect(
    await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.message, 'Not forwarded to the unsubscribed')),
  ).toHaveLength(1)
})

test('the link secret is made once and kept in the database: links work after a restart and on another instance', async () => {
  const m = await memberOf(ctx.app, ctx.database.db)
  await post(ctx.app, '/accounts/reset-password-request', { email: m.email })
  const { email, token } = unsubscribeLinkIn((await resetMailsTo(m.email))[0])
  const env = { OWE_PUBLIC_URL: PUBLIC_URL, OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0', LOG_LEVEL: 'silent' }
  const second = await buildApp(loadConfig(env), { database: ctx.database, logger: false })
  try {
    expect((await post(second, API.unsubscribe, { email, token })).status).toBe(200)
    // Without SMTP the outbox keeps the mail, footer included.
    await post(second, '/accounts/reset-password-request', { email: m.email })
    const [kept] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.status, 'kept')))
    expect(kept.text).toContain(`${PUBLIC_URL}/unsubscribe?email=${encodeURIComponent(m.email)}&token=${token}`)
  } finally {
    await second.close()
  }
  // A configured secret is used instead, so the old links no longer match.
  const configured = await buildApp(loadConfig({ ...env, OWE_LINK_SECRET: 'k'.repeat(40) }), { database: ctx.database, logger: false })
  try {
    expect((await post(configured, API.unsubscribe, { email, token })).status).toBe(400)
  } finally {
    await configured.close()
  }
})
