import { API } from '@/core/http/api-paths'
import type { WebPushKey, WebPushSubscriptionInput } from '@/core/notifications/web-push'
import { apiGet, apiSend } from '@/lib/api-client'

/**
 * Push in Safari (and every WebKit browser): its subscriptions live on Apple's push service, which FCM's tokens do not
 * reach, so the page subscribes itself with the server's VAPID key and gives the server the subscription; the server
 * sends WebKit's Declarative Web Push to it (docs/decisions/023-every-phone.md). No Firebase is loaded.
 */

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

/** This browser's subscription for the server's key: the one it holds when made with that key, else a new one. */
export async function webPushSubscription(registration: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await apiGet<WebPushKey['data']>(API.webPushKey)
  const key = bytesOf(publicKey)
  const existing = await registration.pushManager.getSubscription()
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing
  // Made with another key (the server's keys were replaced): a push signed with ours would be refused.
  await existing?.unsubscribe()
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
}

/** Saves the subscription for the signed-in reader (only its endpoint and keys). */
export async function saveWebPushSubscription(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys } = subscription.toJSON()
  const body: WebPushSubscriptionInput = { endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } }
  await apiSend('POST', API.webPushSubscription, body, { auth: true })
}

/** Ends this browser's subscription: the next push to it is answered 410 and the server forgets it. */
export async function endWebPushSubscription(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const subscription = await registration?.pushManager.getSubscription()
  await subscription?.unsubscribe()
}
