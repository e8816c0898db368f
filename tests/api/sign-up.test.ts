import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { promoCodes, userLanguages, users } from '../../server/src/db/schema'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import {
  call,
  get,
  groupsBySlug,
  mailsTo,
  nextClient,
  plansByName,
  post,
  signupBody,
  uniquePhone,
  type SignupBody,
} from '../support/accounts'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_PUBLIC_URL: 'https://owe.example/' }, () => new Date('2026-11-21T12:00:00Z'))
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
  await ctx.database.db.insert(promoCodes).values([
    { code: 'RETIRED5', percentOff: 5, active: false },
    { code: 'GONE20', percentOff: 20, expiresAt: new Date('2020-01-01T00:00:00Z') },
  ])
})
afterAll(() => ctx.close())

const register = (body: unknown) => post(ctx.app, '/accounts/register', body)

/** The field errors of a sign-up refused by validation (400, the envelope's `fields`). */
async function refusal(body: unknown) {
  const res = await register(body)
  expect(res.status, JSON.stringify(res.body)).toBe(400)
  expect(res.body.error.code).toBe('bad_request')
  expect(res.body.error.message).toEqual(expect.any(String))
  return res.body.error.fields as Record<string, string>
}

/**
 * A body whose only fault is a mismatched confirmation: when the refusal names nothing but password2,
 * every other field passed validation — without paying for a password hash.
 */
const probe = (overrides: Partial<SignupBody>) => ({ ...signupBody(overrides), password2: 'does not match' })
const ONLY_CONFIRMATION = { password2: 'Passwords must match' }

test('sign-up answers 201; with no SMTP_URL the activation mail waits in the outbox, linking to /auth/activate?token= under OWE_PUBLIC_URL', async () => {
  const body = signupBody()
  const res = await register(body)
  expect(res.status).toBe(201)
  // paymentToken: the new account pays for its plan with it before activation (tests/api/payments.test.ts).
  expect(res.body).toEqual({
    data: {
      message: 'Your account has been created. Check your email for the link that activates it.',
      email: body.email,
      paymentToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    },
  })
  const mails = await mailsTo(ctx.database.db, body.email)
  expect(mails).toHaveLength(1)
  expect(mails[0].subject).toBe('Activate your Òwe account')
  expect(mails[0].link).toMatch(/^https:\/\/owe\.example\/auth\/activate\?token=[A-Za-z0-9_-]{43}$/)
  expect(mails[0].text).toContain(mails[0].link)
  expect(mails[0].text).toContain('Hello Adaeze,')
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email))
  expect(user).toMatchObject({ firstName: 'Adaeze', lastName: 'Okafor', packageId: body.packageId, activatedAt: null, phoneNumber: null })
  expect(user.passwordHash).toMatch(/^\$argon2id\$/)
})

test('the email is kept trimmed and lower-cased', async () => {
  const res = await register(signupBody({ email: '  Mixed.Case@Example.COM ' }))
  expect(res.status).toBe(201)
  expect(res.body.data.email).toBe('mixed.case@example.com')
  expect(await mailsTo(ctx.database.db, 'mixed.case@example.com')).toHaveLength(1)
})

test('every required sign-up field is refused with the spec’s message', async () => {
  expect(await refusal({})).toEqual({
    firstName: 'Please enter your First name',
    lastName: 'Please enter your Last name',
    email: 'Required',
    password1: 'Password is required',
    packageId: 'Please select a subscription plan',
  })
  const blanks = await refusal(probe({ firstName: '   ', lastName: ' ', email: ' ' }))
  expect(blanks).toMatchObject({ firstName: 'Please enter your First name', lastName: 'Please enter your Last name', email: 'Required' })
})

test('names may not contain digits; the last name’s message repeats the spec’s “First name” slip', async () => {
  expect(await refusal(probe({ firstName: 'Ada2' }))).toEqual({ ...ONLY_CONFIRMATION, firstName: 'First name cannot contain numbers' })
  expect(await refusal(probe({ lastName: 'Okafor3' }))).toEqual({ ...ONLY_CONFIRMATION, lastName: 'First name cannot contain numbers' })
  expect(await refusal(probe({ firstName: 'Chí-Ọ̀m', lastName: "N'Diaye Ọkà" }))).toEqual(ONLY_CONFIRMATION)
})

test('an address that is not an email is refused with “Invalid email”', async () => {
  for (const email of ['plainaddress', 'ada@', '@example.com', 'ada okafor@example.com', `${'a'.repeat(195)}@example.com`]) {
    expect(await refusal(probe({ email })), email).toEqual({ ...ONLY_CONFIRMATION, email: 'Invalid email' })
  }
})

test('the password needs 8 characters, a capital letter and a special character', async () => {
  const cases: [string, string][] = [
    ['Ab#1', 'Password should be of minimum 8 characters length'],
    ['proverb#1', 'Password must include at least one capital letter'],
    ['Proverb11', 'Password must include at least one special character'],
    ['Proverb-1', 'Password must include at least one special character'],
  ]
  for (const [password, message] of cases) {
    expect(await refusal({ ...signupBody(), password1: password, password2: password }), password).toEqual({ password1: message })
  }
})

test('each special character the spec lists counts: !@#$%^&*()_+{}[]:;<>,.?~', async () => {
  for (const special of '!@#$%^&*()_+{}[]:;<>,.?~') {
    expect(await refusal(probe({ password1: `Proverbs1${special}` })), special).toEqual(ONLY_CONFIRMATION)
  }
})

test('the confirmation must equal the password: “Passwords must match”', async () => {
  expect(await refusal({ ...signupBody(), password2: 'Proverb#2' })).toEqual({ password2: 'Passwords must match' })
  expect(await refusal({ ...signupBody(), password2: undefined })).toEqual({ password2: 'Passwords must match' })
})

test('a missing, malformed or unknown plan gets “Please select a subscription plan”', async () => {
  for (const packageId of [undefined, null, '', 0, -1, 1.5, 'gold']) {
    expect(await refusal(probe({ packageId: packageId as number })), String(packageId)).toEqual({
      ...ONLY_CONFIRMATION,
      packageId: 'Please select a subscription plan',
    })
  }
  // Well-formed but unknown: refused after validation, so the confirmation must match here.
  expect(await refusal(signupBody({ packageId: 9999 }))).toEqual({ packageId: 'Please select a subscription plan' })
})

test('the Free plan goes straight on: the account is made with its one language and no payment token, since there is nothing to pay', async () => {
  const body = signupBody({ packageId: plans.Free.id, languages: [groups.akan.id] })
  const res = await register(body)
  expect(res.status).toBe(201)
  expect(res.body).toEqual({
    data: {
      message: 'Your account has been created. Check your email for the link that activates it.',
      email: body.email,
      paymentToken: null,
    },
  })
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email))
  expect(user.packageId).toBe(plans.Free.id)
  expect(
    await ctx.database.db.select({ id: userLanguages.ethnicGroupId }).from(userLanguages).where(eq(userLanguages.userId, user.id)),
  ).toEqual([{ id: groups.akan.id }])
  expect(await refusal(signupBody({ packageId: plans.Free.id, languages: [groups.akan.id, groups.igbo.id] }))).toEqual({
    languages: 'The Free plan includes 1 language. Choose at most 1.',
  })
  // Choosing no plan at all is still the spec's refusal.
  expect(await refusal({ ...signupBody(), packageId: undefined })).toMatchObject({ packageId: 'Please select a subscription plan' })
})

test('a plan or language id beyond the database’s integer range is a 400, not a 500', async () => {
  for (const overrides of [{ packageId: 3_000_000_000 }, { packageId: 1e300 }, { languages: [3_000_000_000] }]) {
    const res = await register(signupBody(overrides))
    expect(res.status, JSON.stringify(overrides)).toBe(400)
    expect(res.body.error.code).toBe('bad_request')
  }
})

test('the phone number is optional; when given, 10 to 15 characters of digits after an optional +', async () => {
  for (const phoneNumber of [undefined, '', '   ', '0801234567', '+2348012345678', '+23480123456789']) {
    expect(await refusal(probe({ phoneNumber })), String(phoneNumber)).toEqual(ONLY_CONFIRMATION)
  }
  const cases: [string, string][] = [
    ['080123456', 'Size must be at least 10 characters'],
    ['+1234', 'Size must be at least 10 characters'],
    ['+2348012345678901', 'Phone number must be at most 15 characters'],
    ['0801-234-567', 'Invalid phone number'],
    ['08012345ab', 'Invalid phone number'],
    ['++23480123456', 'Invalid phone number'],
  ]
  for (const [phoneNumber, message] of cases) {
    expect(await refusal(probe({ phoneNumber })), phoneNumber).toEqual({ ...ONLY_CONFIRMATION, phoneNumber: message })
  }
  const body = signupBody({ phoneNumber: ` ${uniquePhone()} ` })
  expect((await register(body)).status).toBe(201)
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email))
  expect(user.phoneNumber).toBe(body.phoneNumber!.trim())
})

test('choosing more languages than the plan’s noOfEthnics is refused, naming the plan', async () => {
  const all = Object.values(groups).map((g) => g.id)
  expect(all).toHaveLength(8)
  const expected: [string, string][] = [
    ['Bronze', 'The Bronze plan includes 1 language. Choose at most 1.'],
    ['Silver', 'The Silver plan includes 2 languages. Choose at most 2.'],
    ['Gold', 'The Gold plan includes 4 languages. Choose at most 4.'],
  ]
  for (const [name, message] of expected) {
    const plan = plans[name]
    const fields = await refusal(signupBody({ packageId: plan.id, languages: all.slice(0, plan.noOfEthnics + 1) }))
    expect(fields, name).toEqual({ languages: message })
  }
})

test('up to the plan’s noOfEthnics languages are kept in the order chosen; a repeated one counts once', async () => {
  const gold = signupBody({
    packageId: plans.Gold.id,
    languages: [groups.zulu.id, groups.igbo.id, groups.zulu.id, groups.amharic.id, groups.hausa.id],
  })
  expect((await register(gold)).status).toBe(201)
  const platinum = signupBody({ packageId: plans.Platinum.id, languages: Object.values(groups).map((g) => g.id) })
  expect((await register(platinum)).status).toBe(201)

  const chosen = async (email: string) => {
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email))
    const rows = await ctx.database.db.select().from(userLanguages).where(eq(userLanguages.userId, user.id))
    return rows.sort((a, b) => a.position - b.position).map((row) => row.ethnicGroupId)
  }
  expect(await chosen(gold.email)).toEqual([groups.zulu.id, groups.igbo.id, groups.amharic.id, groups.hausa.id])
  expect(await chosen(platinum.email)).toHaveLength(8)
})

test('an unknown language id is refused', async () => {
  expect(await refusal(signupBody({ languages: [999_999] }))).toEqual({ languages: 'Choose languages from the list.' })
})

test('an unknown, retired or expired promo code is refused at sign-up; WELCOME10 is accepted in any case and kept upper-case', async () => {
  for (const promoCode of ['NOPE', 'RETIRED5', 'gone20']) {
    expect(await refusal(signupBody({ promoCode })), promoCode).toEqual({ promoCode: 'This promo code is not valid.' })
  }
  const body = signupBody({ promoCode: ' welcome10 ' })
  expect((await register(body)).status).toBe(201)
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email))
  expect(user.promoCode).toBe('WELCOME10')
})

test('an email already registered is a 409, whatever its case, and no second mail goes out', async () => {
  const body = signupBody()
  expect((await register(body)).status).toBe(201)
  const again = await register(signupBody({ email: body.email.toUpperCase() }))
  expect(again.status).toBe(409)
  expect(again.body).toEqual({
    error: {
      code: 'conflict',
      message: 'An account with this email already exists.',
      fields: { email: 'An account with this email already exists.' },
    },
  })
  expect(await mailsTo(ctx.database.db, body.email)).toHaveLength(1)
})

test('a phone number already registered is a 409', async () => {
  const phoneNumber = uniquePhone()
  expect((await register(signupBody({ phoneNumber }))).status).toBe(201)
  const again = await register(signupBody({ phoneNumber }))
  expect(again.status).toBe(409)
  expect(again.body).toEqual({
    error: {
      code: 'conflict',
      message: 'An account with this phone number already exists.',
      fields: { phoneNumber: 'An account with this phone number already exists.' },
    },
  })
})

test('a sign-up never activated within two days releases its email and phone; an active account never does', async () => {
  const phoneNumber = uniquePhone()
  const first = signupBody({ phoneNumber })
  expect((await register(first)).status).toBe(201)
  expect((await register(signupBody({ email: first.email }))).status).toBe(409)
  const twoDaysAndAnHourAgo = new Date(new Date('2026-11-21T12:00:00Z').getTime() - 49 * 60 * 60 * 1000)
  await ctx.database.db.update(users).set({ createdAt: twoDaysAndAnHourAgo }).where(eq(users.email, first.email))
  const claimed = await register(signupBody({ email: first.email, phoneNumber, firstName: 'Rightful' }))
  expect(claimed.status).toBe(201)
  const rows = await ctx.database.db.select().from(users).where(eq(users.email, first.email))
  expect(rows.map((r) => [r.firstName, r.phoneNumber])).toEqual([['Rightful', phoneNumber]])

  await ctx.database.db
    .update(users)
    .set({ createdAt: twoDaysAndAnHourAgo, activatedAt: twoDaysAndAnHourAgo })
    .where(eq(users.email, first.email))
  expect((await register(signupBody({ email: first.email }))).status).toBe(409)
})

test('malformed sign-up bodies get a 4xx envelope, never a 500', async () => {
  const raw: [string | undefined, string | undefined, number][] = [
    ['{"firstName": "Ada",', 'application/json', 400],
    ['', 'application/json', 400],
    ['[]', 'application/json', 400],
    ['[{"email":"a@example.com"}]', 'application/json', 400],
    ['"just text"', 'application/json', 400],
    ['null', 'application/json', 400],
    ['42', 'application/json', 400],
    ['firstName=Ada', 'application/x-www-form-urlencoded', 415],
    ['hello', 'text/plain', 400],
    [undefined, undefined, 400],
    [JSON.stringify({ ...signupBody(), firstName: 'x'.repeat(1_100_000) }), 'application/json', 413],
  ]
  for (const [payload, type, status] of raw) {
    const res = await call(ctx.app, 'POST', '/accounts/register', { payload, headers: type ? { 'content-type': type } : {} })
    expect(res.status, `${type}: ${payload?.slice(0, 40)}`).toBe(status)
    expect(res.body.error).toEqual({ code: expect.any(String), message: expect.any(String) })
  }
})

test('control characters and values of the wrong type are refused field by field', async () => {
  expect(await refusal(probe({ firstName: 'Ada\u0000' }))).toEqual({ firstName: 'Contains control characters' })
  expect(await refusal(probe({ email: 'ada@example.com\r\nBcc: all@example.com' }))).toEqual({ email: 'Contains control characters' })
  expect(await refusal(probe({ firstName: 123 as unknown as string }))).toEqual({
    ...ONLY_CONFIRMATION,
    firstName: 'First name cannot contain numbers',
  })
  expect(await refusal(probe({ languages: 'yoruba' as unknown as number[] }))).toHaveProperty('languages')
  expect(await refusal(probe({ languages: [1.5] }))).toHaveProperty('languages')
  expect(await refusal({ ...signupBody(), password1: true, password2: true })).toEqual({
    password1: 'Password should be of minimum 8 characters length',
  })
})

test('an object or array where text belongs is a 400, not a 500', async () => {
  const bodies = [
    { ...signupBody(), firstName: { first: 'Ada' } },
    { ...signupBody(), email: ['ada@example.com'] },
    { ...signupBody(), phoneNumber: { number: '08012345678' } },
    { ...signupBody(), promoCode: ['WELCOME10'] },
  ]
  for (const body of bodies) {
    const res = await register(body)
    expect(res.status, JSON.stringify(body)).toBe(400)
    expect(res.body.error.code).toBe('bad_request')
  }
  const login = await post(ctx.app, '/accounts/login', { email: { $ne: '' }, password: 'Proverb#1' })
  expect(login.status).toBe(400)
  const check = await get(ctx.app, '/accounts/check/?email=a@example.com&email=b@example.com')
  expect(check.status).toBe(400)
})

test('/accounts/check/?email= says whether an account exists, without regard to case', async () => {
  const body = signupBody()
  expect((await register(body)).status).toBe(201)
  const check = (email: string) => get(ctx.app, `/accounts/check/?email=${encodeURIComponent(email)}`)
  expect(await check(body.email)).toMatchObject({ status: 200, body: { data: { exists: true } } })
  expect(await check(` ${body.email.toUpperCase()} `)).toMatchObject({ status: 200, body: { data: { exists: true } } })
  expect(await check('nobody@example.com')).toMatchObject({ status: 200, body: { data: { exists: false } } })
  const missing = await get(ctx.app, '/accounts/check/')
  expect(missing.status).toBe(400)
  expect(missing.body.error.fields).toEqual({ email: 'Required' })
  const invalid = await check('not-an-email')
  expect(invalid.status).toBe(400)
  expect(invalid.body.error.fields).toEqual({ email: 'Invalid email' })
})

test('/accounts/checkphone/{phone} says whether a phone number is taken; a malformed one is a 400', async () => {
  const phoneNumber = uniquePhone()
  expect((await register(signupBody({ phoneNumber }))).status).toBe(201)
  const check = (phone: string) => get(ctx.app, `/accounts/checkphone/${encodeURIComponent(phone)}`)
  expect(await check(phoneNumber)).toMatchObject({ status: 200, body: { data: { exists: true } } })
  expect(await check('+2349999999999')).toMatchObject({ status: 200, body: { data: { exists: false } } })
  for (const bad of ['abc', '0801-234-5678', '12345678901234567', '+', '0801\u0000']) {
    const res = await check(bad)
    expect(res.status, bad).toBe(400)
    expect(res.body.error).toEqual({
      code: 'bad_request',
      message: 'Invalid phone number',
      fields: { phoneNumber: 'Invalid phone number' },
    })
  }
})

test('/api/user/profile/verify_promo-code/{code} tells valid from unknown, retired and expired codes, in any case', async () => {
  const check = (code: string) => get(ctx.app, `/api/user/profile/verify_promo-code/${encodeURIComponent(code)}`)
  const valid = { status: 200, body: { data: { code: 'WELCOME10', valid: true, percentOff: 10 } } }
  expect(await check('WELCOME10')).toMatchObject(valid)
  expect(await check('welcome10')).toMatchObject(valid)
  expect(await check(' Welcome10 ')).toMatchObject(valid)
  expect(await check('nope')).toMatchObject({ status: 200, body: { data: { code: 'NOPE', valid: false, percentOff: 0 } } })
  expect(await check('retired5')).toMatchObject({ status: 200, body: { data: { code: 'RETIRED5', valid: false, percentOff: 0 } } })
  expect(await check('GONE20')).toMatchObject({ status: 200, body: { data: { code: 'GONE20', valid: false, percentOff: 0 } } })
  for (const bad of ['x'.repeat(41), 'WELCOME\u000010']) {
    const res = await check(bad)
    expect(res.status).toBe(400)
    expect(res.body.error.fields).toEqual({ promoCode: 'This promo code is not valid.' })
  }
})

test('the email, phone and promo checks share a limit of 60 a minute per client', async () => {
  const client = nextClient()
  const urls = [
    '/accounts/check/?email=someone%40example.com',
    '/accounts/checkphone/08012345678',
    '/api/user/profile/verify_promo-code/WELCOME10',
  ]
  for (let i = 0; i < 60; i++) expect((await get(ctx.app, urls[i % 3], undefined, client)).status).toBe(200)
  const refused = await get(ctx.app, urls[0], undefined, client)
  expect(refused.status).toBe(429)
  expect(refused.body.error.code).toBe('too_many_requests')
  expect(refused.headers['retry-after']).toBe('60')
  expect((await get(ctx.app, urls[1])).status).toBe(200)
})
