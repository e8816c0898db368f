import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { FirebaseWebConfig } from '../src/core/notifications/firebase-config'
import type { OfflineDb } from '../src/offline/schema'
import { readProverb } from '../src/offline/store'
import { freshDb, iwaLesin } from '../src/offline/test-fixtures'
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, openFromNotification, setupPush, showBackgroundPush, type PushScope } from './push'

// Firebase's worker code is the third party: a stand-in records the app it was given and keeps the
// background handler so a test can call it as Firebase would.
const fb = vi.hoisted(() => ({
  apps: [] as unknown[],
  background: undefined as undefined | ((payload: { data?: Record<string, string> }) => Promise<void>),
  throwOnGetMessaging: false,
}))
vi.mock('firebase/app', () => ({ initializeApp: (options: unknown) => (fb.apps.push(options), { options }) }))
vi.mock('firebase/messaging/sw', () => ({
  getMessaging: (app: unknown) => {
    if (fb.throwOnGetMessaging) throw new Error('messaging/missing-app-config-values')
    return { app }
  },
  onBackgroundMessage: (_messaging: unknown, handler: typeof fb.background) => {
    fb.background = handler
    return () => undefined
  },
}))

const ORIGIN = 'https://owe.example'
const NOW = Date.UTC(2026, 10, 22, 7, 30)
const CONFIG: FirebaseWebConfig = {
  apiKey: 'k',
  projectId: 'owe-test',
  messagingSenderId: '1234567890',
  appId: '1:1234567890:web:1',
  vapidKey: 'BVapid',
}
const REMINDER = { title: 'Your proverb for today', body: 'Ìwà lẹ̀sìn.', url: `/search_result?proverb=${iwaLesin.slug}` }

let db: OfflineDb
let shown: { title: string; options: NotificationOptions }[]
let listeners: Record<string, (event: unknown) => void>
let fetched: string[]
let cached: Map<string, Response>
let badges: string[]

beforeEach(async () => {
  db = await freshDb()
  shown = []
  listeners = {}
  fetched = []
  cached = new Map()
  badges = []
  fb.apps = []
  fb.background = undefined
  fb.throwOnGetMessaging = false
})
afterEach(() => db.close())

/** A window the worker sees through clients.matchAll. */
function windowClient(id: string, url: string, state: { focused?: boolean; visible?: boolean } = {}) {
  const calls: string[] = []
  const client = {
    id,
    url,
    focused: state.focused ?? false,
    visibilityState: state.visible ? 'visible' : 'hidden',
    focus: vi.fn(async () => (calls.push('focus'), client)),
    navigate: vi.fn(async (to: string) => (calls.push(`navigate ${to}`), client)),
    postMessage: vi.fn((message: unknown) => calls.push(`postMessage ${JSON.stringify(message)}`)),
    calls,
  }
  return client
}

function clientsOf(controlled: ReturnType<typeof windowClient>[], uncontrolled: ReturnType<typeof windowClient>[] = []) {
  const opened: string[] = []
  return {
    opened,
    clients: {
      matchAll: vi.fn(async (options?: ClientQueryOptions) =>
        options?.includeUncontrolled ? [...controlled, ...uncontrolled] : controlled,
      ),
      openWindow: vi.fn(async (url: string) => (opened.push(url), null)),
    } as unknown as Clients,
  }
}

const store = () => ({
  db: async () => db,
  fetch: async (input: string) => {
    fetched.push(input)
    if (input === `/api/proverbs/public/${iwaLesin.slug}`) return Response.json({ data: iwaLesin })
    if (input === iwaLesin.image) return new Response(new Uint8Array(100), { headers: { 'Content-Type': 'image/jpeg' } })
    if (input === iwaLesin.image?.replace(/\.jpeg$/, '.avif'))
      return new Response(new Uint8Array(30), { headers: { 'Content-Type': 'image/avif' } })
    return Response.json({ error: { code: 'not_found', message: 'no' } }, { status: 404 })
  },
  now: () => NOW,
  caches: {
    open: async () => ({
      match: async (url: string) => cached.get(url),
      put: async (url: string, response: Response) => void cached.set(url, response),
    }),
  } as unknown as CacheStorage,
})

function scope(clients = clientsOf([]).clients): PushScope {
  return {
    addEventListener: ((type: string, listener: (event: unknown) => void) => {
      listeners[type] = listener
    }) as PushScope['addEventListener'],
    registration: {
      showNotification: async (title: string, options?: NotificationOptions) => void shown.push({ title, options: options ?? {} }),
    },
    clients,
    location: { origin: ORIGIN },
    navigator: {
      setAppBadge: async (count?: number) => void badges.push(`set ${count}`),
      clearAppBadge: async () => void badges.push('clear'),
    },
  }
}

/** An extendable event whose waitUntil work is kept to be awaited. */
function extendable<T extends object>(fields: T) {
  const work: Promise<unknown>[] = []
  return { event: { ...fields, waitUntil: (p: Promise<unknown>) => void work.push(p) }, done: () => Promise.all(work) }
}

test('a background push becomes a system notification with our icon, badge, url and tag', async () => {
  setupPush(scope(), CONFIG, store())
  expect(fb.apps).toEqual([{ apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1234567890', appId: '1:1234567890:web:1' }])
  await fb.background!({ data: REMINDER })
  expect(shown).toEqual([
    {
      title: 'Your proverb for today',
      options: {
        body: 'Ìwà lẹ̀sìn.',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { url: REMINDER.url },
        tag: `owe:${REMINDER.url}`,
      },
    },
  ])
})

test('a push that is not ours, or points off our origin, is shown safely or not at all', async () => {
  const registration = {
    showNotification: async (title: string, options?: NotificationOptions) => void shown.push({ title, options: options ?? {} }),
  }
  await showBackgroundPush({ data: { body: 'no title' } }, registration, ORIGIN)
  await showBackgroundPush({ data: { title: 'Hello', body: '', url: 'https://evil.example/' } }, registration, ORIGIN)
  expect(shown.map((n) => n.options.data)).toEqual([{ url: '/' }])
})

test('without Firebase config, or with one Firebase rejects, the worker still starts (push off)', () => {
  setupPush(scope(), null, store())
  expect(fb.apps).toEqual([])
  expect(Object.keys(listeners).sort()).toEqual(['notificationclick', 'push'])

  fb.throwOnGetMessaging = true
  const warn = vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined)
  expect(() => setupPush(scope(), CONFIG, store())).not.toThrow()
  expect(warn).toHaveBeenCalledWith('Push is off in this worker: Firebase did not start', expect.any(Error))
  expect(fb.background).toBeUndefined()
})

test('a click closes the notification, focuses the open Òwe window and takes it to the url', async () => {
  const behind = windowClient('a', `${ORIGIN}/quiz`)
  const front = windowClient('b', `${ORIGIN}/`, { focused: true, visible: true })
  const { clients, opened } = clientsOf([behind, front])
  setupPush(scope(clients), CONFIG, store())
  const close = vi.fn()
  const { event, done } = extendable({ notification: { data: { url: REMINDER.url }, close } })
  listeners.notificationclick(event)
  await done()
  expect(close).toHaveBeenCalled()
  expect(front.calls).toEqual(['focus', `navigate ${ORIGIN}${REMINDER.url}`])
  expect(behind.calls).toEqual([])
  expect(opened).toEqual([])
})

test('with no Òwe window open, the click opens one at the url', async () => {
  const elsewhere = windowClient('x', 'https://other.example/')
  const { clients, opened } = clientsOf([], [elsewhere])
  await openFromNotification('/notifications', clients, ORIGIN)
  expect(opened).toEqual([`${ORIGIN}/notifications`])
  expect(elsewhere.calls).toEqual([])
})

test('a window the worker does not control is asked to route itself', async () => {
  const uncontrolled = windowClient('u', `${ORIGIN}/about`)
  const { clients } = clientsOf([], [uncontrolled])
  await openFromNotification(REMINDER.url, clients, ORIGIN)
  expect(uncontrolled.calls).toEqual(['focus', `postMessage ${JSON.stringify({ type: 'OPEN_URL', url: REMINDER.url })}`])
})

test('a window already on the url is only focused; a foreign url opens the home page', async () => {
  const there = windowClient('t', `${ORIGIN}${REMINDER.url}`)
  await openFromNotification(REMINDER.url, clientsOf([there]).clients, ORIGIN)
  expect(there.calls).toEqual(['focus'])
  const home = windowClient('h', `${ORIGIN}/quiz`)
  await openFromNotification('https://evil.example/', clientsOf([home]).clients, ORIGIN)
  expect(home.calls).toEqual(['focus', `navigate ${ORIGIN}/`])
})

test('notifications that are not ours are left to Firebase’s own click handler', () => {
  setupPush(scope(), CONFIG, store())
  const close = vi.fn()
  const { event } = extendable({ notification: { data: { FCM_MSG: {} }, close } })
  listeners.notificationclick(event)
  expect(close).not.toHaveBeenCalled()
})

test('a reminder’s proverb and scroll image are stored as the push arrives, so it opens offline', async () => {
  setupPush(scope(), CONFIG, store())
  const { event, done } = extendable({ data: { json: () => ({ data: REMINDER, from: '1234567890' }) } })
  listeners.push(event)
  await done()
  const avif = iwaLesin.image!.replace(/\.jpeg$/, '.avif')
  expect(fetched).toEqual([`/api/proverbs/public/${iwaLesin.slug}`, avif, iwaLesin.image])
  expect((await readProverb(db, iwaLesin.slug))?.data).toEqual(iwaLesin)
  expect([...cached.keys()]).toEqual([avif, iwaLesin.image])

  // Other pushes, and pushes that are not JSON, fetch nothing.
  fetched = []
  const other = extendable({ data: { json: () => ({ data: { title: 'Quiz', body: '', url: '/quiz' } }) } })
  listeners.push(other.event)
  const text = extendable({ data: { json: () => JSON.parse('not json') } })
  listeners.push(text.event)
  await Promise.all([other.done(), text.done()])
  expect(fetched).toEqual([])
})

/** A push event as the browser gives it: JSON data, waitUntil kept, and whether later listeners were stopped. */
function pushEvent(json: unknown) {
  const stopped = vi.fn()
  const { event, done } = extendable({ data: { json: () => json }, stopImmediatePropagation: stopped })
  return { event, done, stopped }
}

test('a push sets the installed app’s badge to the count it carries, clears it at 0, and leaves it alone without one', async () => {
  setupPush(scope(), CONFIG, store())
  for (const badge of ['3', '0', undefined]) {
    const push = pushEvent({ data: { title: 'Quiz', body: '', url: '/quiz', ...(badge === undefined ? {} : { badge }) } })
    listeners.push(push.event)
    await push.done()
  }
  expect(badges).toEqual(['set 3', 'clear'])
  // FCM's pushes are Firebase's to show (onBackgroundMessage): our listener shows none and stops nothing.
  expect(shown).toEqual([])
})

test('a browser without badges, or one that refuses, still gets its push', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const refusing = {
    ...scope(),
    navigator: { setAppBadge: async () => Promise.reject(new DOMException('not installed', 'NotAllowedError')) },
  }
  setupPush(refusing, CONFIG, store())
  const push = pushEvent({ data: { title: 'Quiz', body: '', url: '/quiz', badge: '2' } })
  listeners.push(push.event)
  await push.done()
  expect(warn).toHaveBeenCalledWith('The app badge was not set', expect.any(DOMException))
  setupPush({ ...scope(), navigator: {} }, CONFIG, store())
  const plain = pushEvent({ data: { title: 'Quiz', body: '', url: '/quiz', badge: '2' } })
  listeners.push(plain.event)
  await plain.done()
  warn.mockRestore()
})

test('Safari’s declarative push is shown as ours, kept from Firebase, and sets the badge', async () => {
  setupPush(scope(), CONFIG, store())
  const push = pushEvent({
    web_push: 8030,
    notification: {
      title: 'This week’s quizzes are ready',
      body: 'Ten new questions.',
      navigate: `${ORIGIN}/quiz`,
      lang: 'en',
      dir: 'ltr',
      tag: 'owe:/quiz',
      icon: `${ORIGIN}/icons/icon-192.png`,
      data: { url: '/quiz' },
    },
    app_badge: 4,
    mutable: true,
  })
  listeners.push(push.event)
  await push.done()
  expect(push.stopped).toHaveBeenCalledOnce()
  expect(badges).toEqual(['set 4'])
  expect(shown).toEqual([
    {
      title: 'This week’s quizzes are ready',
      options: { body: 'Ten new questions.', icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: '/quiz' }, tag: 'owe:/quiz' },
    },
  ])
})

test('a declarative reminder keeps its proverb for offline reading; one pointing off our origin opens home', async () => {
  setupPush(scope(), CONFIG, store())
  const reminder = pushEvent({
    web_push: 8030,
    notification: { title: 'Today’s proverb', navigate: `${ORIGIN}${REMINDER.url}` },
    mutable: true,
  })
  listeners.push(reminder.event)
  await reminder.done()
  expect((await readProverb(db, iwaLesin.slug))?.data).toEqual(iwaLesin)
  const foreign = pushEvent({ web_push: 8030, notification: { title: 'Hello', navigate: 'https://evil.example/x' } })
  listeners.push(foreign.event)
  await foreign.done()
  expect(shown.map((n) => n.options.data)).toEqual([{ url: REMINDER.url }, { url: '/' }])
})
