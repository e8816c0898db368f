import { desc, eq, inArray } from 'drizzle-orm'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { auditLog, mailOutbox } from '../../server/src/db/schema'
import { retryDelayMs } from '../../server/src/services/mail-worker'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { AdminMail } from '../../src/core/admin/contract'
import { adminOf, get, memberOf, MINUTE, post, signupBody, testClock } from '../support/accounts'
import { startMailCatcher } from '../support/mail-catcher'
import { createTestApp, freshDatabase } from '../support/test-app'

let smtp: Awaited<ReturnType<typeof startMailCatcher>>
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  smtp = await startMailCatcher({ refuse: (to) => to.startsWith('bounce') })
  ctx = await createTestApp({ SMTP_URL: smtp.url, OWE_PUBLIC_URL: 'https://owe.example', MAIL_FROM: 'Òwe <hello@owe.example>' })
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const linkIn = (text: string) => /https:\/\/owe\.example\/\S+/.exec(text)?.[0]
const queued = (to: string) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))
async function delivered(email: string) {
  await ctx.app.mailWorker!.drain()
  return smtp.to(email)
}

test('with SMTP_URL set, the activation mail is committed with the account, then delivered over SMTP and marked sent', async () => {
  const body = signupBody({ firstName: 'Zanele' })
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)

  const [mail] = await delivered(body.email)
  expect(mail.subject).toBe('Activate your Òwe account')
  expect(mail.from).toEqual({ address: 'hello@owe.example', name: 'Òwe' })
  const link = linkIn(mail.text ?? '')!
  expect(link).toMatch(/^https:\/\/owe\.example\/auth\/activate\?token=[A-Za-z0-9_-]{43}$/)
  expect(mail.text).toContain('Hello Zanele,')
  expect(mail.html).toContain(`<a href="${link}">Activate your account</a>`)
  const [row] = await queued(body.email)
  expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
  expect(row.sentAt).toBeInstanceOf(Date)

  const token = new URL(link).searchParams.get('token')
  expect((await post(ctx.app, '/accounts/activate', { token })).status).toBe(200)
  expect((await post(ctx.app, '/accounts/login', { email: body.email, password: body.password1 })).status).toBe(200)
})

test('the password reset mail goes through SMTP too', async () => {
  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  expect((await post(ctx.app, '/accounts/reset-password-request', { email: body.email })).status).toBe(200)
  const reset = (await delivered(body.email)).find((mail) => mail.subject === 'Reset your Òwe password')!
  const link = linkIn(reset.text ?? '')!
  expect(link).toMatch(/^https:\/\/owe\.example\/auth\/reset_password\?token=[A-Za-z0-9_-]{43}$/)
  expect((await post(ctx.app, '/accounts/verify-password-token-web', { token: new URL(link).searchParams.get('token') })).body).toEqual({
    data: { valid: true },
  })
})

test('a mail server that refuses the message does not undo the sign-up; the refusal is final and shows as failed', async () => {
  const body = signupBody({ email: 'bounce.reader@example.com' })
  const res = await post(ctx.app, '/accounts/register', body)
  expect(res.status).toBe(201)
  expect(await delivered(body.email)).toEqual([])
  const [row] = await queued(body.email)
  expect(row).toMatchObject({ status: 'failed', attempts: 1 })
  expect(row.lastError).toMatch(/550/)
  expect((await get(ctx.app, `/accounts/check/?email=${encodeURIComponent(body.email)}`)).body.data.exists).toBe(true)
  expect((await post(ctx.app, '/accounts/resend-activation', { email: body.email })).status).toBe(200)
  await ctx.app.mailWorker!.drain()
  expect((await get(ctx.app, API.health)).body.data.mail).toMatchObject({ transport: 'smtp', waiting: 0, failed: 2 })
})

/** A mail server that accepts connections and never says a word: the worst kind of stuck. */
async function silentServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => sockets.add(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

test('a stuck mail server never holds an HTTP answer, nor a stopping server: its mails go back to the queue', async () => {
  const stuck = await silentServer()
  const database = await freshDatabase()
  const app = await buildApp(
    loadConfig({ SMTP_URL: stuck.url, OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    { database, logger: false },
  )
  const emails: string[] = []
  try {
    // The worker is trying the silent server meanwhile (its timeouts are ten seconds and more).
    for (let i = 0; i < 8; i++) {
      const body = signupBody()
      emails.push(body.email)
      expect((await post(app, '/accounts/register', body)).status).toBe(201)
    }
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails))
    expect(rows).toHaveLength(8)
    expect(rows.every((row) => row.status === 'pending' || row.status === 'sending')).toBe(true)
  } finally {
    // Stopping cuts the stuck deliveries short: nothing is left claimed, every mail waits for the next start.
    await app.close()
    const after = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails))
    await database.drop()
    await stuck.close()
    expect(after.map((row) => row.status)).toEqual(Array(8).fill('pending'))
  }
}, 60_000)

test('a mail server that is down: the mail is tried again with back-off, and delivered once the server is back', async () => {
  const clock = testClock()
  // A port nothing listens on yet; the catcher starts there later.
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))

  const database = await freshDatabase()
  const app = await buildApp(
    loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    {
      database,
      logger: false,
      now: clock.now,
    },
  )
  let later: Awaited<ReturnType<typeof startMailCatcher>> | undefined
  try {
    const body = signupBody()
    expect((await post(app, '/accounts/register', body)).status).toBe(201)
    const row = async () => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email)))[0]

    await app.mailWorker!.drain()
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 })
    expect((await row()).lastError).toMatch(/ECONNREFUSED/)
    expect((await row()).nextAttemptAt).toEqual(new Date(clock.now().getTime() + retryDelayMs(1)))

    // Not due yet: nothing is tried.
    await app.mailWorker!.drain()
    expect((await row()).attempts).toBe(1)
    clock.advance(retryDelayMs(1))
    await app.mailWorker!.drain()
    expect(await row()).toMatchObject({ status: 'pending', attempts: 2 })

    later = await startMailCatcher({ port })
    clock.advance(retryDelayMs(2))
    expect(await app.mailWorker!.drain()).toBe(1)
    expect(await row()).toMatchObject({ status: 'sent', attempts: 3, lastError: null })
    expect(later.to(body.email).map((mail) => mail.subject)).toEqual(['Activate your Òwe account'])
    // Delivered once: another look finds nothing to send.
    clock.advance(60 * MINUTE)
    expect(await app.mailWorker!.drain()).toBe(0)
    expect(later.to(body.email)).toHaveLength(1)
  } finally {
    await app.close()
    await database.drop()
    await later?.close()
  }
}, 60_000)

test('a mail that keeps failing stops after ten tries and is marked failed, with its last error', async () => {
  const clock = testClock()
  const database = await freshDatabase()
  const app = await buildApp(
    loadConfig({ SMTP_URL: 'smtp://127.0.0.1:9', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    {
      database,
      logger: false,
      now: clock.now,
      mailTransport: { send: () => Promise.reject(new Error('greeting never came')), close: () => {} },
    },
  )
  try {
    const body = signupBody()
    expect((await post(app, '/accounts/register', body)).status).toBe(201)
    for (let attempt = 1; attempt <= 10; attempt++) {
      await app.mailWorker!.drain()
      clock.advance(retryDelayMs(attempt))
    }
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email))
    expect(row).toMatchObject({ status: 'failed', attempts: 10, lastError: 'greeting never came' })
  } finally {
    await app.close()
    await database.drop()
  }
})

test('admins see the queue (never a mail’s text or link) and send a failed mail again; others are refused', async () => {
  const admin = await adminOf(ctx.app, ctx.database.db)
  const member = await memberOf(ctx.app, ctx.database.db)
  const body = signupBody({ email: `bounce.again.${Date.now()}@example.com` })
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  await ctx.app.mailWorker!.drain()

  const failed = await get(ctx.app, `${ADMIN_API.mail}?status=failed&size=100`, admin.token)
  expect(failed.status).toBe(200)
  const mail = (failed.body.data as AdminMail[]).find((row) => row.to === body.email)!
  expect(mail).toMatchObject({ subject: 'Activate your Òwe account', status: 'failed', attempts: 1 })
  expect(mail.lastError).toMatch(/550/)
  expect(Object.keys(mail).sort()).toEqual([
    'attempts',
    'createdAt',
    'id',
    'lastError',
    'nextAttemptAt',
    'sentAt',
    'status',
    'subject',
    'to',
  ])
  const sent = (await get(ctx.app, `${ADMIN_API.mail}?status=sent`, admin.token)).body.data as AdminMail[]
  expect(sent.length).toBeGreaterThan(0)
  expect(sent.every((row) => row.status === 'sent')).toBe(true)
  expect((await get(ctx.app, `${ADMIN_API.mail}?status=everything`, admin.token)).status).toBe(400)

  const retried = await post(ctx.app, ADMIN_API.mailRetry(mail.id), {}, admin.token)
  expect(retried.status).toBe(200)
  expect(retried.body.data).toMatchObject({ id: mail.id, status: 'pending', attempts: 0 })
  const [entry] = await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
  expect(entry).toMatchObject({ action: 'mail.retry', targetType: 'mail', targetId: String(mail.id), actorUserId: admin.user.id })
  // Tried again: still refused, failed once more.
  await ctx.app.mailWorker!.drain()
  expect((await queued(body.email))[0]).toMatchObject({ status: 'failed', attempts: 1 })

  const notFailed = sent[0]
  expect((await post(ctx.app, ADMIN_API.mailRetry(notFailed.id), {}, admin.token)).status).toBe(404)
  expect((await get(ctx.app, ADMIN_API.mail)).status).toBe(401)
  expect((await get(ctx.app, ADMIN_API.mail, member.token)).status).toBe(403)
  expect((await post(ctx.app, ADMIN_API.mailRetry(mail.id), {}, member.token)).status).toBe(403)
})

test('a mail whose worker died while sending is taken over once its claim runs out, and not before', async () => {
  const now = new Date()
  const [held, orphaned] = await ctx.database.db
    .insert(mailOutbox)
    .values([
      {
        to: 'still-held@example.com',
        subject: 'Held',
        text: 'x',
        status: 'sending',
        attempts: 1,
        nextAttemptAt: now,
        lockedUntil: new Date(now.getTime() + 5 * MINUTE),
        createdAt: now,
      },
      {
        to: 'orphaned@example.com',
        subject: 'Orphaned',
        text: 'x',
        status: 'sending',
        attempts: 1,
        nextAttemptAt: now,
        lockedUntil: new Date(now.getTime() - MINUTE),
        createdAt: now,
      },
    ])
    .returning()
  await ctx.app.mailWorker!.drain()
  expect(smtp.to('orphaned@example.com').map((mail) => mail.subject)).toEqual(['Orphaned'])
  expect(smtp.to('still-held@example.com')).toEqual([])
  const rows = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, [held.id, orphaned.id]))
    .orderBy(mailOutbox.id)
  expect(rows.map((row) => [row.status, row.attempts])).toEqual([
    ['sending', 1],
    ['sent', 2],
  ])
})
