import { initializeApp } from 'firebase/app'
import { getMessaging, onBackgroundMessage } from 'firebase/messaging/sw'
import { API } from '../src/core/http/api-paths'
import type { Proverb } from '../src/core/proverbs/contract'
import type { PushData } from '../src/core/notifications/contract'
import { scrollImageFiles } from '../src/core/shared/constants'
import type { FirebaseWebConfig } from '../src/core/notifications/firebase-config'
import { applyAppBadge, type BadgeNavigator } from '../src/core/notifications/badge'
import { NOTIFICATION_BADGE, NOTIFICATION_ICON, notificationTag, pushDataOfDeclarative } from '../src/core/notifications/declarative-push'
import { appPath, pushDataOf, reminderProverbSlug, type OpenUrlMessage } from '../src/core/notifications/push-data'
import { SCROLL_IMAGE_CACHE, type OfflineDb } from '../src/offline/schema'
import { saveProverbs } from '../src/offline/store'

/**
 * Push in the worker. The server sends data-only FCM messages ({ title, body, url, badge }). Firebase's worker
 * code hands a push to a visible app window (the page's onMessage shows a toast); otherwise it calls
 * onBackgroundMessage and we show the system notification. Safari's subscriptions get WebKit's Declarative Web
 * Push instead (src/core/notifications/declarative-push.ts): our listener shows it as ours and keeps it from
 * Firebase's. A click on it brings the user to its url in an Òwe window. As a push arrives, the app's badge takes
 * its count and a daily reminder's proverb is stored for offline reading.
 */

export { NOTIFICATION_BADGE, NOTIFICATION_ICON }

type Registration = Pick<ServiceWorkerRegistration, 'showNotification'>
type WindowClients = Pick<Clients, 'matchAll' | 'openWindow'>

export type PushStore = {
  db: () => Promise<OfflineDb>
  fetch: (input: string) => Promise<Response>
  now: () => number
  caches: CacheStorage | undefined
}

export type PushScope = {
  addEventListener: ServiceWorkerGlobalScope['addEventListener']
  registration: Registration
  clients: WindowClients
  location: { origin: string }
  navigator: BadgeNavigator
}

/** The system notification for a push: our icon and badge, the url to open, one per url (tag). */
export function notificationFor(data: PushData): { title: string; options: NotificationOptions } {
  return {
    title: data.title,
    options: {
      body: data.body,
      icon: NOTIFICATION_ICON,
      badge: NOTIFICATION_BADGE,
      data: { url: data.url },
      tag: notificationTag(data.url),
    },
  }
}

/** onBackgroundMessage: no app window is visible, so the user hears of it from the system. */
export async function showBackgroundPush(
  payload: { data?: Record<string, string> },
  registration: Registration,
  origin: string,
): Promise<void> {
  const data = pushDataOf(payload.data, origin)
  if (!data) return
  const { title, options } = notificationFor(data)
  await registration.showNotification(title, options)
}

/**
 * A click: the user lands on the url in an Òwe window, the one in front if any. A window this worker
 * controls is navigated (the shell comes from the precache); another is asked to route itself; with no
 * window, one is opened.
 */
export async function openFromNotification(url: string, clients: WindowClients, origin: string): Promise<void> {
  const path = appPath(url, origin) ?? '/'
  const target = new URL(path, origin).href
  const controlled = new Set((await clients.matchAll({ type: 'window' })).map((client) => client.id))
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === origin,
  )
  const front = (list: readonly WindowClient[]) =>
    list.find((c) => c.focused) ?? list.find((c) => c.visibilityState === 'visible') ?? list[0]
  const client = front(windows.filter((c) => controlled.has(c.id))) ?? front(windows)
  if (!client) {
    await clients.openWindow(target)
    return
  }
  const focused = await client.focus().catch(() => client)
  if (focused.url === target) return
  if (controlled.has(client.id)) {
    try {
      if (await focused.navigate(target)) return
    } catch {
      // Not ours to navigate after all (it changed hands): ask the page instead.
    }
  }
  focused.postMessage({ type: 'OPEN_URL', url: path } satisfies OpenUrlMessage)
}

/** A push's JSON: FCM's ({ data: { title, body, url, badge } }) or a declarative message; undefined when it is not JSON. */
function pushJson(event: PushEvent): unknown {
  try {
    return event.data?.json() as unknown
  } catch {
    return undefined
  }
}

/** The push's data, whichever way it came: a declarative message, or FCM's data (read without Firebase). */
function pushDataIn(json: unknown, origin: string): { data: PushData | null; declarative: boolean } {
  const declarative = pushDataOfDeclarative(json, origin)
  if (declarative) return { data: declarative, declarative: true }
  return { data: pushDataOf((json as { data?: unknown } | undefined)?.data, origin), declarative: false }
}

/**
 * A daily reminder (url /search_result?proverb=<slug>): its proverb goes into the device's copy, as the
 * data routes store what they read (and its scroll image into the image cache), so tapping the
 * reminder on a bus with no signal still shows the proverb.
 */
export async function keepReminderProverb(slug: string, store: PushStore): Promise<void> {
  const response = await store.fetch(API.proverbPublic(slug))
  if (!response.ok) return
  const { data: proverb } = (await response.json()) as { data: Proverb }
  await saveProverbs(await store.db(), [proverb], store.now())
  if (!proverb.image || !store.caches) return
  const cache = await store.caches.open(SCROLL_IMAGE_CACHE)
  for (const file of scrollImageFiles(proverb.image)) {
    if (await cache.match(file)) continue
    const image = await store.fetch(file)
    if (image.ok) await cache.put(file, image)
  }
}

/**
 * Wires push into the worker. Listeners are added while the worker script first runs, as browsers
 * require. Without Firebase config (or with one Firebase rejects: getMessaging throws synchronously),
 * push is off and everything else in the worker still installs.
 */
export function setupPush(scope: PushScope, config: FirebaseWebConfig | null, store: PushStore): void {
  scope.addEventListener('push', (event) => {
    const { data, declarative } = pushDataIn(pushJson(event), scope.location.origin)
    if (!data) return
    const work: Promise<unknown>[] = [applyAppBadge(scope.navigator, data.badge)]
    if (declarative) {
      // Safari's: shown here as ours (icon, tag, our click), in place of the one the browser would show; Firebase's
      // listener, added after this one, would otherwise take its `notification` for an FCM message and show a second.
      event.stopImmediatePropagation()
      const { title, options } = notificationFor(data)
      work.push(scope.registration.showNotification(title, options))
    }
    const slug = reminderProverbSlug(data.url)
    if (slug)
      work.push(keepReminderProverb(slug, store).catch((error: unknown) => console.warn('The reminder’s proverb was not kept', error)))
    event.waitUntil(Promise.all(work))
  })
  scope.addEventListener('notificationclick', (event) => {
    // Ours carry { url }; Firebase's own (FCM_MSG) are handled by Firebase's listener.
    const url = (event.notification.data as { url?: unknown } | null)?.url
    if (typeof url !== 'string') return
    event.notification.close()
    event.waitUntil(openFromNotification(url, scope.clients, scope.location.origin))
  })
  if (!config) return
  try {
    const { apiKey, projectId, messagingSenderId, appId } = config
    const messaging = getMessaging(initializeApp({ apiKey, projectId, messagingSenderId, appId }))
    onBackgroundMessage(messaging, (payload) => showBackgroundPush(payload, scope.registration, scope.location.origin))
  } catch (error) {
    console.warn('Push is off in this worker: Firebase did not start', error)
  }
}
