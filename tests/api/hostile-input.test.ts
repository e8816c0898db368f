import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isSchema, type Schema } from 'yup'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { users } from '../../server/src/db/schema'
import { createSession } from '../../server/src/services/sessions'
import { call, memberOf } from '../support/accounts'
import { freshDatabase } from '../support/test-app'

/**
 * Every route the server registers (collected as they are registered, not from a hand list) gets a NUL
 * byte, a 1 MB string, a negative and a huge number in each path parameter, query parameter and body
 * field, as a visitor, a signed-in user and an admin. Whatever the route does with it, the answer is
 * never a 5xx.
 */

const NUL = 'a\u0000b'
const MEGABYTE = 'x'.repeat(1024 * 1024)
/** Under every JSON body limit (16 KB, with the field's name around it), over every column's sensible length. */
const WIDE = 'w'.repeat(15 * 1024)
const HOSTILE_TEXT: Record<string, string> = {
  nul: NUL,
  negative: '-1',
  huge: '99999999999999999999999',
  float: '1e308',
  megabyte: MEGABYTE,
}
/** 3,000 lists inside each other: a few kilobytes that a naive walk over the body recurses through. */
const DEEP = Array.from({ length: 3000 }).reduce<unknown>((inner) => [inner], 'x')
const HOSTILE_JSON: Record<string, unknown> = {
  nul: NUL,
  negative: -1,
  huge: 1e308,
  unsafe: 2 ** 53 + 2,
  'negative text': '-1',
  'huge text': '99999999999999999999999',
}

/** Source files (not tests) under a folder, relative to the repository. */
const sourcesUnder = (folder: string) =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => path.join(folder, file))

/** Every field name a schema on either side knows, and every query parameter the server's code reads. */
async function fieldNames(): Promise<string[]> {
  const names = new Set<string>()
  const visit = (schema: unknown) => {
    if (!isSchema(schema)) return
    const fields = (schema as Schema & { fields?: Record<string, unknown> }).fields
    if (!fields) return
    for (const [name, field] of Object.entries(fields)) {
      names.add(name)
      visit(field)
    }
  }
  for (const file of [...sourcesUnder('src/core'), ...sourcesUnder('server/src/features')]) {
    const exports = (await import(pathToFileURL(path.resolve(file)).href)) as Record<string, unknown>
    for (const value of Object.values(exports)) visit(value)
  }
  for (const file of sourcesUnder('server/src')) {
    const text = fs.readFileSync(file, 'utf8')
    for (const match of text.matchAll(/\(\s*(?:request\.)?query(?: as [^,]+)?,\s*'(\w+)'/g)) names.add(match[1])
  }
  return [...names].sort()
}

const routes: { method: string; url: string }[] = []
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-hostile-app-'))
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
let names: string[]
let memberId: number
let adminId: number

beforeAll(async () => {
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Òwe</title>')
  database = await freshDatabase()
  const config = loadConfig({
    OWE_CORPUS_CACHE_MS: '0',
    OWE_STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
    OWE_SCHEDULER_MS: '0',
    OWE_AUTH_RATE_LIMIT: '1000000',
    OWE_CHECK_RATE_LIMIT: '1000000',
    OWE_COMMUNITY_RATE_LIMIT: '1000000',
    OWE_PAYMENT_RATE_LIMIT: '1000000',
    // Thousands of reads from one client: the walk is about what each answers, not about the allowance.
    OWE_READ_RATE_LIMIT: '1000000',
    OWE_READ_BURST: '1000000',
    // Every payment route registered: the providers' webhooks as well as the test checkout. Their APIs
    // point at a port nothing listens on.
    PAYSTACK_SECRET_KEY: 'sk_test_hostile',
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    STRIPE_SECRET_KEY: 'sk_test_hostile',
    STRIPE_WEBHOOK_SECRET: 'whsec_hostile',
    STRIPE_BASE_URL: 'http://127.0.0.1:9',
    OWE_PAYMENTS_TEST_MODE: 'true',
  })
  app = await buildApp(config, {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url })
    },
  })
  await app.ready()
  names = await fieldNames()
  memberId = (await memberOf(app, database.db)).user.id
  const [admin] = await database.db
    .insert(users)
    .values({
      email: 'hostile-admin@example.com',
      passwordHash: 'unused',
      firstName: 'Ada',
      lastName: 'Admin',
      role: 'admin',
      activatedAt: new Date(),
    })
    .returning({ id: users.id })
  adminId = admin.id
})
afterAll(async () => {
  await app.close()
  await database.drop()
  fs.rmSync(staticDir, { recursive: true, force: true })
})

type Identity = 'visitor' | 'user' | 'admin'

const sessions = new Map<Identity, string>()

/** The identity's session, made once and made again after a route ended it (signing out, a new password). */
async function tokenOf(identity: Identity, fresh = false): Promise<string | undefined> {
  if (identity === 'visitor') return undefined
  if (fresh || !sessions.has(identity)) {
    sessions.set(identity, (await createSession(database.db, identity === 'admin' ? adminId : memberId, new Date(), 1)).token)
  }
  return sessions.get(identity)
}

function fill(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name))).replace(/\*$/, () => encodeURIComponent(value('*')))
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1]).concat(url.endsWith('*') ? ['*'] : [])
const query = (entries: [string, string][]) => `?${new URLSearchParams(entries).toString()}`
const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)

/** One request; any 5xx is returned as a failure line, anything else is fine. */
async function probe(method: string, url: string, identity: Identity, what: string, payload?: unknown): Promise<string | null> {
  const send = async (fresh: boolean) =>
    call(app, method as 'GET', url, { payload: payload as object, token: await tokenOf(identity, fresh) })
  let res = await send(false)
  // A 401 to someone signed in: an earlier probe may have ended the session; ask again with a new one.
  if (res.status === 401 && identity !== 'visitor') res = await send(true)
  return res.status >= 500
    ? `${res.status} ${method} ${url.slice(0, 120)} as ${identity} (${what}): ${JSON.stringify(res.body)?.slice(0, 200)}`
    : null
}

test('the server registers the routes this walk expects to cover (the list is read from the server)', () => {
  const keys = new Set(routes.map((route) => `${route.method} ${route.url}`))
  // A few from each family, so an empty or partial walk fails loudly.
  for (const key of [
    'POST /accounts/login',
    'GET /api/payments/test-checkout/:reference',
    'POST /api/payments/webhook/paystack',
    'PUT /api/admin/proverbs/:id',
    'GET /*',
  ]) {
    expect(keys, key).toContain(key)
  }
  expect(routes.length).toBeGreaterThan(90)
})

for (const identity of ['visitor', 'user', 'admin'] as const) {
  test(
    `every route, as ${identity === 'admin' ? 'an admin' : `a ${identity}`}: hostile path parameters, query parameters and body fields never give a 5xx`,
    { timeout: 600_000 },
    async () => {
      const failures: string[] = []
      const note = (failure: string | null) => failure && failures.push(failure)
      for (const { method, url } of routes) {
        for (const [kind, text] of Object.entries(HOSTILE_TEXT)) {
          // Every path parameter at once, then each alone with the others plain.
          note(
            await probe(
              method,
              fill(url, () => text),
              identity,
              `${kind} in every parameter`,
            ),
          )
          for (const param of paramsOf(url)) {
            note(
              await probe(
                method,
                fill(url, (name) => (name === param ? text : '1')),
                identity,
                `${kind} in :${param}`,
              ),
            )
          }
          // Node refuses a request line over 16 KB (431) before Fastify sees it; `inject` does not, so the
          // 1 MB query is left to the next test's 15 KB one, which is what a real client can send.
          if (kind !== 'megabyte') {
            note(
              await probe(
                method,
                fill(url, () => '1') + query(names.map((name) => [name, text])),
                identity,
                `${kind} in every query parameter`,
              ),
            )
          }
        }
        if (hasBody(method)) {
          for (const [kind, value] of Object.entries(HOSTILE_JSON)) {
            note(
              await probe(
                method,
                fill(url, () => '1'),
                identity,
                `${kind} in every body field`,
                Object.fromEntries(names.map((name) => [name, value])),
              ),
            )
            note(
              await probe(
                method,
                fill(url, () => '1'),
                identity,
                `${kind} in a nested field`,
                {
                  metadata: { packageId: value, registration: value },
                  ids: [value],
                  options: [value, value],
                  categoryIds: [value],
                  languages: [value],
                },
              ),
            )
          }
          note(
            await probe(
              method,
              fill(url, () => '1'),
              identity,
              'lists nested 3,000 deep',
              { token: 'x', email: 'a@example.com', nested: DEEP },
            ),
          )
          note(
            await probe(
              method,
              fill(url, () => '1'),
              identity,
              'a 1 MB body',
              { text: MEGABYTE },
            ),
          )
        }
      }
      expect(failures).toEqual([])
    },
  )
}

test(
  'each query parameter and each body field alone: a 15 KB string never gives a 5xx (as an admin, who passes every guard)',
  { timeout: 600_000 },
  async () => {
    const failures: string[] = []
    for (const { method, url } of routes) {
      for (const name of names) {
        const failure = hasBody(method)
          ? await probe(
              method,
              fill(url, () => '1'),
              'admin',
              `a 15 KB ${name}`,
              { [name]: WIDE },
            )
          : await probe(method, fill(url, () => '1') + query([[name, WIDE]]), 'admin', `a 15 KB ${name}`)
        if (failure) failures.push(failure)
      }
    }
    expect(failures).toEqual([])
  },
)
