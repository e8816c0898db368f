import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { deviceTokens, notifications, users } from '../../server/src/db/schema'
import { createNotifier } from '../../server/src/services/notify'
import { API } from '../../src/core/http/api-paths'
import type { AppNotification } from '../../src/core/notifications/contract'
import { call, get, memberOf, MINUTE, post, testClock } from '../support/accounts'
import { recordingPush } from '../support/recording-push'
import { freshDatabase } from '../support/test-app'

const clock = testClock('2026-11-21T12:00:00Z')
const push = recordingPush()
let database: Awaited<ReturnType<typeof freshDatabase>>
let app: Awaited<ReturnType<typeof buildApp>>
beforeAll(async () => {
  database = await freshDatabase()
  const config = loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0' })
  app = await buildApp(config, { database, now: clock.now, logger: false, push })
})
afterAll(async () => {
  await app.close()
  await database.drop()
})

type Member = Awaited<ReturnType<typeof memberOf>>
const member = () => memberOf(app, database.db)
const notifier = () => createNotifier({ db: database.db, push, log: app.log })

/** Messages written straight to the table, oldest first, a minute apart. */
async function seedMessages(m: Member, count: number) {
  const start = clock.now().getTime()
  return database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: m.user.id,
        kind: 'broadcast',
        title: `Message ${i + 1}`,
        body: `Body ${i + 1}`,
        createdAt: new Date(start + i * MINUTE),
      })),
    )
    .returning()
}

const saveDevice = (m: Member, token: string, deviceType = 'WEB') =>
  post(app, API.deviceSave, { device_type: deviceType, device_token: token }, m.token)
const tokensOf = async (userId: number) =>
  (await database.db.select({ token: deviceTokens.token }).from(deviceTokens).where(eq(deviceTokens.userId, userId)))
    .map((r) => r.token)
    .sort()

test('every notification call needs a session', async () => {
  const guarded: ['GET' | 'POST' | 'PUT', string][] = [
    ['GET', API.notifications],
    ['GET', API.notificationsUnreadCount],
    ['GET', API.notification(1)],
    ['GET', API.notificationsUnread],
    ['GET', API.notificationsRead],
    ['POST', API.deviceSave],
    ['POST', API.notificationTest],
    ['GET', API.dailyReminder],
    ['PUT', API.dailyReminder],
  ]
  for (const [method, url] of guarded) {
    const res = await call(app, method, url, method === 'GET' ? {} : { payload: {} })
    expect(res.status, `${method} ${url}`).toBe(401)
    expect(res.body.error.code, `${method} ${url}`).toBe('unauthorized')
  }
})

test('the list pages by 7 from page 1 by default, newest first, with the leaderboard envelope', async () => {
  const m = await member()
  const seeded = await seedMessages(m, 9)
  const first = await get(app, API.notifications, m.token)
  expect(first.status).toBe(200)
  expect(first.body).toMatchObject({ page: 1, size: 7, totalPages: 2, totalElements: 9 })
  const data = first.body.data as AppNotification[]
  expect(data.map((n) => n.title)).toEqual(['Message 9', 'Message 8', 'Message 7', 'Message 6', 'Message 5', 'Message 4', 'Message 3'])
  expect(data[0]).toEqual({
    id: seeded[8].id,
    kind: 'broadcast',
    title: 'Message 9',
    body: 'Body 9',
    url: null,
    read: false,
    readAt: null,
    createdAt: new Date(clock.now().getTime() + 8 * MINUTE).toISOString(),
  })
  const second = await get(app, `${API.notifications}?page=2`, m.token)
  expect(second.body).toMatchObject({ page: 2, size: 7, totalPages: 2, totalElements: 9 })
  expect((second.body.data as AppNotification[]).map((n) => n.title)).toEqual(['Message 2', 'Message 1'])
  expect((await get(app, `${API.notifications}?page=3`, m.token)).body).toMatchObject({ data: [], page: 3, totalElements: 9 })
  expect((await get(app, `${API.notifications}?page=1&size=100`, m.token)).body.data).toHaveLength(9)
  expect((await get(app, `${API.notifications}?size=4`, m.token)).body).toMatchObject({ size: 4, totalPages: 3 })
})

test('a user with no messages gets an empty first page and a count of 0', async () => {
  const m = await member()
  expect((await get(app, API.notifications, m.token)).body).toEqual({ data: [], page: 1, size: 7, totalPages: 0, totalElements: 0 })
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 0 })
})

test('bad page, size or id is a 400 with a message, never a 500', async () => {
  const m = await member()
  for (const query of ['page=0', 'page=-1', 'page=abc', 'size=0', 'size=101', 'size=1.5', 'page=1&page=2', 'page=%00']) {
    for (const path of [API.notifications, API.notificationsUnread, API.notificationsRead]) {
      const res = await get(app, `${path}?${query}`, m.token)
      expect(res.status, `${path}?${query}`).toBe(400)
      expect(res.body.error.message, `${path}?${query}`).toEqual(expect.any(String))
    }
  }
  expect((await get(app, `${API.notifications}?size=101`, m.token)).body.error.message).toBe('"size" must be a whole number from 1 to 100.')
  // The largest page there is answers with an empty page, not an error.
  expect((await get(app, `${API.notifications}?page=${Number.MAX_SAFE_INTEGER}&size=100`, m.token)).body).toMatchObject({
    data: [],
    totalElements: 0,
  })
  for (const id of ['abc', '0', '-3', '1.5', '99999999999', '%20']) {
    const res = await get(app, `${API.notifications}/${id}`, m.token)
    expect(res.status, id).toBe(400)
    expect(res.body.error.message, id).toBe('The notification id must be a whole number.')
  }
})

test('the unread count is in `message`; fetching a message marks it read, once', async () => {
  const m = await member()
  const [a, b, c] = await seedMessages(m, 3)
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 3 })

  const readAt = clock.now().toISOString()
  const fetched = await get(app, API.notification(b.id), m.token)
  expect(fetched.status).toBe(200)
  expect(fetched.body.data).toMatchObject({ id: b.id, title: 'Message 2', read: true, readAt })
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 2 })

  // Reading again keeps the first time it was read.
  clock.advance(5 * MINUTE)
  expect((await get(app, API.notification(b.id), m.token)).body.data.readAt).toBe(readAt)
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 2 })

  const unread = await get(app, API.notificationsUnread, m.token)
  expect(unread.body).toMatchObject({ page: 1, size: 7, totalElements: 2, totalPages: 1 })
  expect((unread.body.data as AppNotification[]).map((n) => n.id)).toEqual([c.id, a.id])
  const read = await get(app, `${API.notificationsRead}?size=1`, m.token)
  expect(read.body).toMatchObject({ page: 1, size: 1, totalElements: 1, totalPages: 1 })
  expect((read.body.data as AppNotification[]).map((n) => [n.id, n.read])).toEqual([[b.id, true]])
  expect((await get(app, API.notifications, m.token)).body.data.map((n: AppNotification) => n.read)).toEqual([false, true, false])
})

test("another user's message answers as a missing one, and stays unread", async () => {
  const owner = await member()
  const other = await member()
  const [message] = await seedMessages(owner, 1)
  const theirs = await get(app, API.notification(message.id), other.token)
  const missing = await get(app, API.notification(2_000_000_000), other.token)
  expect(theirs.status).toBe(404)
  expect(theirs.body).toEqual(missing.body)
  expect(theirs.body.error.message).toBe('No notification of yours has that id.')
  const [row] = await database.db.select().from(notifications).where(eq(notifications.id, message.id))
  expect(row.readAt).toBeNull()
  // Lists and counts are the caller's own.
  expect((await get(app, API.notificationsUnreadCount, other.token)).body).toEqual({ message: 0 })
  expect((await get(app, API.notifications, other.token)).body.totalElements).toBe(0)
  expect((await get(app, API.notificationsUnreadCount, owner.token)).body).toEqual({ message: 1 })
})

test('a device token is saved, and moves to whoever saves it last', async () => {
  const a = await member()
  const b = await member()
  const token = `fcm-${a.user.id}:APA91b_shared-token`
  const saved = await saveDevice(a, token)
  expect(saved.status).toBe(200)
  expect(saved.body).toEqual({ message: 'Device saved' })
  expect(await tokensOf(a.user.id)).toEqual([token])
  // Saving again is harmless.
  expect((await saveDevice(a, token)).status).toBe(200)
  expect(await tokensOf(a.user.id)).toEqual([token])

  clock.advance(MINUTE)
  expect((await saveDevice(b, token)).body).toEqual({ message: 'Device saved' })
  expect(await tokensOf(a.user.id)).toEqual([])
  expect(await tokensOf(b.user.id)).toEqual([token])
  const [row] = await database.db.select().from(deviceTokens).where(eq(deviceTokens.token, token))
  expect(row).toMatchObject({ userId: b.user.id, deviceType: 'WEB', updatedAt: clock.now() })
})

test('a device token lives as long as the session that saved it: signing out, or a password change elsewhere, unlinks it', async () => {
  const m = await member()
  const phone = `fcm-${m.user.id}:phone`
  expect((await saveDevice(m, phone)).status).toBe(200)
  const laptopLogin = await post(app, '/accounts/login', { email: m.email, password: m.password })
  const laptop = { ...m, token: laptopLogin.body.data.token as string }
  expect((await saveDevice(laptop, `fcm-${m.user.id}:laptop`)).status).toBe(200)
  expect(await tokensOf(m.user.id)).toEqual([`fcm-${m.user.id}:laptop`, phone])

  // The phone signs out without naming its token (the app had none to send): it goes all the same.
  expect((await post(app, '/accounts/logout', {}, m.token)).status).toBe(200)
  expect(await tokensOf(m.user.id)).toEqual([`fcm-${m.user.id}:laptop`])

  // A password changed on a third device ends the laptop's session, and its token with it.
  const third = (await post(app, '/accounts/login', { email: m.email, password: m.password })).body.data.token as string
  expect((await saveDevice({ ...m, token: third }, `fcm-${m.user.id}:third`)).status).toBe(200)
  const changed = await post(
    app,
    API.passwordUpdate,
    { oldPassword: m.password, newPassword: 'Newer#Pass9', confirmNewPassword: 'Newer#Pass9' },
    third,
  )
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  expect(await tokensOf(m.user.id)).toEqual([`fcm-${m.user.id}:third`])
})

test('a user keeps at most 20 devices: the one saved longest ago goes', async () => {
  const m = await member()
  const tokens = Array.from({ length: 21 }, (_, i) => `cap-${m.user.id}-${String(i).padStart(2, '0')}`)
  for (const token of tokens.slice(0, 20)) {
    expect((await saveDevice(m, token)).status).toBe(200)
    clock.advance(1000)
  }
  // Saving the first again makes it the newest, so the second is now the oldest.
  expect((await saveDevice(m, tokens[0])).status).toBe(200)
  clock.advance(1000)
  expect((await saveDevice(m, tokens[20])).status).toBe(200)
  const kept = await tokensOf(m.user.id)
  expect(kept).toHaveLength(20)
  expect(kept).not.toContain(tokens[1])
  expect(kept).toContain(tokens[0])
  expect(kept).toContain(tokens[20])
})

test('a device body that is not a WEB token is a 400 with a message', async () => {
  const m = await member()
  const cases: [unknown, string][] = [
    [{ device_type: 'WEB' }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: '' }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: 'has a space' }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: 'x'.repeat(4097) }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: 'Ọ̀rọ̀' }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: 42 }, 'device_token must be 1 to 4096 visible characters.'],
    [{ device_type: 'WEB', device_token: 'tab\there' }, '"device_token" contains control characters.'],
    [{ device_type: 'IOS', device_token: 'abc' }, 'device_type must be WEB.'],
    [{ device_type: 'web', device_token: 'abc' }, 'device_type must be WEB.'],
    [{ device_token: 'abc' }, 'device_type must be WEB.'],
    [['WEB', 'abc'], 'Send a JSON object.'],
  ]
  for (const [payload, message] of cases) {
    const res = await post(app, API.deviceSave, payload, m.token)
    expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(400)
    expect(res.body.error.message, JSON.stringify(payload).slice(0, 60)).toBe(message)
  }
  expect((await saveDevice(m, 'x'.repeat(4096))).status).toBe(200)
  expect(await tokensOf(m.user.id)).toEqual(['x'.repeat(4096)])
})

test("signing out with this device's token stops the account's pushes to it; another account's token is left alone", async () => {
  const a = await member()
  const b = await member()
  const mine = `fcm-${a.user.id}:APA91b_leaving`
  const theirs = `fcm-${b.user.id}:APA91b_staying`
  await saveDevice(a, mine)
  await saveDevice(b, theirs)
  // Naming someone else's token does nothing to it.
  expect((await post(app, API.logout, { device_token: theirs }, a.token)).status).toBe(200)
  expect(await tokensOf(b.user.id)).toEqual([theirs])

  const signIn = async () => (await post(app, API.login, { email: a.email, password: a.password })).body.data.token as string
  const again = await signIn()
  const out = await post(app, API.logout, { device_token: mine }, again)
  expect(out.status).toBe(200)
  expect(await tokensOf(a.user.id)).toEqual([])
  // The session is over either way, and a malformed token is a 400, not a 500.
  expect((await get(app, API.notificationsUnreadCount, again)).status).toBe(401)
  const bad = await post(app, API.logout, { device_token: 42 }, await signIn())
  expect(bad.status).toBe(400)
  expect(bad.body.error.message).toBe('device_token must be text.')
})

test("the test notification is stored and pushed to each of the caller's devices", async () => {
  const m = await member()
  const bystander = await member()
  await saveDevice(m, `phone-${m.user.id}`)
  await saveDevice(m, `laptop-${m.user.id}`)
  await saveDevice(bystander, `phone-${bystander.user.id}`)
  push.calls.length = 0

  // The app sends no body at all.
  const res = await call(app, 'POST', API.notificationTest, { token: m.token })
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual({
    id: expect.any(Number),
    kind: 'test',
    title: 'Test notification',
    body: 'Notifications reach you on this device.',
    url: '/notifications',
    read: false,
    readAt: null,
    createdAt: clock.now().toISOString(),
  })
  // The badge: the one unread message.
  const data = { title: 'Test notification', body: 'Notifications reach you on this device.', url: '/notifications', badge: 1 }
  expect(push.calls.map((c) => c.token).sort()).toEqual([`laptop-${m.user.id}`, `phone-${m.user.id}`])
  for (const c of push.calls) expect(c.data).toEqual(data)
  expect((await get(app, API.notifications, m.token)).body.data[0].id).toBe(res.body.data.id)
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 1 })
})

test('the test notification is limited to 10 per user in 10 minutes', async () => {
  const m = await member()
  const other = await member()
  for (let i = 0; i < 10; i++) expect((await post(app, API.notificationTest, {}, m.token)).status).toBe(200)
  const refused = await post(app, API.notificationTest, {}, m.token)
  expect(refused.status).toBe(429)
  expect(refused.body.error.message).toBe('Too many attempts. Please wait 10 minutes and try again.')
  expect(refused.headers['retry-after']).toBe('600')
  expect((await get(app, API.notificationsUnreadCount, m.token)).body).toEqual({ message: 10 })
  // Per user: someone else is not held back.
  expect((await post(app, API.notificationTest, {}, other.token)).status).toBe(200)
  clock.advance(10 * MINUTE)
  expect((await post(app, API.notificationTest, {}, m.token)).status).toBe(200)
})

test('notify: a dedupe key makes one message and one push, however often it is raised', async () => {
  const m = await member()
  await saveDevice(m, `dedupe-${m.user.id}`)
  push.calls.length = 0
  const input = { kind: 'payment', title: 'Payment received', body: 'Thank you.', url: '/profile', dedupeKey: 'payment:ref-1' } as const
  const results = await Promise.all([
    notifier().notify(m.user.id, input, { now: clock.now() }),
    notifier().notify(m.user.id, input, { now: clock.now() }),
  ])
  expect(results.filter(Boolean)).toHaveLength(1)
  expect(await notifier().notify(m.user.id, input, { now: clock.now() })).toBeNull()
  expect(push.calls).toEqual([
    { token: `dedupe-${m.user.id}`, data: { title: 'Payment received', body: 'Thank you.', url: '/profile', badge: 1 } },
  ])
  const rows = await database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m.user.id), eq(notifications.dedupeKey, 'payment:ref-1')))
  expect(rows).toHaveLength(1)
})

test('notifyAll: one message to the users selected, once each, pushed to their devices (the url defaults to the list)', async () => {
  const chosen = [await member(), await member()]
  const left = await member()
  for (const m of [...chosen, left]) await saveDevice(m, `all-${m.user.id}`)
  push.calls.length = 0
  const ids = chosen.map((m) => m.user.id)
  const selection = sql`select ${users.id} from ${users} where ${users.id} in (${sql.join(ids, sql`, `)})`
  const input = { kind: 'broadcast', title: 'Festival', body: 'New proverbs for the festival.', dedupeKey: 'broadcast:1' } as const
  const [first, second] = await Promise.all([
    notifier().notifyAll(selection, input, { now: clock.now() }),
    notifier().notifyAll(selection, input, { now: clock.now() }),
  ])
  expect([...first, ...second].sort()).toEqual([...ids].sort())
  expect(await notifier().notifyAll(selection, input, { now: clock.now() })).toEqual([])
  expect(push.calls.map((c) => c.token).sort()).toEqual(ids.map((id) => `all-${id}`).sort())
  for (const c of push.calls)
    expect(c.data).toEqual({ title: 'Festival', body: 'New proverbs for the festival.', url: '/notifications', badge: 1 })
  const listed = await get(app, API.notifications, chosen[0].token)
  expect(listed.body.data[0]).toMatchObject({ kind: 'broadcast', title: 'Festival', url: null, createdAt: clock.now().toISOString() })
  expect((await get(app, API.notificationsUnreadCount, left.token)).body).toEqual({ message: 0 })
})

test('the Content-Security-Policy lets the page reach the Firebase token services', async () => {
  const res = await get(app, '/api/health')
  expect(res.headers['content-security-policy']).toContain(
    "connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com;",
  )
})
