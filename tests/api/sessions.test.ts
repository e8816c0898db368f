import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { emailTokens, sessions } from '../../server/src/db/schema'
import { call, DAY, get, lastMailToken, MINUTE, post, memberOf, signIn, signupBody, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

const SESSION_DAYS = 7

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_SESSION_DAYS: String(SESSION_DAYS) }, clock.now)
})
afterAll(() => ctx.close())

const NO_TOKEN = { error: { code: 'unauthorized', message: 'Please sign in to continue.' } }
const ENDED = { error: { code: 'session_expired', message: 'Your session has ended. Please sign in again.' } }

/** Every call that needs a signed-in user. */
const GUARDED: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
  ['POST', '/accounts/logout'],
  ['POST', '/accounts/password-update/'],
  ['GET', '/api/user/profile/personalInfo'],
  ['POST', '/api/user/profile/personalInfo'],
  ['GET', '/api/user/profile/address'],
  ['POST', '/api/user/profile/address'],
  ['GET', '/api/user/profile/full'],
  ['GET', '/api/user/profile/picture'],
  ['POST', '/api/user/profile/picture'],
  ['GET', '/api/proverbs/language/'],
  ['GET', '/api/proverbs/ethnic/logged'],
  ['GET', '/api/proverbs/trending-proverbs'],
  ['GET', '/api/proverbs/proverbs_logged/yoruba/'],
  ['GET', '/api/proverbs/favourites'],
  ['GET', '/api/proverbs/marks'],
  ['PUT', '/api/proverbs/favourites/1'],
  ['DELETE', '/api/proverbs/favourites/1'],
  ['PUT', '/api/proverbs/likes/1'],
  ['DELETE', '/api/proverbs/likes/1'],
  ['GET', '/api/userPackage/languages'],
  ['POST', '/api/userPackage/languages/update'],
]

const me = (token: string) => get(ctx.app, '/api/user/profile/personalInfo', token)

test('every signed-in call without a token is a 401 unauthorized with WWW-Authenticate: Bearer', async () => {
  for (const [method, url] of GUARDED) {
    const res = await call(ctx.app, method, url, method === 'POST' ? { payload: {} } : {})
    expect(res.status, `${method} ${url}`).toBe(401)
    expect(res.headers['www-authenticate'], `${method} ${url}`).toBe('Bearer')
    expect(res.body, `${method} ${url}`).toEqual(NO_TOKEN)
  }
  for (const authorization of ['', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Token abc']) {
    const res = await call(ctx.app, 'GET', '/api/user/profile/personalInfo', { headers: { authorization } })
    expect(res.status, authorization).toBe(401)
    expect(res.body, authorization).toEqual(NO_TOKEN)
  }
})

test('a garbage or unknown token is a 401 session_expired', async () => {
  const unknown = randomBytes(32).toString('base64url')
  for (const token of ['garbage', 'a'.repeat(500), unknown, `${unknown}x`]) {
    const res = await me(token)
    expect(res.status, token).toBe(401)
    expect(res.headers['www-authenticate']).toBe('Bearer')
    expect(res.body).toEqual(ENDED)
  }
})

test('the bearer scheme is read without regard to case', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const res = await call(ctx.app, 'GET', '/api/user/profile/personalInfo', { headers: { authorization: `bearer ${user.token}` } })
  expect(res.status).toBe(200)
  expect(res.body.data.content.email).toBe(user.email)
})

test(`a session lasts OWE_SESSION_DAYS (${SESSION_DAYS} here), then answers 401 session_expired`, async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  expect(user.expiresAt).toBe(new Date(clock.now().getTime() + SESSION_DAYS * DAY).toISOString())
  clock.advance(SESSION_DAYS * DAY - MINUTE)
  expect((await me(user.token)).status).toBe(200)
  clock.advance(2 * MINUTE)
  const expired = await me(user.token)
  expect(expired.status).toBe(401)
  expect(expired.body).toEqual(ENDED)
  // Signing in again starts a new session.
  expect((await me(await signIn(ctx.app, user.email))).status).toBe(200)
})

test('logging out ends the calling session only', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const otherDevice = await signIn(ctx.app, user.email)
  const out = await post(ctx.app, '/accounts/logout', {}, user.token)
  expect(out.status).toBe(200)
  expect(out.body).toEqual({ data: { message: 'You have signed out.' } })
  expect(await me(user.token)).toMatchObject({ status: 401, body: ENDED })
  expect((await post(ctx.app, '/accounts/logout', {}, user.token)).status).toBe(401)
  expect((await me(otherDevice)).status).toBe(200)
})

test('the database keeps only a hash of session and link tokens, never the tokens themselves', async () => {
  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  const activationToken = await lastMailToken(ctx.database.db, body.email)
  expect((await post(ctx.app, '/accounts/activate', { token: activationToken })).status).toBe(200)
  const sessionToken = await signIn(ctx.app, body.email)
  expect((await me(sessionToken)).status).toBe(200)

  const sessionRows = JSON.stringify(await ctx.database.db.select().from(sessions))
  const tokenRows = JSON.stringify(await ctx.database.db.select().from(emailTokens))
  for (const token of [sessionToken, activationToken]) {
    expect(sessionRows).not.toContain(token)
    expect(tokenRows).not.toContain(token)
  }
  const rows = await ctx.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions)
  expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true)
})

test('an emailed link’s token is not a session token', async () => {
  const body = signupBody()
  expect((await post(ctx.app, '/accounts/register', body)).status).toBe(201)
  const activationToken = await lastMailToken(ctx.database.db, body.email)
  expect(await me(activationToken)).toMatchObject({ status: 401, body: ENDED })
})

test('every signed-in call refuses a revoked and an expired session, before touching anything', async () => {
  const user = await memberOf(ctx.app, ctx.database.db)
  const revoked = await signIn(ctx.app, user.email)
  expect((await post(ctx.app, '/accounts/logout', {}, revoked)).status).toBe(200)
  const expiring = await signIn(ctx.app, user.email)
  clock.advance(SESSION_DAYS * DAY + MINUTE)
  for (const token of [revoked, expiring]) {
    for (const [method, url] of GUARDED) {
      const res = await call(ctx.app, method, url, {
        headers: { authorization: `Bearer ${token}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      })
      expect(res.status, `${method} ${url}`).toBe(401)
      expect(res.body, `${method} ${url}`).toEqual(ENDED)
    }
  }
  expect((await ctx.database.db.select().from(sessions)).every((s) => s.revokedAt !== null || s.expiresAt <= clock.now())).toBe(true)
})

test('behind a proxy (TRUST_PROXY=1) a client cannot dodge the sign-in limit by writing its own X-Forwarded-For', async () => {
  const proxied = await createTestApp({ TRUST_PROXY: '1', OWE_AUTH_RATE_LIMIT: '3' }, clock.now)
  try {
    const attempt = (n: number) =>
      proxied.app.inject({
        method: 'POST',
        url: '/accounts/login',
        remoteAddress: '10.0.0.2',
        // The proxy appends the address it saw (198.51.100.7); everything before it is the client's own writing.
        headers: { 'x-forwarded-for': `203.0.113.${n}, 198.51.100.7` },
        payload: { email: `nobody${n}@example.com`, password: 'Wrong#Pass1' },
      })
    for (let n = 1; n <= 3; n++) expect((await attempt(n)).statusCode).toBe(401)
    expect((await attempt(4)).statusCode).toBe(429)
  } finally {
    await proxied.close()
  }
})
