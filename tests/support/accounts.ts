import { asc, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../server/src/db/client'
import { mailOutbox, userLanguages, users } from '../../server/src/db/schema'
import { hashPassword } from '../../server/src/services/passwords'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { LoginResult } from '../../src/core/account/contract'
import type { Plan } from '../../src/core/payments/contract'

export const PASSWORD = 'Proverb#1'

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

let counter = 0
/** A distinct client address per call, so sign-up and sign-in limits never couple unrelated tests. */
export const nextClient = () => `10.9.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`

/** A clock the test moves by hand: pass `clock.now` to createTestApp. */
export function testClock(start = '2026-11-21T12:00:00Z') {
  let current = new Date(start)
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms)
    },
    set(iso: string) {
      current = new Date(iso)
    },
  }
}

export type SignupBody = {
  firstName: string
  lastName: string
  email: string
  password1: string
  password2: string
  packageId: number
  phoneNumber?: string
  languages?: number[]
  promoCode?: string
}

export function signupBody(overrides: Partial<SignupBody> = {}): SignupBody {
  const n = ++counter
  return {
    firstName: 'Adaeze',
    lastName: 'Okafor',
    email: `reader${n}@example.com`,
    password1: PASSWORD,
    password2: PASSWORD,
    packageId: 1,
    ...overrides,
  }
}

/** A phone number no other test uses. */
export const uniquePhone = () => `+23480${String(++counter).padStart(8, '0')}`

/** The mails kept for an address, oldest first (the outbox keeps mail when no SMTP is set). */
export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(asc(mailOutbox.id))
}

/** The token in the newest link mailed to an address. */
export async function lastMailToken(db: Db, to: string): Promise<string> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(desc(mailOutbox.id)).limit(1)
  if (!mail?.link) throw new Error(`no mail to ${to}`)
  return new URL(mail.link).searchParams.get('token')!
}

export type Reply = {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back and assert on it
  body: any
  raw: Buffer
}

type CallOptions = {
  payload?: unknown
  token?: string
  headers?: Record<string, string>
  remoteAddress?: string
}

/** One request through app.inject(); a JSON body is parsed, anything else is left in `raw`. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<Reply> {
  const res = await app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    remoteAddress: options.remoteAddress ?? nextClient(),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  })
  const json = res.headers['content-type']?.toString().startsWith('application/json')
  return { status: res.statusCode, headers: res.headers, body: json && res.body ? JSON.parse(res.body) : undefined, raw: res.rawPayload }
}

export const post = (app: FastifyInstance, url: string, payload: unknown, token?: string, remoteAddress?: string) =>
  call(app, 'POST', url, { payload, token, remoteAddress })

export const get = (app: FastifyInstance, url: string, token?: string, remoteAddress?: string) =>
  call(app, 'GET', url, { token, remoteAddress })

export const put = (app: FastifyInstance, url: string, token?: string) => call(app, 'PUT', url, { token })

export const del = (app: FastifyInstance, url: string, token?: string) => call(app, 'DELETE', url, { token })

/** Signs up, activates through the mailed link and signs in: a ready user with a bearer token. */
export async function signedInUser(app: FastifyInstance, db: Db, overrides: Partial<SignupBody> = {}) {
  const body = signupBody(overrides)
  const created = await post(app, '/accounts/register', body)
  if (created.status !== 201) throw new Error(`register failed: ${JSON.stringify(created.body)}`)
  const activated = await post(app, '/accounts/activate', { token: await lastMailToken(db, body.email) })
  if (activated.status !== 200) throw new Error(`activate failed: ${JSON.stringify(activated.body)}`)
  const login = await post(app, '/accounts/login', { email: body.email, password: body.password1 })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  const result = login.body.data as LoginResult
  return { ...result, email: body.email, password: body.password1 }
}

let passwordHash: Promise<string> | undefined

/**
 * An activated user written straight to the database, then signed in through the API: for tests about
 * what a signed-in user does, where the sign-up flow (and its password hash) is not the subject.
 */
export async function memberOf(
  app: FastifyInstance,
  db: Db,
  overrides: Omit<Partial<SignupBody>, 'password1' | 'password2' | 'promoCode'> = {},
) {
  const body = signupBody(overrides)
  passwordHash ??= hashPassword(PASSWORD)
  const [user] = await db
    .insert(users)
    .values({
      email: body.email,
      passwordHash: await passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      phoneNumber: body.phoneNumber ?? null,
      packageId: body.packageId,
      activatedAt: new Date(),
    })
    .returning({ id: users.id })
  const chosen = body.languages ?? []
  if (chosen.length > 0)
    await db.insert(userLanguages).values(chosen.map((ethnicGroupId, position) => ({ userId: user.id, ethnicGroupId, position })))
  const login = await post(app, '/accounts/login', { email: body.email, password: PASSWORD })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  return { ...(login.body.data as LoginResult), email: body.email, password: PASSWORD }
}

/** An admin: a member given the admin role the way `npm run admin:create` does (straight in the database). */
export async function adminOf(app: FastifyInstance, db: Db) {
  const admin = await memberOf(app, db)
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id))
  return admin
}

/** Another session for an existing user (a second device). */
export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const login = await post(app, '/accounts/login', { email, password })
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`)
  return (login.body.data as LoginResult).token
}

/** The seeded plans by name (Bronze, Silver, Gold, Platinum), read through the public API. */
export async function plansByName(app: FastifyInstance): Promise<Record<string, Plan>> {
  const { body } = await get(app, '/api/packages/')
  return Object.fromEntries((body.data as Plan[]).map((plan) => [plan.name, plan]))
}

/**
 * The seeded ethnic groups by slug, read through the public API, as every list of groups gives them (only
 * the public list adds who each people is, `about`, for the people's page).
 */
export async function groupsBySlug(app: FastifyInstance): Promise<Record<string, EthnicGroup>> {
  const { body } = await get(app, '/api/proverbs/ethnic/public?q=all')
  return Object.fromEntries((body.data as EthnicGroup[]).map(({ about: _about, ...group }) => [group.slug, group]))
}

export type FormPart = { name: string; filename?: string; type?: string; content: Buffer | string }

/** A multipart/form-data body written by hand, as a browser would send it. */
export function multipart(parts: FormPart[], boundary = '----oweTestBoundary7MA4YWxk') {
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`
    const head = `--${boundary}\r\n${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`
    chunks.push(Buffer.from(head), Buffer.from(part.content), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** The addresses a parsed message was sent to. */
