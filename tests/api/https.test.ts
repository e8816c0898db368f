import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { PASSWORD, signedInUser } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// What changes when the site is served over https (OWE_PUBLIC_URL): browsers are told to keep to it, and
// the device cookie never travels in the clear.

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp({ OWE_PUBLIC_URL: 'https://owe.example' })
})
afterAll(() => ctx.close())

const answers = async (app: typeof ctx.app) => [
  await app.inject({ url: '/api/faq/' }),
  await app.inject({ url: '/api/nothing-here' }),
  // Refused by the framework before any route runs.
  await app.inject({ method: 'POST', url: '/accounts/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' }),
]

test('over https every answer tells browsers to keep to https for a year (HSTS)', async () => {
  const res = await answers(ctx.app)
  expect(res.map((answer) => answer.statusCode)).toEqual([200, 404, 400])
  for (const answer of res) expect(answer.headers['strict-transport-security']).toBe('max-age=31536000')
})

test('over http no answer carries HSTS', async () => {
  const http = await buildApp(
    loadConfig({ OWE_PUBLIC_URL: 'http://localhost:8080', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' }),
    { database: ctx.database, logger: false },
  )
  try {
    const res = await answers(http)
    expect(res.map((answer) => answer.statusCode)).toEqual([200, 404, 400])
    for (const answer of res) expect(answer.headers['strict-transport-security']).toBeUndefined()
  } finally {
    await http.close()
  }
})

test('over https the device cookie is Secure', async () => {
  const user = await signedInUser(ctx.app, ctx.database.db)
  const res = await ctx.app.inject({ method: 'POST', url: '/accounts/login', payload: { email: user.email, password: PASSWORD } })
  expect(res.statusCode).toBe(200)
  expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Strict; Secure$/)
})
