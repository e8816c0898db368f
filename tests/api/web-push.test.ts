import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { deviceTokens } from '../../server/src/db/schema'
import { API } from '../../src/core/http/api-paths'
import { NOTIFICATION_TEXTS } from '../../src/core/notifications/texts'
import { call, get, memberOf, post, testClock } from '../support/accounts'
import { startApplePushStandIn, type ApplePushStandIn } from '../support/apple-push-stand-in'
import { recordingPush } from '../support/recording-push'
import { freshDatabase } from '../support/test-app'

// Safari's push: the page subscribes with the server's VAPID key and saves the subscription; the server sends
// WebKit's Declarative Web Push to Apple's push service (here a stand-in on 127.0.0.1 that decrypts and checks it).

const clock = testClock('2026-12-07T07:00:00Z')
const fcm = recordingPush()
const PUBLIC_URL = 'https://owe.example'
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
let apple: ApplePushStandIn
let vapidKey: string

beforeAll(async () => {
  database = await freshDatabase()
  apple = await startApplePushStandIn({ now: clock.now })
  const config = loadConfig({
    OWE_CORPUS_CACHE_MS: '0',
    OWE_STATIC_DIR: '.tmp/no-app',
    LOG_LEVEL: 'silent',
    OWE_SCHEDULER_MS: '0',
    OWE_PUBLIC_URL: PUBLIC_URL,
    OWE_CONTACT_EMAIL: 'editors@owe.example',
    OWE_WEB_PUSH_ORIGINS: `https://web.push.apple.com,${apple.origin}`,
  })
  app = await buildApp(config, { database, now: clock.now, logger: false, push: fcm })
  vapidKey = (await get(app, API.webPushKey)).body.data.publicKey as string
})
afterAll(async () => {
  await app.close()
  await apple.close()
  await database.drop()
})
beforeEach(() => {
  apple.reset()
  fcm.calls.length = 0
})

const member = () => memberOf(app, database.db)
const subscribe = (token: string, subscription: unknown) => post(app, API.webPushSubscription, subscription, token)
const sendTest = (token: string) => call(app, 'POST', API.notificationTest, { token })

test('the VAPID key is a P-256 public key, the same on every call (made once, kept in the database)', async () => {
  expect(Buffer.from(vapidKey, 'base64url')).toHaveLength(65)
  expect(Buffer.from(vapidKey, 'base64url')[0]).toBe(4)
  expect((await get(app, API.webPushKey)).body.data.publicKey).toBe(vapidKey)
})

test('a push to a Safari subscription is a Declarative Web Push message, as WebKit and the Push API define it', async () => {
  const m = await member()
  const subscription = apple.subscribe(vapidKey)
  expect((await subscribe(m.token, subscription)).status).toBe(200)

  expect((await sendTest(m.token)).status).toBe(200)

  expect(apple.refused).toEqual([])
  expect(apple.delivered).toHaveLength(1)
  const [push] = apple.delivered
  expect(push.endpoint).toBe(subscription.endpoint)
  // RFC 8030 headers; RFC 8292's token for the push service's origin, from our subject.
  expect(push.headers).toMatchObject({ ttl: '86400', urgency: 'high', 'content-encoding': 'aes128gcm' })
  expect(push.jwt.header).toEqual({ typ: 'JWT', alg: 'ES256' })
  expect(push.jwt.claims).toEqual({ aud: apple.origin, exp: clock.now().getTime() / 1000 + 12 * 3600, sub: 'mailto:editors@owe.example' })
  // The declarative message: "web_push": 8030, a notification with a title and an absolute URL to navigate to,
  // the app badge (the one unread message, no cards due) and mutable, so our worker may show its own in its place.
  expect(JSON.parse(push.plaintext)).toEqual({
    web_push: 8030,
    notification: {
      title: NOTIFICATION_TEXTS.testTitle,
      body: NOTIFICATION_TEXTS.testBody,
      navigate: `${PUBLIC_URL}/notifications`,
      lang: 'en',
      dir: 'ltr',
      tag: 'owe:/notifications',
      icon: `${PUBLIC_URL}/icons/icon-192.png`,
      data: { url: '/notifications' },
    },
    app_badge: 1,
    mutable: true,
  })
  // No FCM token was saved: FCM is not asked.
  expect(fcm.calls).toEqual([])
})

test('FCM tokens and Safari subscriptions of one reader each get the push their service speaks', async () => {
  const m = await member()
  await post(app, API.deviceSave, { device_type: 'WEB', device_token: `android-${m.user.id}` }, m.token)
  await subscribe(m.token, apple.subscribe(vapidKey))
  await sendTest(m.token)
  await sendTest(m.token)
  expect(apple.delivered.map((push) => (JSON.parse(push.plaintext) as { app_badge: number }).app_badge)).toEqual([1, 2])
  expect(fcm.calls.map((c) => c.data)).toEqual([
    { title: NOTIFICATION_TEXTS.testTitle, body: NOTIFICATION_TEXTS.testBody, url: '/notifications', badge: 1 },
    { title: NOTIFICATION_TEXTS.testTitle, body: NOTIFICATION_TEXTS.testBody, url: '/notifications', badge: 2 },
  ])
})

test('a subscription Apple no longer knows (410) is forgotten', async () => {
  const m = await member()
  const subscription = apple.subscribe(vapidKey)
  await subscribe(m.token, subscription)
  apple.unsubscribe(subscription.endpoint)
  await sendTest(m.token)
  expect(apple.refused).toEqual([{ status: 410, reason: 'Unregistered' }])
  expect(await database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, m.user.id))).toEqual([])
})

test('a subscription made with another server’s key is refused by Apple and kept (the key may come back)', async () => {
  const m = await member()
  const otherKey = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8'
  await subscribe(m.token, apple.subscribe(otherKey))
  await sendTest(m.token)
  expect(apple.refused).toEqual([{ status: 403, reason: 'BadJwtToken' }])
  expect(await database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, m.user.id))).toHaveLength(1)
})

test('a subscription is saved only for a push service the server sends to, with its keys', async () => {
  const m = await member()
  const good = apple.subscribe(vapidKey)
  const elsewhere = await subscribe(m.token, { ...good, endpoint: 'https://attacker.example/3/device/abc' })
  expect(elsewhere.status).toBe(400)
  expect(elsewhere.body.error.message).toBe(NOTIFICATION_TEXTS.subscriptionEndpoint)
  const noKeys = await subscribe(m.token, { endpoint: good.endpoint })
  expect(noKeys.status).toBe(400)
  expect(noKeys.body.error.message).toBe(NOTIFICATION_TEXTS.subscriptionKeys)
  expect((await subscribe(m.token, { ...good, keys: { ...good.keys, auth: 'short' } })).status).toBe(400)
  expect((await post(app, API.webPushSubscription, good)).status).toBe(401)
  expect(await database.db.select().from(deviceTokens).where(eq(deviceTokens.userId, m.user.id))).toEqual([])
})

test('a subscription saved again by another reader on the device moves to them', async () => {
  const [first, second] = [await member(), await member()]
  const subscription = apple.subscribe(vapidKey)
  await subscribe(first.token, subscription)
  await subscribe(second.token, subscription)
  await sendTest(first.token)
  expect(apple.delivered).toEqual([])
  await sendTest(second.token)
  expect(apple.delivered).toHaveLength(1)
})
