import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  adminOf,
  DAY,
  get,
  HOUR,
  MINUTE,
  lastMailToken,
  mailsTo,
  nextClient,
  PASSWORD,
  post,
  signedInUser,
  signupBody,
  testClock,
} from '../support/accounts'
import { createTestApp } from '../support/test-app'

/** Set low here (the default, 10, is exercised by the password tests) to show the setting is honoured. */
const AUTH_LIMIT = 5

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_AUTH_RATE_LIMIT: String(AUTH_LIMIT) }, clock.now)
})
afterAll(() => ctx.close())

const ACTIVATED = { data: { message: 'Your account is active. You can sign in now.' } }
const INVALID_LINK = 'This activation link is not valid. Ask for a new one.'
const BAD_CREDENTIALS = { error: { code: 'invalid_credentials', message: 'Incorrect email or password.' } }

/** Registers without activating: the address and the token of its activation link. */
async function registered() {
  const body = signupBody()
  const res = await post(ctx.app, '/accounts/register', body)
  expect(res.status).toBe(201)
  return { email: body.email, token: await lastMailToken(ctx.database.db, body.email) }
}

const activate = (token: unknown) => post(ctx.app, '/accounts/activate', { token })
const login = (email: unknown, password: unknown, client?: string) =>
  post(ctx.app, '/accounts/login', { email, password }, undefined, client)

test('the activation link works once; using it again is a 400 token_used', async () => {
  const { email, token } = await registered()
  expect(await activate(token)).toMatchObject({ status: 200, body: ACTIVATED })
  expect((await login(email, PASSWORD)).status).toBe(200)
  const again = await activate(token)
  expect(again.status).toBe(400)
  expect(again.body.error).toEqual({
    code: 'token_used',
    message: 'This activation link has already been used. If your account is active, sign in; otherwise ask for a new link.',
  })
})

test('an activation link lasts 48 hours: still good at 47, token_expired at 49', async () => {
  const early = await registered()
  const late = await registered()
  clock.advance(47 * HOUR)
  expect(await activate(early.token)).toMatchObject({ status: 200, body: ACTIVATED })
  clock.advance(2 * HOUR)
  const expired = await activate(late.token)
  expect(expired.status).toBe(400)
  expect(expired.body.error).toEqual({ code: 'token_expired', message: 'This activation link has expired. Ask for a new one.' })
  expect((await login(late.email, PASSWORD)).body.error.code).toBe('not_activated')
})

test('a garbage, unknown or missing activation token is refused', async () => {
  for (const token of ['garbage', 'x'.repeat(43), 'A'.repeat(43), 12345, `${'a'.repeat(42)}=`]) {
    const res = await activate(token)
    expect(res.status, String(token)).toBe(400)
    expect(res.body.error).toEqual({ code: 'invalid_token', message: INVALID_LINK })
  }
  const missing = await post(ctx.app, '/accounts/activate', {})
  expect(missing.status).toBe(400)
  expect(missing.body.error.fields).toEqual({ token: 'The link is missing its token.' })
  const long = await activate('a'.repeat(101))
  expect(long.status).toBe(400)
  expect(long.body.error.fields).toEqual({ token: 'This link is not valid.' })
})

test('a password reset link does not activate an account', async () => {
  const { email } = await registered()
  expect((await post(ctx.app, '/accounts/reset-password-request', { email })).status).toBe(200)
  const resetToken = await lastMailToken(ctx.database.db, email)
  const res = await activate(resetToken)
  expect(res.status).toBe(400)
  expect(res.body.error).toEqual({ code: 'invalid_token', message: INVALID_LINK })
})

test('signing in before activation is a 403 not_activated, but only with the right password', async () => {
  const { email } = await registered()
  expect(await login(email, 'Wrong#Pass1')).toMatchObject({ status: 401, body: BAD_CREDENTIALS })
  const res = await login(email, PASSWORD)
  expect(res.status).toBe(403)
  expect(res.body).toEqual({
    error: {
      code: 'not_activated',
      message: 'Your account is not activated yet. Check your email for the activation link, or send a new one.',
    },
  })
})

test('resending activation answers the same for unknown, active and waiting addresses and mails only the waiting one', async () => {
  const active = await signedInUser(ctx.app, ctx.database.db)
  const waiting = await registered()
  const unknown = 'nobody-here@example.com'
  const before = {
    active: (await mailsTo(ctx.database.db, active.email)).length,
    waiting: (await mailsTo(ctx.database.db, waiting.email)).length,
  }

  const answers = []
  for (const email of [unknown, active.email, waiting.email.toUpperCase()]) {
    const res = await post(ctx.app, '/accounts/resend-activation', { email })
    answers.push({ status: res.status, body: res.body })
  }
  const expected = {
    status: 200,
    body: { data: { message: 'If that address has an account waiting for activation, a new link is on its way. Check your email.' } },
  }
  expect(answers).toEqual([expected, expected, expected])

  expect(await mailsTo(ctx.database.db, unknown)).toEqual([])
  expect(await mailsTo(ctx.database.db, active.email)).toHaveLength(before.active)
  const waitingMails = await mailsTo(ctx.database.db, waiting.email)
  expect(waitingMails).toHaveLength(before.waiting + 1)
  const fresh = await lastMailToken(ctx.database.db, waiting.email)
  expect(fresh).not.toBe(waiting.token)
  expect(await activate(fresh)).toMatchObject({ status: 200, body: ACTIVATED })
  expect((await login(waiting.email, PASSWORD)).status).toBe(200)

  const invalid = await post(ctx.app, '/accounts/resend-activation', { email: 'not-an-email' })
  expect(invalid.status).toBe(400)
  expect(invalid.body.error.fields).toEqual({ email: 'Invalid email' })
})

test('signing in returns a token, its expiry and the user', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db, { firstName: 'Kwame', lastName: 'Mensah' })
  const res = await login(` ${user.email.toUpperCase()} `, PASSWORD)
  expect(res.status).toBe(200)
  expect(res.body).toEqual({
    data: {
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      user: { id: user.user.id, email: user.email, firstName: 'Kwame', lastName: 'Mensah', admin: false },
    },
  })
  expect(res.body.data.token).not.toBe(user.token)
})

test("the session's own user says whether they are an admin today: 200 for everyone, 401 without a session", async () => {
  const reader = await signedInUser(ctx.app, ctx.database.db, { firstName: 'Ama', lastName: 'Owusu' })
  const mine = await get(ctx.app, '/accounts/session', reader.token)
  expect(mine).toMatchObject({
    status: 200,
    body: { data: { user: { id: reader.user.id, email: reader.email, firstName: 'Ama', lastName: 'Owusu', admin: false } } },
  })
  // Promoted while signed in (npm run admin:create): the same session is told at once, and a new sign-in carries it.
  const admin = await adminOf(ctx.app, ctx.database.db)
  expect((await get(ctx.app, '/accounts/session', admin.token)).body.data.user.admin).toBe(true)
  expect((await login(admin.email, PASSWORD)).body.data.user.admin).toBe(true)

  const none = await get(ctx.app, '/accounts/session')
  expect(none.status).toBe(401)
  const ended = await post(ctx.app, '/accounts/logout', {}, reader.token)
  expect(ended.status).toBe(200)
  expect((await get(ctx.app, '/accounts/session', reader.token)).status).toBe(401)
})

test('a wrong password and an unknown email get the same 401 invalid_credentials', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const wrong = await login(user.email, 'Proverb#2')
  const unknown = await login('no-such-reader@example.com', PASSWORD)
  expect(wrong.status).toBe(401)
  expect(unknown.status).toBe(401)
  expect(wrong.body).toEqual(BAD_CREDENTIALS)
  expect(unknown.body).toEqual(BAD_CREDENTIALS)
})

test('sign-in validation answers with the spec’s messages', async () => {
  const cases: [unknown, unknown, Record<string, string>][] = [
    [undefined, undefined, { email: 'Required', password: 'Password is required' }],
    ['', '', { email: 'Required', password: 'Password is required' }],
    ['reader@', PASSWORD, { email: 'Invalid email' }],
    ['reader@example.com', 'Ab#1', { password: 'Password should be of minimum 8 characters length' }],
    ['reader@example.com', 'proverb#1', { password: 'Password must include at least one capital letter' }],
    ['reader@example.com', 'Proverb11', { password: 'Password must include at least one special character' }],
  ]
  for (const [email, password, fields] of cases) {
    const res = await login(email, password)
    expect(res.status, JSON.stringify({ email, password })).toBe(400)
    expect(res.body.error).toEqual({ code: 'bad_request', message: Object.values(fields)[0], fields })
  }
})

test(`sign-in is limited to ${AUTH_LIMIT} attempts per client in 15 minutes; the next gets 429 with Retry-After`, async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const client = nextClient()
  for (let i = 0; i < AUTH_LIMIT; i++) expect((await login(user.email, 'Wrong#Pass1', client)).status).toBe(401)

  const refused = await login(user.email, PASSWORD, client)
  expect(refused.status).toBe(429)
  expect(refused.headers['retry-after']).toBe('900')
  expect(refused.body).toEqual({
    error: { code: 'too_many_requests', message: 'Too many attempts. Please wait 15 minutes and try again.' },
  })

  // The account itself is now guarded from every address; other accounts are not.
  expect((await login(user.email, PASSWORD, nextClient())).status).toBe(429)
  const other = await signedInUser(ctx.app, ctx.database.db)
  expect((await login(other.email, PASSWORD, nextClient())).status).toBe(200)

  clock.advance(5 * MINUTE)
  const later = await login(user.email, PASSWORD, client)
  expect(later.status).toBe(429)
  expect(later.headers['retry-after']).toBe('600')
  expect(later.body.error.message).toBe('Too many attempts. Please wait 10 minutes and try again.')

  clock.advance(10 * MINUTE)
  expect((await login(user.email, PASSWORD, client)).status).toBe(200)
})

test(`a burst of 100 parallel wrong sign-ins checks only ${AUTH_LIMIT} passwords; the rest get 429 with Retry-After, and a right guess after them too`, async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const client = nextClient()
  const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => login(user.email, `Wrong#Pass${i}`, client)))
  // Every answer that is not a 429 checked a password.
  expect(burst.filter((res) => res.status === 401)).toHaveLength(AUTH_LIMIT)
  const refused = burst.filter((res) => res.status === 429)
  expect(refused).toHaveLength(100 - AUTH_LIMIT)
  for (const res of refused) {
    expect(res.headers['retry-after']).toBe('900')
    expect(res.body.error.code).toBe('too_many_requests')
  }
  expect((await login(user.email, PASSWORD, client)).status).toBe(429)
})

test(`a burst for one account from 100 addresses checks only ${AUTH_LIMIT} passwords, and a right guess inside it gets no session once they are spent`, async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const burst = await Promise.all(
    Array.from({ length: 100 }, (_, i) => login(user.email, i === 60 ? PASSWORD : `Wrong#Pass${i}`, nextClient())),
  )
  const checked = burst.filter((res) => res.status !== 429)
  expect(checked).toHaveLength(AUTH_LIMIT)
  // The right password got a session only if it was among the attempts the limit allows.
  expect(burst.filter((res) => res.status === 200).length).toBeLessThanOrEqual(1)
  expect(burst[60].status === 200 || burst[60].status === 429).toBe(true)
})

test('successful sign-ins do not count: many people behind one address can all sign in', async () => {
  const client = nextClient()
  for (let i = 0; i < AUTH_LIMIT + 2; i++) {
    const user = await signedInUser(ctx.app, ctx.database.db)
    expect((await login(user.email, PASSWORD, client)).status).toBe(200)
  }
})

test('failed sign-ins for one account from many addresses are stopped too', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  for (let i = 0; i < AUTH_LIMIT; i++) expect((await login(user.email.toUpperCase(), 'Wrong#Pass1', nextClient())).status).toBe(401)
  const refused = await login(user.email, PASSWORD, nextClient())
  expect(refused.status).toBe(429)
  expect(refused.body.error.code).toBe('too_many_requests')
  clock.advance(15 * MINUTE)
  expect((await login(user.email, PASSWORD, nextClient())).status).toBe(200)
})

test('even well-formed but invalid sign-in bodies count against the limit', async () => {
  const client = nextClient()
  for (let i = 0; i < AUTH_LIMIT; i++) expect((await login('', '', client)).status).toBe(400)
  expect((await login('reader@example.com', PASSWORD, client)).status).toBe(429)
})

test('sign-up and resending activation share one mail allowance per client', async () => {
  const client = nextClient()
  for (let i = 0; i < AUTH_LIMIT; i++) {
    expect((await post(ctx.app, '/accounts/resend-activation', { email: 'someone@example.com' }, undefined, client)).status).toBe(200)
  }
  const refused = await post(ctx.app, '/accounts/register', signupBody(), undefined, client)
  expect(refused.status).toBe(429)
  expect(refused.headers['retry-after']).toBe('900')
  expect(refused.body.error.code).toBe('too_many_requests')
})
