import type { Messaging } from 'firebase/messaging'
import { API } from '@/core/http/api-paths'
import type { DeviceRegistration, PushData } from '@/core/notifications/contract'
import type { FirebaseWebConfig } from '@/core/notifications/firebase-config'
import { FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY, pushDataOf } from '@/core/notifications/push-data'
import { DEVICE_TOKEN_SAVE_FAILED } from '@/core/shared/texts'
import { track } from '@/lib/track'
import { apiSend } from '@/lib/api-client'
import { env } from '@/lib/env'
import { isIosSafari, usesApplePush } from '@/core/shared/platform'
import { platformFacts } from '@/lib/platform'
import { endWebPushSubscription, saveWebPushSubscription, webPushSubscription } from './web-push'

/**
 * Push on this device, through Firebase Cloud Messaging. Firebase (≈15 KB gzip) loads only when push is
 * configured and something needs it: the switch being turned on, or the foreground listener of a user
 * who has push on. The browser's permission is asked only from the switch, never on page load. The
 * token goes through the one worker the app registered (/firebase-messaging-sw.js): Firebase would
 * otherwise register a second copy of it. WebKit's browsers (Safari; on an iPhone, the Home Screen app) push
 * through Apple's service instead: a Web Push subscription the page makes itself (./web-push.ts), whose endpoint is
 * kept where an FCM token would be.
 */

export { FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY }
/** When the token was last checked with Firebase (ms): a rotated token is looked for once a day. */
export const FCM_TOKEN_CHECKED_KEY = 'fcm_token_checked'
const CHECK_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * unconfigured: this build has no Firebase config and the browser is not WebKit's (the switch is hidden). home-screen:
 * Safari on an iPhone or iPad, where push works only in the Home Screen app (the switch shows the way there).
 */
export type PushStatus = 'unconfigured' | 'unsupported' | 'home-screen' | 'blocked' | 'on' | 'off'

export type PushFailure = 'unsupported' | 'home-screen' | 'blocked' | 'dismissed' | 'no-worker' | 'token' | 'save'
export type PushResult = { ok: true } | { ok: false; reason: PushFailure; message: string }

export const PUSH_FAILURE_MESSAGES: Record<PushFailure, string> = {
  unsupported:
    'This browser cannot receive notifications from Òwe. On an iPhone or iPad, add Òwe to your Home Screen and open it from there.',
  'home-screen':
    'On an iPhone or iPad, Òwe notifies you from your Home Screen: in Safari tap Share, then Add to Home Screen, open Òwe from there and turn this on.',
  blocked:
    'Notifications are blocked for Òwe in this browser. To allow them, open the site settings (the icon beside the address bar), set Notifications to Allow, then turn this on again.',
  dismissed: 'The browser did not get an answer. Turn this on again and choose Allow when it asks.',
  'no-worker': 'Notifications need Òwe’s offline support, which is not running in this tab yet. Reload the page and try again.',
  token:
    'The browser’s push service did not give Òwe an address for this device. Check your connection and try again (private windows cannot receive notifications).',
  save: 'Could not save this device for notifications. Check your connection and try again.',
}

const fail = (reason: PushFailure): PushResult => ({ ok: false, reason, message: PUSH_FAILURE_MESSAGES[reason] })

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window
}

export const storedPushToken = (): string | null => localStorage.getItem(FCM_TOKEN_KEY)

/** Whether this browser pushes through Apple's service (a Web Push subscription of our own) rather than FCM. */
const applePush = () => usesApplePush(platformFacts())

export function readPushStatus(): PushStatus {
  const facts = platformFacts()
  if (!env.firebase && !usesApplePush(facts)) return 'unconfigured'
  if (!pushSupported()) return isIosSafari(facts) && !facts.standalone ? 'home-screen' : 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  return Notification.permission === 'granted' && storedPushToken() ? 'on' : 'off'
}

// ------------------------------------------------------------------------------------ status changes

const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())
let watching = false

/** Follows the status: this tab's changes, other tabs' (storage) and the browser's site settings. */
export function subscribePushStatus(listener: () => void): () => void {
  listeners.add(listener)
  if (!watching && typeof window !== 'undefined') {
    watching = true
    window.addEventListener('storage', (event) => {
      if (event.key === FCM_TOKEN_KEY || event.key === null) changed()
    })
    navigator.permissions
      ?.query({ name: 'notifications' })
      .then((permission) => permission.addEventListener('change', changed))
      .catch(() => undefined)
  }
  return () => listeners.delete(listener)
}

// ---------------------------------------------------------------------------------- Firebase, lazily

type FirebaseMessaging = typeof import('firebase/messaging')
type Loaded = { messaging: Messaging; fm: FirebaseMessaging }
let loading: Promise<Loaded | null> | undefined

/** Firebase's app and messaging, once per page; null when the browser cannot do push. */
function loadMessaging(config: FirebaseWebConfig): Promise<Loaded | null> {
  loading ??= (async () => {
    const [{ getApps, initializeApp }, fm] = await Promise.all([import('firebase/app'), import('firebase/messaging')])
    if (!(await fm.isSupported())) return null
    const { apiKey, projectId, messagingSenderId, appId } = config
    const app = getApps()[0] ?? initializeApp({ apiKey, projectId, messagingSenderId, appId })
    return { messaging: fm.getMessaging(app), fm }
  })()
  // A chunk that failed to load (offline) may load next time.
  loading.catch(() => (loading = undefined))
  return loading
}

/** The worker the app registered, once active; undefined when there is none (dev, or not yet). */
async function appWorker(): Promise<ServiceWorkerRegistration | undefined> {
  const registration = await navigator.serviceWorker.getRegistration()
  if (!registration) return undefined
  return registration.active ? registration : navigator.serviceWorker.ready
}

/**
 * Saves the token for the signed-in user; only a saved token is kept and a failure is logged
 * (docs/requirements.md#r7-notifications-and-push).
 */
async function saveToken(token: string, userId: number, save = () => saveFcmToken(token)): Promise<boolean> {
  try {
    await save()
  } catch {
    console.error(DEVICE_TOKEN_SAVE_FAILED)
    return false
  }
  localStorage.setItem(FCM_TOKEN_KEY, token)
  localStorage.setItem(FCM_TOKEN_USER_KEY, String(userId))
  localStorage.setItem(FCM_TOKEN_CHECKED_KEY, String(Date.now()))
  changed()
  return true
}

function saveFcmToken(token: string): Promise<unknown> {
  const body: DeviceRegistration = { device_type: 'WEB', device_token: token }
  return apiSend('POST', API.deviceSave, body, { auth: true })
}

/** Safari's: the subscription on Apple's push service, saved with its keys; its endpoint is kept as the token. */
const saveSubscription = (subscription: PushSubscription, userId: number) =>
  saveToken(subscription.endpoint, userId, () => saveWebPushSubscription(subscription))

// ---------------------------------------------------------------------------------------- the switch

/** Turns push on for this device and user. Call it from the user's action: it asks for permission first. */
export async function enablePush(userId: number): Promise<PushResult> {
  const config = env.firebase
  const apple = applePush()
  if (readPushStatus() === 'home-screen') return fail('home-screen')
  if ((!config && !apple) || !pushSupported()) return fail('unsupported')
  // First, while the click still counts as the user's gesture (some browsers ask only then).
  const permission = await Notification.requestPermission()
  changed()
  if (permission === 'denied') return fail('blocked')
  if (permission !== 'granted') return fail('dismissed')
  if (apple) {
    let subscription: PushSubscription
    try {
      const registration = await appWorker()
      if (!registration) return fail('no-worker')
      subscription = await webPushSubscription(registration)
    } catch (error) {
      console.warn('Push: no subscription from the push service', error)
      return fail('token')
    }
    if (!(await saveSubscription(subscription, userId))) return fail('save')
    track('push_opt_in')
    return { ok: true }
  }
  if (!config) return fail('unsupported')
  let token: string
  try {
    const registration = await appWorker()
    if (!registration) return fail('no-worker')
    const loaded = await loadMessaging(config)
    if (!loaded) return fail('unsupported')
    token = await loaded.fm.getToken(loaded.messaging, { vapidKey: config.vapidKey, serviceWorkerRegistration: registration })
  } catch (error) {
    console.warn('Push: no token from the push service', error)
    return fail('token')
  }
  if (!(await saveToken(token, userId))) return fail('save')
  // A push opt-in is counted when push is on: permission granted and this device registered for it.
  track('push_opt_in')
  return { ok: true }
}

/** Turns push off for this device: the token is deleted at FCM (the server then drops it) and here. */
export async function disablePush(): Promise<void> {
  const config = env.firebase
  const registration = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined
  if (applePush()) {
    try {
      await endWebPushSubscription(registration)
    } catch (error) {
      console.warn('Push: the subscription could not be ended', error)
    } finally {
      for (const key of [FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY, FCM_TOKEN_CHECKED_KEY]) localStorage.removeItem(key)
      changed()
    }
    return
  }
  try {
    const loaded = config && registration ? await loadMessaging(config) : null
    if (config && registration && loaded) {
      // deleteToken needs to know our worker, and only getToken tells it (the stored token comes back
      // without a new subscription); without it Firebase would register a worker of its own.
      await loaded.fm.getToken(loaded.messaging, { vapidKey: config.vapidKey, serviceWorkerRegistration: registration })
      await loaded.fm.deleteToken(loaded.messaging)
    }
  } catch (error) {
    // FCM unreachable (offline): end this browser's subscription at least; FCM then reports the token
    // unregistered when the server next sends to it, and the server forgets it.
    console.warn('Push: the token could not be deleted at FCM', error)
    await registration?.pushManager
      .getSubscription()
      .then((subscription) => subscription?.unsubscribe())
      .catch(() => undefined)
  } finally {
    for (const key of [FCM_TOKEN_KEY, FCM_TOKEN_USER_KEY, FCM_TOKEN_CHECKED_KEY]) localStorage.removeItem(key)
    changed()
  }
}

/**
 * With push on: saves the token again when another user signed in on this device (the server moves the
 * token to them) and, once a day, when FCM has rotated it. Firebase answers from its own store unless
 * its token is a week old.
 */
export async function syncPushToken(userId: number, now = Date.now()): Promise<void> {
  const config = env.firebase
  if (readPushStatus() !== 'on') return
  const sameUser = localStorage.getItem(FCM_TOKEN_USER_KEY) === String(userId)
  if (sameUser && now - Number(localStorage.getItem(FCM_TOKEN_CHECKED_KEY)) < CHECK_EVERY_MS) return
  if (applePush()) {
    const registration = await appWorker()
    if (!registration) return
    const subscription = await webPushSubscription(registration)
    if (subscription.endpoint !== storedPushToken() || !sameUser) await saveSubscription(subscription, userId)
    else localStorage.setItem(FCM_TOKEN_CHECKED_KEY, String(now))
    return
  }
  if (!config) return
  const registration = await appWorker()
  const loaded = registration && (await loadMessaging(config))
  if (!registration || !loaded) return
  const token = await loaded.fm.getToken(loaded.messaging, { vapidKey: config.vapidKey, serviceWorkerRegistration: registration })
  if (token !== storedPushToken() || !sameUser) await saveToken(token, userId)
  else localStorage.setItem(FCM_TOKEN_CHECKED_KEY, String(now))
}

/**
 * Pushes that arrive while an app window is visible: the worker's Firebase hands them to this page
 * instead of showing a system notification. Returns the unsubscribe.
 */
export async function listenForeground(onPush: (data: PushData) => void): Promise<() => void> {
  const config = env.firebase
  const loaded = config && (await loadMessaging(config))
  if (!loaded) return () => undefined
  return loaded.fm.onMessage(loaded.messaging, (payload) => {
    const data = pushDataOf(payload.data, location.origin)
    if (data) onPush(data)
  })
}
