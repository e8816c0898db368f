import Fastify from 'fastify'
import { generateKeyPairSync, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import type { PushData } from '@core/notifications/contract'
import type { ServiceAccount } from '../config'
import { createPushSender, FCM_SCOPE, isDeadToken, networkReason, noPush, privateKeyFrom, signAssertion } from './push'

// The protocol end to end (token grant, sends, retries, pushToUser) is tested against a local stand-in
// for Google in tests/api/push.test.ts; these pin the pieces that need no server.

const DATA: PushData = { title: 'Proverb of the day', body: 'Ìwà l’ẹwà', url: '/proverbs/iwa-lewa' }
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const ACCOUNT: ServiceAccount = {
  clientEmail: 'push@owe-test.iam.gserviceaccount.com',
  privateKey: PEM,
  tokenUri: 'https://oauth2.googleapis.com/token',
  projectId: 'owe-test',
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>
const fcmError = (code: number, status: string, message: string, errorCode?: string) => ({
  error: {
    code,
    message,
    status,
    ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
  },
})

test('without configuration the sender is noPush: not configured, every send unavailable', async () => {
  expect(createPushSender(null, { log: Fastify().log })).toBe(noPush)
  expect(noPush.configured).toBe(false)
  expect(await noPush.send('any', DATA)).toBe('unavailable')
})

test("the assertion is an RS256 JWT for FCM's scope, addressed to the token URI, living an hour", () => {
  const [header, claims, signature, ...rest] = signAssertion(ACCOUNT, privateKeyFrom(PEM), 1_800_000_000).split('.')
  expect(rest).toEqual([])
  expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT' })
  expect(decode(claims)).toEqual({
    iss: ACCOUNT.clientEmail,
    scope: FCM_SCOPE,
    aud: ACCOUNT.tokenUri,
    iat: 1_800_000_000,
    exp: 1_800_003_600,
  })
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true)
})

test('a key whose newlines arrived escaped (\\n in an environment variable) is the same key', () => {
  const escaped = privateKeyFrom(PEM.replace(/\n/g, '\\n'))
  expect(escaped.export({ type: 'pkcs8', format: 'pem' })).toBe(PEM)
  expect(() => privateKeyFrom('not a key')).toThrow()
})

test("only FCM's UNREGISTERED and an invalid registration token mean the token is dead", () => {
  expect(isDeadToken({ status: 404, body: fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED') })).toBe(true)
  expect(
    isDeadToken({
      status: 400,
      body: fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'),
    }),
  ).toBe(true)
  // A wrong project or URL is our mistake, and a bad payload is not the token's fault: keep the token.
  expect(isDeadToken({ status: 404, body: fcmError(404, 'NOT_FOUND', 'Requested entity was not found.') })).toBe(false)
  expect(
    isDeadToken({
      status: 400,
      body: fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unknown name "notificaton"', 'INVALID_ARGUMENT'),
    }),
  ).toBe(false)
  expect(isDeadToken({ status: 403, body: fcmError(403, 'PERMISSION_DENIED', 'SenderId mismatch', 'SENDER_ID_MISMATCH') })).toBe(false)
  expect(isDeadToken({ status: 404, body: null })).toBe(false)
  expect(isDeadToken({ status: 200, body: { name: 'projects/owe-test/messages/1' } })).toBe(false)
})

test('a failed fetch is described by its network reason: refused, unresolvable, timed out', async () => {
  const server = http.createServer(() => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const silent = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const reason = (url: string, ms = 5000) => fetch(url, { signal: AbortSignal.timeout(ms) }).then(() => 'answered', networkReason)
  try {
    expect(await reason(silent, 100)).toBe('timed out')
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  expect(await reason(silent)).toBe('ECONNREFUSED')
  expect(await reason('http://fcm.invalid/')).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/)
})

test('a private key that is not PEM is reported once at start; every send then fails without a request', async () => {
  const lines: { level: number; msg: string }[] = []
  const log = Fastify({ logger: { stream: { write: (line: string) => lines.push(JSON.parse(line)) } } }).log
  let requests = 0
  const fetchSpy: typeof fetch = async () => {
    requests++
    return new Response('{}')
  }
  const push = createPushSender(
    { serviceAccount: { ...ACCOUNT, privateKey: 'not a key' }, projectId: 'owe-test', fcmBaseUrl: 'https://fcm.googleapis.com' },
    { log, fetch: fetchSpy },
  )
  expect(lines.map((line) => [line.level, line.msg])).toEqual([
    [50, `FIREBASE_SERVICE_ACCOUNT's private_key is not a PEM private key: push to ${ACCOUNT.clientEmail} will fail`],
  ])
  expect(await push.send('a', DATA)).toBe('failed')
  expect(await push.send('b', DATA)).toBe('failed')
  expect(requests).toBe(0)
  expect(lines.slice(1).map((line) => line.msg)).toEqual([
    'Push failed: the service account has no usable private key',
    'Push failed: the service account has no usable private key',
  ])
})
