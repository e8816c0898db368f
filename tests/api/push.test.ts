import { asc, desc, eq } from 'drizzle-orm'
import { createPublicKey, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { loadConfig } from '../../server/src/config'
import { deviceTokens, sessions, users } from '../../server/src/db/schema'
import { createPushSender, FCM_SCOPE, noPush, pushToUser, type PushSender } from '../../server/src/services/push'
import { createSession, revokeSession } from '../../server/src/services/sessions'
import type { PushData } from '../../src/core/notifications/contract'
import { pushConfigFor, recordingLog, startFcmStandIn, throwawayServiceAccount, type FcmStandIn } from '../support/fcm-stand-in'
import { freshDatabase } from '../support/test-app'

const DATA: PushData = { title: 'Your weekly quiz is ready', body: 'Ten new questions wait for you.', url: '/quiz' }

const MINUTE = 60_000

/** The stand-in and the sender read one clock, which a test may move forward. */
let offset = 0
const now = () => new Date(Date.now() + offset)

let database: Awaited<ReturnType<typeof freshDatabase>>
let fcm: FcmStandIn
beforeAll(async () => {
  database = await freshDatabase()
  fcm = await startFcmStandIn({ now })
})
afterAll(async () => {
  await fcm.close()
  await database.drop()
})
beforeEach(() => {
  fcm.reset()
  offset = 0
})

let counter = 0
/** A user written straight to the database with these push tokens; signing in is not the subject here. */
async function userWithDevices(...tokens: string[]) {
  const n = ++counter
  const [user] = await database.db
    .insert(users)
    .values({ email: `pushed${n}@example.com`, passwordHash: 'unused', firstName: 'Kofi', lastName: 'Mensah', activatedAt: new Date() })
    .returning({ id: users.id })
  if (tokens.length > 0) await devicesOfNewSession(user.id, tokens)
  return user.id
}

/** Tokens saved by a new session of the user (a token lives as long as the session that saved it). */
async function devicesOfNewSession(userId: number, tokens: string[], days = 30) {
  await createSession(database.db, userId, new Date(), days)
  const [session] = await database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.id))
    .limit(1)
  await database.db.insert(deviceTokens).values(tokens.map((token) => ({ token, userId, sessionId: session.id, deviceType: 'WEB' })))
  return session.id
}

const tokensOf = async (userId: number) =>
  (
    await database.db
      .select({ token: deviceTokens.token })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId))
      .orderBy(asc(deviceTokens.token))
  ).map((row) => row.token)

/** The sender the server builds from its environment, pointed at the stand-in. */
const configuredSender = (log = recordingLog().log) => createPushSender(loadConfig({ ...fcm.env, LOG_LEVEL: 'silent' }).push, { log, now })
const sender = (log = recordingLog().log, config = fcm.config) => createPushSender(config, { log, now })
const bearer = (index: number) => fcm.sendRequests()[index].headers.authorization

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

// The sender against the stand-in: Google's token endpoint and FCM's send.

test('the access token comes from a JWT-bearer grant signed RS256 with the service account key', async () => {
  expect(await sender().send('device-1', DATA)).toBe('sent')

  const [grant] = fcm.tokenRequests()
  expect(grant.status).toBe(200)
  expect(grant.headers['content-type']).toBe('application/x-www-form-urlencoded')
  const form = grant.body as Record<string, string>
  expect(Object.keys(form).sort()).toEqual(['assertion', 'grant_type'])
  expect(form.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer')
  const [header, claims, signature] = form.assertion.split('.')
  const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>
  expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT' })
  const { iat } = decode(claims) as { iat: number }
  expect(Math.abs(iat - Date.now() / 1000)).toBeLessThan(10)
  expect(decode(claims)).toEqual({ iss: fcm.serviceAccount.client_email, scope: FCM_SCOPE, aud: fcm.tokenUri, iat, exp: iat + 3600 })
  const publicKey = createPublicKey(fcm.serviceAccount.private_key)
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true)
})

test('a message is data-only with Web Push urgency and a day to live, sent with the Bearer token', async () => {
  expect(await sender().send('device-1', DATA)).toBe('sent')
  const [send] = fcm.sendRequests()
  expect(send.path).toBe(`/v1/projects/${fcm.projectId}/messages:send`)
  expect(send.headers['content-type']).toBe('application/json')
  expect(send.headers.authorization).toMatch(/^Bearer ya29\.stand-in\./)
  expect(send.body).toEqual({
    message: { token: 'device-1', data: DATA, webpush: { headers: { Urgency: 'high', TTL: '86400' } } },
  })
})

test('the access token is reused until a minute before it expires, then replaced', async () => {
  const push = sender()
  await push.send('a', DATA)
  offset += 58 * MINUTE
  await push.send('b', DATA)
  expect(fcm.tokenRequests()).toHaveLength(1)
  expect(bearer(1)).toBe(bearer(0))

  offset += MINUTE + 1000
  expect(await push.send('c', DATA)).toBe('sent')
  expect(fcm.tokenRequests()).toHaveLength(2)
  expect(bearer(2)).not.toBe(bearer(0))
})

test('a burst of sends waits for one token request', async () => {
  const push = sender()
  const outcomes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((token) => push.send(token, DATA)))
  expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'sent'])
  expect(fcm.tokenRequests()).toHaveLength(1)
})

test('a 401 drops the cached token and retries once with a new one; a second 401 is a failure', async () => {
  const { log, at } = recordingLog()
  const push = sender(log)
  await push.send('a', DATA)
  fcm.failNext(401)
  expect(await push.send('b', DATA)).toBe('sent')
  expect(fcm.tokenRequests()).toHaveLength(2)
  expect(fcm.sendRequests().map((r) => r.status)).toEqual([200, 401, 200])
  expect(bearer(2)).not.toBe(bearer(1))

  fcm.failNext(401, 2)
  expect(await push.send('c', DATA)).toBe('failed')
  expect(fcm.tokenRequests()).toHaveLength(3)
  expect(at('error').map((line) => line.msg)).toEqual(['Push failed: FCM answered 401 UNAUTHENTICATED'])
})

test("FCM's UNREGISTERED (404) and an invalid registration token (400) mean the token is dead", async () => {
  const push = sender()
  fcm.unregister('gone')
  fcm.malform('garbled')
  expect(await push.send('gone', DATA)).toBe('unregistered')
  expect(await push.send('garbled', DATA)).toBe('unregistered')
  expect(fcm.sendRequests().map((r) => r.status)).toEqual([404, 400])
})

test('any other answer is a failure, logged without the key, the access token or the whole device token', async () => {
  const { log, at, text } = recordingLog()
  const push = sender(log)
  fcm.failNext(500)
  expect(await push.send('device-token-0123456789', DATA)).toBe('failed')
  expect(await push.send('device-token-0123456789', { ...DATA, title: 5 as unknown as string })).toBe('failed')
  expect(await push.send('device-token-0123456789', DATA)).toBe('sent')

  expect(at('warn')).toMatchObject([
    { msg: 'Push failed: FCM answered 500 INTERNAL', status: 500, errorCode: 'INTERNAL', token: 'device-t…' },
  ])
  expect(at('error')).toMatchObject([{ msg: 'Push failed: FCM answered 400 INVALID_ARGUMENT', status: 400 }])
  const accessToken = bearer(0)!.slice('Bearer '.length)
  expect(text()).not.toContain(accessToken)
  expect(text()).not.toContain('device-token-0123456789')
  expect(text()).not.toContain('PRIVATE KEY')
})

test('a project FCM refuses is a failure (403), not a dead token', async () => {
  const { log, at } = recordingLog()
  expect(await sender(log, { ...fcm.config, projectId: 'someone-else' }).send('a', DATA)).toBe('failed')
  expect(at('error')).toMatchObject([{ status: 403, fcmStatus: 'PERMISSION_DENIED' }])
})

test('a service account Google refuses fails every send without reaching FCM, and the log names no secret', async () => {
  const { file } = throwawayServiceAccount(fcm.tokenUri, fcm.projectId)
  const { log, at, text } = recordingLog()
  const push = sender(log, pushConfigFor(file, fcm.url))
  expect(await push.send('a', DATA)).toBe('failed')
  expect(fcm.sendRequests()).toHaveLength(0)
  expect(at('error')).toMatchObject([
    { msg: 'Push failed: Google refused the service account', status: 400, error: 'invalid_grant', clientEmail: file.client_email },
  ])
  expect(text()).not.toContain('PRIVATE KEY')
  expect(text()).not.toContain((fcm.tokenRequests()[0].body as { assertion: string }).assertion)
})

test('a server that never answers is "unavailable" after the timeout, logged once at warn', async () => {
  const silent = http.createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
  const { log, at, lines } = recordingLog()
  try {
    const push = createPushSender({ ...fcm.config, fcmBaseUrl: url }, { log, now, timeoutMs: 200 })
    expect(await push.send('a', DATA)).toBe('unavailable')
    expect(lines).toHaveLength(1)
    expect(at('warn')[0].msg).toBe(`Push unavailable (no network?): 127.0.0.1:${(silent.address() as AddressInfo).port}: timed out`)
  } finally {
    silent.closeAllConnections()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  }
})

// pushToUser: every device of a user, on a real database.

test('every device of the user gets one data-only message, with the Bearer token Google issued', async () => {
  const userId = await userWithDevices('phone-1', 'laptop-1')
  expect(await pushToUser(database.db, configuredSender(), userId, DATA, recordingLog().log)).toEqual({ sent: 2, removed: 0 })

  const messages = fcm.delivered()
  expect(messages.map((m) => m.token).sort()).toEqual(['laptop-1', 'phone-1'])
  for (const message of messages) {
    // The badge (FCM's data are strings): no unread messages, no cards due.
    expect(message).toEqual({
      token: message.token,
      data: { ...DATA, badge: '0' },
      webpush: { headers: { Urgency: 'high', TTL: '86400' } },
    })
    expect(message).not.toHaveProperty('notification')
    expect(message.webpush).not.toHaveProperty('notification')
  }
  const [grant] = fcm.tokenRequests()
  expect(fcm.tokenRequests()).toHaveLength(1)
  const sends = fcm.sendRequests()
  expect(sends.every((send) => send.headers.authorization === sends[0].headers.authorization)).toBe(true)
  expect(sends[0].headers.authorization).toMatch(/^Bearer ya29\.stand-in\./)
  expect(grant.status).toBe(200)
})

test('the access token is reused across pushes, and replaced after FCM answers 401', async () => {
  const sender = configuredSender()
  const userId = await userWithDevices('tablet-2')
  await pushToUser(database.db, sender, userId, DATA, recordingLog().log)
  await pushToUser(database.db, sender, userId, DATA, recordingLog().log)
  expect(fcm.tokenRequests()).toHaveLength(1)

  fcm.revokeAccessTokens()
  expect(await pushToUser(database.db, sender, userId, DATA, recordingLog().log)).toEqual({ sent: 1, removed: 0 })
  expect(fcm.tokenRequests()).toHaveLength(2)
  const [first, second, rejected, retried] = fcm.sendRequests()
  expect([first.status, second.status, rejected.status, retried.status]).toEqual([200, 200, 401, 200])
  expect(second.headers.authorization).toBe(first.headers.authorization)
  expect(rejected.headers.authorization).toBe(first.headers.authorization)
  expect(retried.headers.authorization).not.toBe(first.headers.authorization)
})

test('a browser whose session ended gets nothing: signed out, expired, or ended by a password change elsewhere', async () => {
  const userId = await userWithDevices('current-8')
  const signedOut = await devicesOfNewSession(userId, ['signed-out-8'])
  await devicesOfNewSession(userId, ['expired-8'], -1)
  await revokeSession(database.db, signedOut, new Date())
  expect(await tokensOf(userId)).toEqual(['current-8', 'expired-8'])
  expect(await pushToUser(database.db, configuredSender(), userId, DATA, recordingLog().log, new Date())).toEqual({ sent: 1, removed: 0 })
  expect(fcm.delivered().map((message) => message.token)).toEqual(['current-8'])
})

test('tokens FCM no longer knows are deleted; the others are kept', async () => {
  const userId = await userWithDevices('old-phone-3', 'bad-token-3', 'new-phone-3', 'laptop-3')
  fcm.unregister('old-phone-3')
  fcm.malform('bad-token-3')
  const { log, at } = recordingLog()
  expect(await pushToUser(database.db, configuredSender(), userId, DATA, log)).toEqual({ sent: 2, removed: 2 })
  expect(await tokensOf(userId)).toEqual(['laptop-3', 'new-phone-3'])
  expect(at('info')).toMatchObject([{ msg: 'Removed push tokens their push service no longer knows', userId, removed: 2 }])
})

test('a failing FCM keeps every token and says what failed', async () => {
  const userId = await userWithDevices('phone-4')
  fcm.failNext(500)
  const { log, at } = recordingLog()
  expect(await pushToUser(database.db, configuredSender(log), userId, DATA, log)).toEqual({ sent: 0, removed: 0 })
  expect(await tokensOf(userId)).toEqual(['phone-4'])
  expect(at('warn')).toMatchObject([{ msg: 'Push failed: FCM answered 500 INTERNAL', status: 500 }])
})

test('a token that moved to another user meanwhile is not deleted for the first', async () => {
  const first = await userWithDevices('shared-5')
  const second = await userWithDevices()
  const real = configuredSender()
  fcm.unregister('shared-5')
  // The device signs in as the second user while the push to the first is on its way.
  const racing: PushSender = {
    configured: true,
    send: async (token, data) => {
      await database.db.update(deviceTokens).set({ userId: second }).where(eq(deviceTokens.token, token))
      return real.send(token, data)
    },
  }
  expect(await pushToUser(database.db, racing, first, DATA, recordingLog().log)).toEqual({ sent: 0, removed: 0 })
  expect(await tokensOf(second)).toEqual(['shared-5'])
})

test('with no network (refused, or a host that does not resolve) push is unavailable: nothing thrown, tokens kept', async () => {
  const userId = await userWithDevices('phone-6', 'laptop-6')
  const refused = await closedPort()
  const offline = throwawayServiceAccount(`${refused}/token`)
  const cases = [
    { name: 'Google and FCM refused', config: pushConfigFor(offline.file, refused) },
    { name: 'FCM refused', config: { ...fcm.config, fcmBaseUrl: refused } },
    { name: 'FCM unresolvable', config: { ...fcm.config, fcmBaseUrl: 'http://fcm.invalid' } },
  ]
  for (const { name, config } of cases) {
    const { log, at, lines } = recordingLog()
    const sender = createPushSender(config, { log, timeoutMs: 5000 })
    expect(await sender.send('phone-6', DATA), name).toBe('unavailable')
    expect(await pushToUser(database.db, sender, userId, DATA, log), name).toEqual({ sent: 0, removed: 0 })
    expect(lines.length, name).toBe(3)
    expect(
      at('warn')
        .map((line) => line.msg)
        .join('\n'),
      name,
    ).toMatch(/^Push unavailable \(no network\?\): .*(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|timed out)/)
  }
  expect(await tokensOf(userId)).toEqual(['laptop-6', 'phone-6'])
  expect(fcm.delivered()).toHaveLength(0)
})

test('without FIREBASE_SERVICE_ACCOUNT push is off: noPush, nothing sent, nothing deleted', async () => {
  const config = loadConfig({ LOG_LEVEL: 'silent' })
  expect(config.push).toBeNull()
  const sender = createPushSender(config.push, { log: recordingLog().log })
  expect(sender).toBe(noPush)
  const userId = await userWithDevices('phone-7')
  fcm.unregister('phone-7')
  expect(await pushToUser(database.db, sender, userId, DATA, recordingLog().log)).toEqual({ sent: 0, removed: 0 })
  expect(await tokensOf(userId)).toEqual(['phone-7'])
  expect(fcm.requests).toHaveLength(0)
})

test('a database that fails is logged, never thrown', async () => {
  const closed = await freshDatabase()
  await closed.drop()
  const { log, at } = recordingLog()
  expect(await pushToUser(closed.db, configuredSender(log), 1, DATA, log)).toEqual({ sent: 0, removed: 0 })
  expect(at('error')).toMatchObject([{ msg: 'Push to a user failed', userId: 1 }])
  expect(fcm.requests).toHaveLength(0)
})
