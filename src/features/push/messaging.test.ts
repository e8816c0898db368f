// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { DEVICE_TOKEN_SAVE_FAILED } from '@/core/shared/texts'
import { workerStandIn } from '@/lib/test-analytics'
import { ADA, setTestSession } from '@/lib/test-session'

// Firebase is the third party here: its modules are stand-ins that record what the app asks of them.
const fb = vi.hoisted(() => ({
  calls: [] as string[],
  token: 'fcm-token-1',
  getToken: vi.fn(),
  deleteToken: vi.fn(async () => true),
  onMessage: vi.fn(),
}))
vi.mock('firebase/app', () => ({ getApps: () => [], initializeApp: (options: unknown) => ({ options }) }))
vi.mock('firebase/messaging', () => ({
  isSupported: async () => true,
  getMessaging: (app: unknown) => ({ app }),
  getToken: fb.getToken,
  deleteToken: fb.deleteToken,
  onMessage: fb.onMessage,
}))
const config = vi.hoisted(() => ({
  env: {
    apiBase: '',
    production: true,
    firebase: { apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'BVapid' } as null | Record<
      string,
      string
    >,
  },
}))
vi.mock('@/lib/env', () => config)
vi.mock('@/lib/session', () => import('@/lib/test-session'))
vi.mock('@/lib/platform', () => import('@/lib/test-platform'))
const { setTestPlatform } = await import('@/lib/test-platform')
const { ANDROID_CHROME, IPHONE_SAFARI } = await import('@/core/shared/platform-fixtures')
setTestSession({ ...ADA, token: 'session-7' })

const {
  enablePush,
  disablePush,
  syncPushToken,
  listenForeground,
  readPushStatus,
  FCM_TOKEN_KEY,
  FCM_TOKEN_USER_KEY,
  PUSH_FAILURE_MESSAGES,
} = await import('./messaging')

let permission: NotificationPermission
let answer: NotificationPermission
let saveStatus: number
const registration = { active: {}, scope: 'http://localhost/', pushManager: { getSubscription: async () => null } }
let saved: unknown[]

beforeEach(() => {
  localStorage.clear()
  fb.calls.length = 0
  saved = []
  permission = 'default'
  answer = 'granted'
  saveStatus = 200
  config.env.firebase = { apiKey: 'k', projectId: 'owe-test', messagingSenderId: '1', appId: '1:1:web:1', vapidKey: 'BVapid' }
  fb.getToken.mockReset().mockImplementation(async () => {
    fb.calls.push('getToken')
    return fb.token
  })
  vi.stubGlobal(
    'Notification',
    class {
      static get permission() {
        return permission
      }
      static async requestPermission() {
        fb.calls.push('requestPermission')
        permission = answer
        return answer
      }
    },
  )
  vi.stubGlobal('PushManager', class {})
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => {
        fb.calls.push('getRegistration')
        return registration
      },
      ready: Promise.resolve(registration),
      register: () => {
        throw new Error('no second worker')
      },
    },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fb.calls.push(`POST ${url}`)
      saved.push({ body: JSON.parse(String(init.body)), auth: new Headers(init.headers).get('Authorization') })
      return new Response(JSON.stringify(saveStatus === 200 ? { data: { saved: true } } : { error: { code: 'x', message: 'down' } }), {
        status: saveStatus,
      })
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  setTestPlatform(ANDROID_CHROME)
})

test('nothing asks for permission or loads Firebase until the user turns push on', async () => {
  expect(readPushStatus()).toBe('off')
  expect(fb.calls).toEqual([])
})

test('enablePush asks first, gets the token through the app’s own worker, and keeps it only once saved', async () => {
  const result = await enablePush(7)
  expect(result).toEqual({ ok: true })
  expect(fb.calls).toEqual(['requestPermission', 'getRegistration', 'getToken', 'POST /firebase/device/save/'])
  expect(fb.getToken).toHaveBeenCalledWith(expect.anything(), { vapidKey: 'BVapid', serviceWorkerRegistration: registration })
  expect(saved).toEqual([{ body: { device_type: 'WEB', device_token: 'fcm-token-1' }, auth: 'Bearer session-7' }])
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBe('fcm-token-1')
  expect(localStorage.getItem(FCM_TOKEN_USER_KEY)).toBe('7')
  expect(readPushStatus()).toBe('on')
})

test('a failed save logs the spec’s text, keeps no token, and says so', async () => {
  saveStatus = 500
  const error = vi.mocked(console.error).mockImplementationOnce(() => undefined)
  const result = await enablePush(7)
  expect(error).toHaveBeenCalledWith(DEVICE_TOKEN_SAVE_FAILED)
  error.mockClear()
  expect(result).toEqual({ ok: false, reason: 'save', message: PUSH_FAILURE_MESSAGES.save })
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBeNull()
  expect(readPushStatus()).toBe('off')
})

test('a refusal stops before Firebase and explains how to allow notifications', async () => {
  answer = 'denied'
  const result = await enablePush(7)
  expect(result).toMatchObject({ ok: false, reason: 'blocked' })
  expect(PUSH_FAILURE_MESSAGES.blocked).toMatch(/site settings/)
  expect(fb.calls).toEqual(['requestPermission'])
  expect(readPushStatus()).toBe('blocked')

  answer = 'default'
  permission = 'default'
  expect(await enablePush(7)).toMatchObject({ ok: false, reason: 'dismissed' })
})

test('without the app’s worker no token is asked for (Firebase would register its own)', async () => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } })
  expect(await enablePush(7)).toMatchObject({ ok: false, reason: 'no-worker' })
  expect(fb.getToken).not.toHaveBeenCalled()
})

test('a push service that cannot be reached is a failure, not a stored token', async () => {
  fb.getToken.mockRejectedValueOnce(new Error('messaging/token-subscribe-failed'))
  const warn = vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined)
  expect(await enablePush(7)).toMatchObject({ ok: false, reason: 'token' })
  expect(warn).toHaveBeenCalled()
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBeNull()
})

test('without a Firebase config push is unconfigured and cannot be turned on', async () => {
  config.env.firebase = null
  expect(readPushStatus()).toBe('unconfigured')
  expect(await enablePush(7)).toMatchObject({ ok: false, reason: 'unsupported' })
  expect(fb.calls).toEqual([])
})

test('disablePush deletes the token at FCM and here', async () => {
  await enablePush(7)
  await disablePush()
  expect(fb.deleteToken).toHaveBeenCalled()
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBeNull()
  expect(localStorage.getItem(FCM_TOKEN_USER_KEY)).toBeNull()
  expect(readPushStatus()).toBe('off')
})

test('another user signing in on a device with push on saves the token again for them', async () => {
  await enablePush(7)
  saved = []
  await syncPushToken(7)
  expect(saved).toEqual([])
  expect(fb.getToken).toHaveBeenCalledTimes(1) // checked at most once a day for the same user
  await syncPushToken(8)
  expect(saved).toEqual([{ body: { device_type: 'WEB', device_token: 'fcm-token-1' }, auth: 'Bearer session-7' }])
  expect(localStorage.getItem(FCM_TOKEN_USER_KEY)).toBe('8')
  // A day later a rotated token is found and saved.
  saved = []
  fb.token = 'fcm-token-2'
  await syncPushToken(8, Date.now() + 25 * 60 * 60 * 1000)
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBe('fcm-token-2')
  expect(saved).toHaveLength(1)
  fb.token = 'fcm-token-1'
})

test('foreground pushes reach the page as our data, foreign links made safe', async () => {
  let handler: (payload: { data?: Record<string, string> }) => void = () => undefined
  fb.onMessage.mockImplementation((_messaging, next) => {
    handler = next
    return () => undefined
  })
  const seen: unknown[] = []
  await listenForeground((data) => seen.push(data))
  handler({ data: { title: 'Your proverb', body: 'Ìwà lẹ̀sìn', url: '/search_result?proverb=iwa' } })
  handler({ data: { title: 'Elsewhere', body: '', url: 'https://evil.example/' } })
  handler({})
  expect(seen).toEqual([
    { title: 'Your proverb', body: 'Ìwà lẹ̀sìn', url: '/search_result?proverb=iwa' },
    { title: 'Elsewhere', body: '', url: '/' },
  ])
})

test('push turned on is counted as an opt-in; a refusal or a failed save is not', async () => {
  const worker = await workerStandIn()
  answer = 'denied'
  await enablePush(7)
  answer = 'granted'
  saveStatus = 500
  const error = vi.mocked(console.error).mockImplementationOnce(() => undefined)
  await enablePush(7)
  error.mockClear()
  expect(await worker.events()).toEqual([])
  saveStatus = 200
  expect(await enablePush(7)).toEqual({ ok: true })
  expect(await worker.events()).toMatchObject([{ type: 'push_opt_in' }])
  worker.remove()
})

// Safari: a Web Push subscription on Apple's push service, made by the page with the server's VAPID key.

const SERVER_KEY = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8'
const APPLE_ENDPOINT = 'https://web.push.apple.com/QGuQyavXutnMH/device-1'

/** The worker's pushManager on an Apple device, recording what the page asks of it. */
function applePushManager(existing: { key: number[] } | null = null) {
  const subscription = (key: ArrayBuffer) => ({
    endpoint: APPLE_ENDPOINT,
    options: { applicationServerKey: key },
    toJSON: () => ({ endpoint: APPLE_ENDPOINT, expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => (fb.calls.push('unsubscribe'), true)),
  })
  let current = existing ? subscription(new Uint8Array(existing.key).buffer) : null
  return {
    getSubscription: async () => current,
    subscribe: vi.fn(async ({ applicationServerKey }: { applicationServerKey: Uint8Array; userVisibleOnly: boolean }) => {
      fb.calls.push('subscribe')
      current = subscription(applicationServerKey.slice().buffer)
      return current
    }),
  }
}

function appleDevice(pushManager: ReturnType<typeof applePushManager>) {
  setTestPlatform({ ...IPHONE_SAFARI, standalone: true })
  const appleRegistration = { ...registration, pushManager }
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => appleRegistration, ready: Promise.resolve(appleRegistration) },
  })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      fb.calls.push(`${init?.method ?? 'GET'} ${url}`)
      if (url === '/api/push/web-push-key') return Response.json({ data: { publicKey: SERVER_KEY } })
      saved.push({ body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get('Authorization') })
      return Response.json({ message: 'Device saved' }, { status: saveStatus })
    }),
  )
}

test('in Safari on an iPhone, push waits for the Home Screen app: no permission is asked there', async () => {
  setTestPlatform(IPHONE_SAFARI)
  vi.stubGlobal('PushManager', undefined)
  Reflect.deleteProperty(window, 'PushManager')
  expect(readPushStatus()).toBe('home-screen')
  expect(await enablePush(7)).toEqual({ ok: false, reason: 'home-screen', message: PUSH_FAILURE_MESSAGES['home-screen'] })
  expect(fb.calls).toEqual([])
})

test('in the Home Screen app, push is a Web Push subscription made with the server’s key and saved, without Firebase', async () => {
  config.env.firebase = null
  const pushManager = applePushManager()
  appleDevice(pushManager)
  expect(readPushStatus()).toBe('off')
  expect(await enablePush(7)).toEqual({ ok: true })
  expect(fb.calls).toEqual([
    'requestPermission',
    'GET /api/push/web-push-key',
    'subscribe',
    'POST /user/notification/web-push-subscription',
  ])
  const [{ applicationServerKey, userVisibleOnly }] = pushManager.subscribe.mock.calls[0]
  expect(userVisibleOnly).toBe(true)
  expect(
    btoa(String.fromCharCode(...applicationServerKey))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, ''),
  ).toBe(SERVER_KEY)
  expect(saved).toEqual([
    { body: { endpoint: APPLE_ENDPOINT, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }, auth: 'Bearer session-7' },
  ])
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBe(APPLE_ENDPOINT)
  expect(readPushStatus()).toBe('on')
})

test('a subscription made with another key is replaced; turning push off ends it', async () => {
  const pushManager = applePushManager({ key: [4, 1, 2, 3] })
  appleDevice(pushManager)
  await enablePush(7)
  expect(fb.calls).toEqual([
    'requestPermission',
    'GET /api/push/web-push-key',
    'unsubscribe',
    'subscribe',
    'POST /user/notification/web-push-subscription',
  ])
  fb.calls.length = 0
  await disablePush()
  expect(fb.calls).toEqual(['unsubscribe'])
  expect(localStorage.getItem(FCM_TOKEN_KEY)).toBeNull()
})
