import { afterAll, beforeAll, expect, test } from 'vitest'
import { mailOutbox } from '../../server/src/db/schema'
import { get, mailsTo, post, signupBody } from '../support/accounts'
import { startMailCatcher } from '../support/mail-catcher'
import { createTestApp } from '../support/test-app'

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

const mailTo = (email: string) => smtp.to(email)
const linkIn = (text: string) => /https:\/\/owe\.example\/\S+/.exec(text)?.[0]

test('with SMTP_URL set, the activation mail is delivered over SMTP and not kept in the outbox', async () => {
  const body = signupBody({ firstName: 'Zanele' })
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)

  const [mail] = mailTo(body.email)
  expect(mail.subject).toBe('Activate your Òwe account')
  expect(mail.from).toEqual({ address: 'hello@owe.example', name: 'Òwe' })
  const link = linkIn(mail.text ?? '')!
  expect(link).toMatch(/^https:\/\/owe\.example\/auth\/activate\?token=[A-Za-z0-9_-]{43}$/)
  expect(mail.text).toContain('Hello Zanele,')
  expect(mail.html).toContain(`<a href="${link}">Activate your account</a>`)
  expect(await mailsTo(ctx.database.db, body.email)).toEqual([])

  const token = new URL(link).searchParams.get('token')
  expect((await post(ctx.app, '/accounts/activate', { token })).status).toBe(200)
  expect((await post(ctx.app, '/accounts/login', { email: body.email, password: body.password1 })).status).toBe(200)
})

test('the password reset mail goes through SMTP too', async () => {
  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  expect((await post(ctx.app, '/accounts/reset-password-request', { email: body.email })).status).toBe(200)
  const reset = mailTo(body.email).find((mail) => mail.subject === 'Reset your Òwe password')!
  const link = linkIn(reset.text ?? '')!
  expect(link).toMatch(/^https:\/\/owe\.example\/auth\/reset_password\?token=[A-Za-z0-9_-]{43}$/)
  expect((await post(ctx.app, '/accounts/verify-password-token-web', { token: new URL(link).searchParams.get('token') })).body).toEqual({
    data: { valid: true },
  })
})

test('a mail server that refuses the message does not undo the sign-up', async () => {
  const body = signupBody({ email: 'bounce.reader@example.com' })
  const res = await post(ctx.app, '/accounts/register', body)
  expect(res.status).toBe(201)
  expect(mailTo(body.email)).toEqual([])
  expect(await ctx.database.db.select().from(mailOutbox)).toEqual([])
  expect((await get(ctx.app, `/accounts/check/?email=${encodeURIComponent(body.email)}`)).body.data.exists).toBe(true)
  expect((await post(ctx.app, '/accounts/resend-activation', { email: body.email })).status).toBe(200)
})
