import { afterAll, beforeAll, expect, test } from 'vitest'
import { ADMIN_ONLY } from '../../server/src/http/admin-guard'
import { call, memberOf } from '../support/accounts'
import { createTestApp, methodsOf, type Method } from '../support/test-app'

/**
 * Every route registered under /api/admin/ (collected as the server registers them, not from a hand list)
 * refuses a visitor with 401 and a signed-in reader who is not an admin with 403, so a route added
 * outside the guarded group shows here.
 */

const routes: { method: Method; url: string }[] = []
let testApp: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  testApp = await createTestApp({}, undefined, (route) => {
    if (route.url.startsWith('/api/admin/')) for (const method of methodsOf(route)) routes.push({ method, url: route.url })
  })
  await testApp.app.ready()
})
afterAll(() => testApp.close())

test('every registered /api/admin/ route answers 401 to a visitor and 403 to a signed-in non-admin', async () => {
  const { app, database } = testApp
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
