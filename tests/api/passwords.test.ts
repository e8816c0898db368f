import { afterAll, beforeAll, expect, test } from 'vitest'
import { AUTH_TEXTS } from '../../src/core/account/texts'
import { API } from '../../src/core/http/api-paths'
import { LINK_MAILS_PER_HOUR } from '../../server/src/services/email-tokens'
import {
  get,
  HOUR,
  lastMailToken,
  mailsTo,
  MINUTE,
  nextClient,
  PASSWORD,
  post,
  memberOf,
  signIn,
  signupBody,
  testClock,
} from '../support/accounts'
import { createTestApp } from '../support/test-app'

/** The default OWE_AUTH_RATE_LIMIT. */
const AUTH_LIMIT = 10
const NEW_PASSWORD = 'Ìtàn#Owe24'

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
})
afterAll(() => ctx.close())

const REQUESTED = {
  data: { message: 'If an account exists for that email, a link to reset its password is on its way. Check your email.' },
}
const RESET_DONE = { data: { message: 'Your password has been changed. Sign in with your new password.' } }
const ENDED = { error: { code: 'session_expired', message: 'Your session has ended. Please sign in again.' } }

const me = (token: string) => get(ctx.app, '/api/user/profile/personalInfo', token)
const login = (email: string, password: string) => post(ctx.app, '/accounts/login', { email, password })
const requestReset = (email: string, client?: string) => post(ctx.app, '/accounts/reset-password-request', { email }, undefined, client)
const verify = (token: unknown, client?: string) => post(ctx.app, '/accounts/verify-password-token-web', { token }, undefined, client)
const save = (body: Record<string, unknown>, client?: string) => post(ctx.app, '/accounts/save-reset-password-web', body, undefined, client)
const changePassword = (token: string, body: Record<string, unknown>) => post(ctx.app, '/accounts/password-update/', body, token)

/** A fresh reset link for an address. */
async function resetToken(email: string) {
  expect((await requestReset(email)).status).toBe(200)
  return lastMailToken(ctx.database.db, email)
}

test('a reset request answers the same for an existing and an unknown email, and mails only the existing one', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const unknown = 'never-registered@example.com'
  const existing = await requestReset(user.email.toUpperCase())
  const missing = await requestReset(unknown)
  expect({ status: existing.status, body: existing.body }).toEqual({ status: 200, body: REQUESTED })
  expect({ status: missing.status, body: missing.body }).toEqual({ status: 200, body: REQUESTED })

  expect(await mailsTo(ctx.database.db, unknown)).toEqual([])
  const mails = await mailsTo(ctx.database.db, user.email)
  const reset = mails.at(-1)!
  expect(reset.subject).toBe('Reset your Òwe password')
  expect(reset.link).toMatch(/^http:\/\/localhost:8080\/auth\/reset_password\?token=[A-Za-z0-9_-]{43}$/)
  expect(reset.text).toContain(reset.link)

  const invalid = await requestReset('not-an-email')
  expect(invalid.status).toBe(400)
  expect(invalid.body.error.fields).toEqual({ email: 'Invalid email' })
})

test('verify-password-token-web: a fresh link is valid (checking does not use it up)', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const token = await resetToken(user.email)
  expect(await verify(token)).toMatchObject({ status: 200, body: { data: { valid: true } } })
  expect(await verify(token)).toMatchObject({ status: 200, body: { data: { valid: true } } })
})

test('verify-password-token-web refuses garbage, activation links, links older than an hour and used links', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  for (const token of ['garbage', 'x'.repeat(43)]) {
    const res = await verify(token)
    expect(res.status).toBe(400)
    expect(res.body.error).toEqual({ code: 'invalid_token', message: 'This password reset link is not valid. Ask for a new one.' })
  }

  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  expect((await verify(await lastMailToken(ctx.database.db, body.email))).body.error.code).toBe('invalid_token')

  const stale = await resetToken(user.email)
  clock.advance(HOUR - MINUTE)
  expect((await verify(stale)).status).toBe(200)
  clock.advance(MINUTE)
  const expired = await verify(stale)
  expect(expired.status).toBe(400)
  expect(expired.body.error).toEqual({ code: 'token_expired', message: 'This password reset link has expired. Ask for a new one.' })
  expect((await save({ token: stale, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).body.error.code).toBe('token_expired')

  const used = await resetToken(user.email)
  expect((await save({ token: used, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200)
  const again = await verify(used)
  expect(again.status).toBe(400)
  expect(again.body.error).toEqual({ code: 'token_used', message: 'This password reset link has already been used. Ask for a new one.' })
})

test('save-reset-password-web answers with the spec’s messages and a refused form leaves the link usable', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const token = await resetToken(user.email)
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{ token }, { password: 'Password is required' }],
    [{ token, password: 'Ab#1', confirmPassword: 'Ab#1' }, { password: 'Password should be of minimum 8 characters length' }],
    [{ token, password: 'ìtàn#2024', confirmPassword: 'ìtàn#2024' }, { password: 'Password must include at least one capital letter' }],
    [{ token, password: 'Itan20245', confirmPassword: 'Itan20245' }, { password: 'Password must include at least one special character' }],
    [{ token, password: NEW_PASSWORD, confirmPassword: 'Ìtàn#Owe25' }, { confirmPassword: 'Passwords must match' }],
    [{ password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, { token: 'The link is missing its token.' }],
  ]
  for (const [body, fields] of cases) {
    const res = await save(body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error).toEqual({ code: 'bad_request', message: Object.values(fields)[0], fields })
  }
  expect((await verify(token)).status).toBe(200)
  expect((await login(user.email, PASSWORD)).status).toBe(200)
})

test('a reset changes the password, ends every session and the link works once', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const secondDevice = await signIn(ctx.app, user.email)
  const token = await resetToken(user.email)

  expect(await save({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).toMatchObject({ status: 200, body: RESET_DONE })
  expect(await me(user.token)).toMatchObject({ status: 401, body: ENDED })
  expect(await me(secondDevice)).toMatchObject({ status: 401, body: ENDED })
  expect((await login(user.email, PASSWORD)).status).toBe(401)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)

  const again = await save({ token, password: 'Another#Pass1', confirmPassword: 'Another#Pass1' })
  expect(again.status).toBe(400)
  expect(again.body.error.code).toBe('token_used')
  expect((await login(user.email, 'Another#Pass1')).status).toBe(401)
})

test('resetting through the emailed link also activates an account that was never activated', async () => {
  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  expect((await login(body.email, PASSWORD)).body.error.code).toBe('not_activated')
  const token = await resetToken(body.email)
  expect((await save({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(200)
  expect((await login(body.email, NEW_PASSWORD)).status).toBe(200)
})

test(`the reset calls share a limit of ${AUTH_LIMIT} per client in 15 minutes`, async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const token = await resetToken(user.email)
  const client = nextClient()
  for (let i = 0; i < AUTH_LIMIT; i++) {
    const res = i % 2 ? await requestReset('someone@example.com', client) : await verify(token, client)
    expect(res.status).toBe(200)
  }
  const refused = await save({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, client)
  expect(refused.status).toBe(429)
  expect(refused.headers['retry-after']).toBe('900')
  expect(refused.body.error.code).toBe('too_many_requests')
  expect((await verify(token, nextClient())).status).toBe(200)
})

test('changing the password answers with the spec’s messages', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{}, { oldPassword: 'Old password is required', newPassword: 'New password is required' }],
    [
      { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: 'Ìtàn#Owe25' },
      { confirmNewPassword: 'Must match new password' },
    ],
    [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }, { confirmNewPassword: 'Must match new password' }],
    [
      { oldPassword: PASSWORD, newPassword: 'Ab#1', confirmNewPassword: 'Ab#1' },
      { newPassword: 'Password should be of minimum 8 characters length' },
    ],
    [
      { oldPassword: PASSWORD, newPassword: 'itan#2024', confirmNewPassword: 'itan#2024' },
      { newPassword: 'Password must include at least one capital letter' },
    ],
    [
      { oldPassword: PASSWORD, newPassword: 'Itan20245', confirmNewPassword: 'Itan20245' },
      { newPassword: 'Password must include at least one special character' },
    ],
  ]
  for (const [body, fields] of cases) {
    const res = await changePassword(user.token, body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error).toEqual({ code: 'bad_request', message: Object.values(fields)[0], fields })
  }
  expect((await login(user.email, PASSWORD)).status).toBe(200)
})

test('a wrong old password is a 400 on oldPassword and changes nothing', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const res = await changePassword(user.token, { oldPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })
  expect(res.status).toBe(400)
  expect(res.body.error).toEqual({
    code: 'bad_request',
    message: 'The old password is not correct.',
    fields: { oldPassword: 'The old password is not correct.' },
  })
  expect((await me(user.token)).status).toBe(200)
  expect((await login(user.email, PASSWORD)).status).toBe(200)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(401)
})

test('a password change keeps the calling session, ends the user’s others and retires the old password', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const bystander = await memberOf(ctx.app, ctx.database.db)
  const phone = await signIn(ctx.app, user.email)
  const tablet = await signIn(ctx.app, user.email)

  const res = await changePassword(user.token, { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD })
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ data: { message: 'Your password has been changed. Your other sessions have been signed out.' } })

  expect((await me(user.token)).status).toBe(200)
  expect(await me(phone)).toMatchObject({ status: 401, body: ENDED })
  expect(await me(tablet)).toMatchObject({ status: 401, body: ENDED })
  expect((await me(bystander.token)).status).toBe(200)
  expect((await login(user.email, PASSWORD)).status).toBe(401)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
})

test(`password changes are limited to ${AUTH_LIMIT} attempts per client in 15 minutes`, async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const client = nextClient()
  const attempt = () =>
    post(
      ctx.app,
      '/accounts/password-update/',
      { oldPassword: 'Wrong#Pass1', newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD },
      user.token,
      client,
    )
  for (let i = 0; i < AUTH_LIMIT; i++) expect((await attempt()).status).toBe(400)
  const refused = await attempt()
  expect(refused.status).toBe(429)
  expect(refused.headers['retry-after']).toBe('900')
  expect(refused.body.error.code).toBe('too_many_requests')
})

test('a reset or a password change retires every older reset link of the user', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const older = await resetToken(user.email)
  const newer = await resetToken(user.email)
  expect((await save({ token: newer, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).body).toEqual(RESET_DONE)
  expect((await verify(older)).body.error.code).toBe('token_used')

  const session = await signIn(ctx.app, user.email, NEW_PASSWORD)
  const pending = await resetToken(user.email)
  expect(
    (await changePassword(session, { oldPassword: NEW_PASSWORD, newPassword: 'Kola#nut22', confirmNewPassword: 'Kola#nut22' })).status,
  ).toBe(200)
  expect((await verify(pending)).body.error.code).toBe('token_used')
  expect((await save({ token: pending, password: 'Other#pass1', confirmPassword: 'Other#pass1' })).status).toBe(400)
  expect((await login(user.email, 'Kola#nut22')).status).toBe(200)
})

test(`a hundred reset requests from a hundred clients mail the account at most ${LINK_MAILS_PER_HOUR} links an hour; every answer is the same`, async () => {
  clock.advance(HOUR)
  const user = await memberOf(ctx.app, ctx.database.db)
  const answers = await Promise.all(Array.from({ length: 100 }, () => requestReset(user.email, nextClient())))
  const resetMails = async () => (await mailsTo(ctx.database.db, user.email)).filter((mail) => mail.subject === 'Reset your Òwe password')
  expect(await resetMails()).toHaveLength(LINK_MAILS_PER_HOUR)
  // Sent, held back, or no such account: one answer, so nobody learns which.
  const suppressed = await requestReset(user.email, nextClient())
  const unknown = await requestReset('nobody-here@example.com', nextClient())
  for (const answer of [...answers, suppressed, unknown])
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: REQUESTED })
  expect(await resetMails()).toHaveLength(LINK_MAILS_PER_HOUR)

  // The links already sent still work; an hour after the first, the owner can ask for a new one and use it.
  clock.advance(HOUR)
  const token = await resetToken(user.email)
  expect(await resetMails()).toHaveLength(LINK_MAILS_PER_HOUR + 1)
  expect((await save({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).body).toEqual(RESET_DONE)
  expect((await login(user.email, NEW_PASSWORD)).status).toBe(200)
})

test(`fifty activation resends from fifty clients mail at most ${LINK_MAILS_PER_HOUR} links an hour, sign-up's included; every answer is the same`, async () => {
  clock.advance(HOUR)
  const body = signupBody()
  expect((await post(ctx.app, API.register, body)).status).toBe(201)
  const resend = (email: string) => post(ctx.app, API.resendActivation, { email }, undefined, nextClient())
  const answers = await Promise.all(Array.from({ length: 50 }, () => resend(body.email)))
  const activationMails = async () =>
    (await mailsTo(ctx.database.db, body.email)).filter((mail) => mail.subject === 'Activate your Òwe account')
  expect(await activationMails()).toHaveLength(LINK_MAILS_PER_HOUR)
  // A reset asked for in the same hour is held back too: the bound is the inbox's, whatever the link.
  expect((await requestReset(body.email, nextClient())).body).toEqual(REQUESTED)
  expect(await mailsTo(ctx.database.db, body.email)).toHaveLength(LINK_MAILS_PER_HOUR)

  const active = await memberOf(ctx.app, ctx.database.db)
  const SENT = { data: { message: AUTH_TEXTS.activationSent } }
  for (const answer of [...answers, await resend(body.email), await resend('nobody-here@example.com'), await resend(active.email)])
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: SENT })

  // An hour on, a new link goes, and it activates the account.
  clock.advance(HOUR)
  expect((await resend(body.email)).status).toBe(200)
  expect(await activationMails()).toHaveLength(LINK_MAILS_PER_HOUR + 1)
  expect((await post(ctx.app, API.activate, { token: await lastMailToken(ctx.database.db, body.email) })).status).toBe(200)
})
