import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, lastMailToken, MINUTE, nextClient, PASSWORD, post, signedInUser, testClock, type Reply } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// Device cookies (docs/decisions/026-known-browsers.md): a browser that signed in to an account before keeps
// signing in while strangers' guesses have locked the account.

const AUTH_LIMIT = 5
const NEW_PASSWORD = 'Proverb#2'

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_AUTH_RATE_LIMIT: String(AUTH_LIMIT) }, clock.now)
})
afterAll(() => ctx.close())

type Cookie = { name: string; value: string }

/** A browser: its address and the device cookies it was given, sent back on every sign-in as a browser does. */
function browser(address = nextClient()) {
  const jar = new Map<string, string>()
  const keep = (res: Reply) => {
    const header = res.headers['set-cookie']
    for (const line of Array.isArray(header) ? header : header ? [String(header)] : []) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return res
  }
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const send = async (url: string, payload: unknown, token?: string) =>
    keep(await call(ctx.app, 'POST', url, { payload, token, remoteAddress: address, headers: jar.size ? { cookie: cookieHeader() } : {} }))
  return {
    address,
    jar,
    login: (email: string, password: string) => send('/accounts/login', { email, password }),
    send,
    cookies: (): Cookie[] => [...jar].map(([name, value]) => ({ name, value })),
  }
}

/** Wrong passwords for `email` from twenty other addresses at once: enough to lock the account for strangers. */
async function strangersGuess(email: string) {
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => post(ctx.app, '/accounts/login', { email, password: `Wrong#Pass${i}` }, undefined, nextClient())),
  )
  expect(guesses.filter((res) => res.status === 401)).toHaveLength(AUTH_LIMIT)
  expect(guesses.filter((res) => res.status === 429)).toHaveLength(20 - AUTH_LIMIT)
}

test('a sign-in sets a device cookie for the sign-in route only, out of scripts’ reach, and no other site’s page sends it', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const res = await browser().login(user.email, PASSWORD)
  expect(res.status).toBe(200)
  const header = String(res.headers['set-cookie'])
  expect(header).toMatch(/^owe_device_[\w-]{16}=[0-9a-z]+\.[\w-]{22}\.[\w-]{43}; /)
  expect(header.split('; ').slice(1)).toEqual(['Path=/accounts/login', 'Max-Age=31536000', 'HttpOnly', 'SameSite=Strict'])
})

test('after strangers lock an account, its owner’s known browser signs in at once; an unknown browser still gets 429', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const owner = browser()
  expect((await owner.login(user.email, PASSWORD)).status).toBe(200)
  const before = owner.cookies()[0].value

  await strangersGuess(user.email)
  const stranger = await browser().login(user.email, PASSWORD)
  expect(stranger.status).toBe(429)
  expect(stranger.body.error).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please wait 15 minutes and try again.' })

  const signedIn = await owner.login(user.email, PASSWORD)
  expect(signedIn.status).toBe(200)
  expect(signedIn.body.data.user.email).toBe(user.email)
  // Each sign-in brings a fresh cookie.
  expect(owner.cookies()[0].value).not.toBe(before)
  // A wrong password from the known browser is the usual 401, not the strangers' lock.
  expect((await owner.login(user.email, 'Wrong#Pass1')).body.error.code).toBe('invalid_credentials')
})

test('strangers flooding the owner’s own address do not lock out the known browser there', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const owner = browser()
  expect((await owner.login(user.email, PASSWORD)).status).toBe(200)
  const other = await signedInUser(ctx.app, ctx.database.db)
  for (let i = 0; i < AUTH_LIMIT; i++)
    expect((await post(ctx.app, '/accounts/login', { email: other.email, password: 'Wrong#Pass1' }, undefined, owner.address)).status).toBe(
      401,
    )
  expect((await post(ctx.app, '/accounts/login', { email: user.email, password: PASSWORD }, undefined, owner.address)).status).toBe(429)
  expect((await owner.login(user.email, PASSWORD)).status).toBe(200)
})

test(`a known browser that fails ${AUTH_LIMIT} times is locked itself, a burst from it checks at most ${AUTH_LIMIT} passwords, and its failures do not lock the account`, async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const thief = browser()
  expect((await thief.login(user.email, PASSWORD)).status).toBe(200)
  const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => thief.login(user.email, `Wrong#Pass${i}`)))
  expect(burst.filter((res) => res.status === 401)).toHaveLength(AUTH_LIMIT)
  const refused = burst.filter((res) => res.status === 429)
  expect(refused).toHaveLength(100 - AUTH_LIMIT)
  expect(refused[0].headers['retry-after']).toBe('900')
  expect((await thief.login(user.email, PASSWORD)).status).toBe(429)

  // The owner's other browsers, known or not, are not held back by that one's failures.
  expect((await browser().login(user.email, PASSWORD)).status).toBe(200)

  clock.advance(15 * MINUTE)
  expect((await thief.login(user.email, PASSWORD)).status).toBe(200)
})

test('a forged or tampered device cookie counts as none: the account’s and the client’s limits hold', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const owner = browser()
  expect((await owner.login(user.email, PASSWORD)).status).toBe(200)
  const [{ name, value }] = owner.cookies()
  const [issued, nonce, signature] = value.split('.')
  const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1)
  await strangersGuess(user.email)

  const forgeries = [
    `${issued}.${nonce}.${flip(signature)}`,
    `${issued}.${flip(nonce)}.${signature}`,
    `${(parseInt(issued, 36) + 60).toString(36)}.${nonce}.${signature}`,
    `${issued}.${nonce}`,
    'garbage',
    '',
  ]
  for (const forged of forgeries) {
    const res = await call(ctx.app, 'POST', '/accounts/login', {
      payload: { email: user.email, password: PASSWORD },
      headers: { cookie: `${name}=${forged}` },
    })
    expect(res.status, forged).toBe(429)
  }

  // Without the account lock, a tampered cookie still meets the client's own limit.
  const victim = await signedInUser(ctx.app, ctx.database.db)
  const address = nextClient()
  const tampered = { cookie: `${name}=${issued}.${nonce}.${flip(signature)}` }
  const attempt = (email: string, password: string) =>
    call(ctx.app, 'POST', '/accounts/login', { payload: { email, password }, headers: tampered, remoteAddress: address })
  for (let i = 0; i < AUTH_LIMIT; i++) expect((await attempt(victim.email, 'Wrong#Pass1')).status).toBe(401)
  expect((await attempt(victim.email, PASSWORD)).status).toBe(429)
  // Nor for another account from that address.
  const other = await signedInUser(ctx.app, ctx.database.db)
  expect((await attempt(other.email, PASSWORD)).status).toBe(429)
})

test('a device cookie for one account does not help on another', async () => {
  const a = await signedInUser(ctx.app, ctx.database.db)
  const b = await signedInUser(ctx.app, ctx.database.db)
  const shared = browser()
  expect((await shared.login(a.email, PASSWORD)).status).toBe(200)
  const bsOwn = browser()
  expect((await bsOwn.login(b.email, PASSWORD)).status).toBe(200)
  const [aCookie] = shared.cookies()
  const [bCookie] = bsOwn.cookies()
  expect(aCookie.name).not.toBe(bCookie.name)
  await strangersGuess(b.email)

  // A's cookie as it is, and A's cookie under the name B's has.
  expect((await shared.login(b.email, PASSWORD)).status).toBe(429)
  const renamed = browser()
  renamed.jar.set(bCookie.name, aCookie.value)
  expect((await renamed.login(b.email, PASSWORD)).status).toBe(429)
  expect((await bsOwn.login(b.email, PASSWORD)).status).toBe(200)
})

test('a new password forgets every known browser but the one that set it; a reset through the mail makes that browser known', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const laptop = browser()
  const phone = browser()
  expect((await laptop.login(user.email, PASSWORD)).status).toBe(200)
  const session = await phone.login(user.email, PASSWORD)
  expect(session.status).toBe(200)

  const change = { oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }
  const changed = await phone.send('/accounts/password-update/', change, session.body.data.token)
  expect(changed.status).toBe(200)
  await strangersGuess(user.email)
  expect((await laptop.login(user.email, NEW_PASSWORD)).status).toBe(429)
  expect((await phone.login(user.email, NEW_PASSWORD)).status).toBe(200)

  // Locked out for strangers, the laptop's owner resets the password through the mail and is known again.
  expect((await post(ctx.app, '/accounts/reset-password-request', { email: user.email })).status).toBe(200)
  const token = await lastMailToken(ctx.database.db, user.email)
  expect((await laptop.send('/accounts/save-reset-password-web', { token, password: PASSWORD, confirmPassword: PASSWORD })).status).toBe(
    200,
  )
  expect((await laptop.login(user.email, PASSWORD)).status).toBe(200)
  expect((await phone.login(user.email, PASSWORD)).status).toBe(429)
})
