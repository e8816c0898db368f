import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { ADMIN_ONLY } from '../../server/src/http/admin-guard'
import { call, memberOf } from '../support/accounts'
import { freshDatabase } from '../support/test-app'

/**
 * Every route registered under /api/admin/ (collected as the server registers them, not from a hand list)
 * refuses a visitor with 401 and a signed-in reader who is not an admin with 403, so a route added
 * outside the guarded group shows here.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies Method[]
const routes: { method: Method; url: string }[] = []
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  database = await freshDatabase()
  const config = loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' })
  app = await buildApp(config, {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api/admin/')) return
      for (const method of [route.method].flat()) {
        if (METHODS.includes(method)) routes.push({ method: method as Method, url: route.url })
      }
    },
  })
  await app.ready()
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

test('every registered /api/admin/ route answers 401 to a visitor and 403 to a signed-in non-admin', async () => {
  // The admins' sections all register here: moderation, corpus, import, audit, mail, quiz bank, adverts, broadcasts, people.
  expect(routes.length).toBeGreaterThanOrEqual(30)
  const member = await memberOf(app, database.db)
  for (const { method, url } of routes) {
    const filled = url.replace(/:\w+/g, '1')
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {}
    const visitor = await call(app, method, filled, { payload })
    expect(visitor.status, `visitor ${method} ${url}`).toBe(401)
    expect(visitor.body.error.code).toBe('unauthorized')
    const reader = await call(app, method, filled, { payload, token: member.token })
    expect(reader.status, `reader ${method} ${url}`).toBe(403)
    expect(reader.body.error).toEqual({ code: 'forbidden', message: ADMIN_ONLY })
  }
})
