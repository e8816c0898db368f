import net from 'node:net'
import type { AddressInfo } from 'node:net'
import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { BODY_LIMITS } from '../../server/src/http/body-limits'
import { API } from '../../src/core/http/api-paths'
import { CONTACT_MESSAGE_MAX } from '../../src/core/community/validation'
import { FIELD_MAX_LENGTH } from '../../src/core/shared/validation'
import { post } from '../support/accounts'
import { freshDatabase } from '../support/test-app'

/** Short here so the test does not wait; the default (30 s) is checked in config.test.ts. */
const REQUEST_TIMEOUT_MS = 2000

const routeLimits = new Map<string, number | undefined>()
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
let port: number
beforeAll(async () => {
  database = await freshDatabase()
  const config = loadConfig({
    OWE_CORPUS_CACHE_MS: '0',
    OWE_STATIC_DIR: '.tmp/no-app',
    LOG_LEVEL: 'silent',
    OWE_SCHEDULER_MS: '0',
    OWE_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    OWE_COMMUNITY_RATE_LIMIT: '1000',
    PAYSTACK_SECRET_KEY: 'sk_test_limits',
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
  })
  app = await buildApp(config, {
    database,
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) routeLimits.set(`${method} ${route.url}`, route.bodyLimit)
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as AddressInfo).port
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

type Trickler = { answer: Promise<string> }

/** A client that declares a body of `size` bytes and sends it one byte a second; resolves with what the server wrote when it closes. */
function trickle(size: number): Trickler {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  let timer: NodeJS.Timeout | undefined
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearInterval(timer)
      resolve(received)
    })
  })
  socket.on('connect', () => {
    socket.write(`POST ${API.contact} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n{`)
    timer = setInterval(() => socket.write(' '), 1000)
  })
  return { answer }
}

test(
  '300 clients trickling a body a byte a second are each answered and closed, while others are served: 408 for a body the route takes, 413 at once for a declared 100 KB',
  { timeout: 60_000 },
  async () => {
    const allowed = Array.from({ length: 150 }, () => trickle(10 * 1024))
    const oversized = Array.from({ length: 150 }, () => trickle(100 * 1024))
    // The server keeps serving everyone else meanwhile.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
    const statusOf = (text: string) => /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'closed without an answer'
    const [timedOut, refused] = await Promise.all(
      [allowed, oversized].map((clients) => Promise.all(clients.map((client) => client.answer))),
    )
    expect(new Set(timedOut.map(statusOf))).toEqual(new Set(['408']))
    expect(new Set(refused.map(statusOf))).toEqual(new Set(['413']))
    expect(timedOut[0]).toContain('{"error":{"code":"request_timeout","message":"The request took too long to arrive."}}')
  },
)

test('headers that never finish are cut off too', { timeout: 60_000 }, async () => {
  const socket = net.connect(port, '127.0.0.1')
  const closed = new Promise<string>((resolve) => {
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(received))
  })
  socket.on('connect', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: '))
  const timer = setInterval(() => socket.writable && socket.write('a'), 500)
  const received = await closed
  clearInterval(timer)
  expect(received).toMatch(/^HTTP\/1\.1 408/)
})

test('every route takes a body no larger than what it accepts: 16 KB for JSON, 64 KB where long text goes, 80 KB for analytics batches, 48 KB for learning entries, 256 KB for webhooks', () => {
  const allowed = new Set<number | undefined>([
    undefined,
    BODY_LIMITS.json,
    BODY_LIMITS.text,
    BODY_LIMITS.events,
    BODY_LIMITS.learning,
    BODY_LIMITS.webhook,
  ])
  for (const [route, limit] of routeLimits) expect(allowed.has(limit), `${route}: ${limit}`).toBe(true)
  expect(app.initialConfig.bodyLimit).toBe(BODY_LIMITS.json)
  expect(routeLimits.get(`POST ${API.contact}`)).toBe(BODY_LIMITS.text)
  expect(routeLimits.get(`POST ${API.paystackWebhook}`)).toBe(BODY_LIMITS.webhook)
  expect(routeLimits.get(`POST ${API.events}`)).toBe(BODY_LIMITS.events)
  expect(routeLimits.get(`POST ${API.learningLog}`)).toBe(BODY_LIMITS.learning)
  expect(routeLimits.get(`POST ${API.login}`)).toBeUndefined()
})

test('the longest valid contact message, every character escaped, fits its limit; a larger body is a 413 with a message', async () => {
  const escaped = (text: string) => text.replace(/[\s\S]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  const ethiopic = (length: number) => 'ሀ'.repeat(length)
  const body =
    `{"firstName":"${escaped(ethiopic(FIELD_MAX_LENGTH))}","surname":"${escaped(ethiopic(FIELD_MAX_LENGTH))}","email":"reader@example.com",` +
    `"phoneNumber":"+2348012345678","message":"${escaped(ethiopic(CONTACT_MESSAGE_MAX))}"}`
  expect(body.length).toBeLessThan(BODY_LIMITS.text)
  const accepted = await app.inject({ method: 'POST', url: API.contact, headers: { 'content-type': 'application/json' }, payload: body })
  expect(accepted.statusCode, accepted.body).toBe(201)

  const tooLarge = await post(app, API.contact, { message: 'x'.repeat(BODY_LIMITS.text) })
  expect(tooLarge.status).toBe(413)
  expect(tooLarge.body).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large.' } })
  const signIn = await post(app, API.login, { email: 'reader@example.com', password: 'x'.repeat(BODY_LIMITS.json) })
  expect(signIn.status).toBe(413)
})
