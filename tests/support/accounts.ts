import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../server/src/db/client'
import { mailOutbox } from '../../server/src/db/schema'
import type { LoginResult } from '../../src/core/contract'

export const PASSWORD = 'Proverb#1'

let counter = 0
/** A distinct client address per call, so sign-up and sign-in limits never couple unrelated tests. */
export const nextClient = () => `10.9.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`

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

/** The token in the newest link mailed to an address (the outbox keeps mail when no SMTP is set). */
export async function lastMailToken(db: Db, to: string): Promise<string> {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(desc(mailOutbox.id)).limit(1)
  if (!mail?.link) throw new Error(`no mail to ${to}`)
  return new URL(mail.link).searchParams.get('token')!
}

export async function post(app: FastifyInstance, url: string, payload: unknown, token?: string, remoteAddress = nextClient()) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined }
}

export async function get(app: FastifyInstance, url: string, token?: string, remoteAddress = nextClient()) {
  const res = await app.inject({ method: 'GET', url, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} })
  const json = res.headers['content-type']?.toString().startsWith('application/json')
  return { status: res.statusCode, headers: res.headers, body: json && res.body ? JSON.parse(res.body) : undefined, raw: res.rawPayload }
}

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
