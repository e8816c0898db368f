import type { PushData } from './contract'
import { appPath, badgeOf } from './push-data'

/**
 * WebKit's Declarative Web Push (Safari 18.4 on iOS, iPadOS and macOS; the Push API's "declarative push message"):
 * a push whose JSON describes the notification itself, so the browser shows it even when no worker runs, and does
 * not drop the subscription for a push the worker failed to show. The server sends this to Apple's push service
 * (server/src/services/web-push.ts); `mutable` lets our worker show its own in its place (sw/push.ts) — the same
 * text, with the icon, the tag and the reminder's proverb kept offline. Older Safari (16.4–18.3) hands the same JSON
 * to the worker's `push` event, which reads it here. docs/decisions/023-every-phone.md.
 */

/** The member that makes a push declarative: RFC 8030's number. */
export const DECLARATIVE_PUSH_MAGIC = 8030

export const NOTIFICATION_ICON = '/icons/icon-192.png'
/** Monochrome (alpha only), as systems draw badges. */
export const NOTIFICATION_BADGE = '/icons/badge-96.png'

/** The members WebKit and the Push API define; nothing else is sent. */
export type DeclarativePush = {
  web_push: typeof DECLARATIVE_PUSH_MAGIC
  notification: {
    title: string
    body: string
    /** An absolute URL on our origin: where a tap leads when the browser shows the notification itself. */
    navigate: string
    lang: string
    dir: 'ltr'
    tag: string
    icon: string
    data: { url: string }
  }
  /** The installed app's badge once the push arrives (unread messages and cards due). */
  app_badge?: number
  /** The worker may show its own notification in place of this one. */
  mutable: true
}

/** One tag per url, as the worker's own notifications have: a second push for the same page replaces the first. */
export const notificationTag = (url: string) => `owe:${url}`

/** The declarative message for a push; `origin` is the app's public origin (navigate and icon are absolute). */
export function declarativePush(data: PushData, origin: string): DeclarativePush {
  const path = appPath(data.url, origin) ?? '/'
  return {
    web_push: DECLARATIVE_PUSH_MAGIC,
    notification: {
      title: data.title,
      body: data.body,
      navigate: new URL(path, origin).href,
      lang: 'en',
      dir: 'ltr',
      tag: notificationTag(path),
      icon: new URL(NOTIFICATION_ICON, origin).href,
      data: { url: path },
    },
    ...(data.badge === undefined ? {} : { app_badge: data.badge }),
    mutable: true,
  }
}

/** A declarative message's push data, or null when the JSON is not one (an FCM message, say). Only our origin opens. */
export function pushDataOfDeclarative(message: unknown, origin: string): PushData | null {
  const { web_push, notification, app_badge } = (message ?? {}) as Record<string, unknown>
  if (web_push !== DECLARATIVE_PUSH_MAGIC || !notification || typeof notification !== 'object') return null
  const { title, body, navigate } = notification as Record<string, unknown>
  if (typeof title !== 'string' || !title.trim()) return null
  let url = '/'
  if (typeof navigate === 'string') {
    try {
      const target = new URL(navigate, origin)
      if (target.origin === new URL(origin).origin) url = `${target.pathname}${target.search}${target.hash}`
    } catch {
      // Not a URL: home.
    }
  }
  const badge = badgeOf(app_badge)
  return { title, body: typeof body === 'string' ? body : '', url, ...(badge === undefined ? {} : { badge }) }
}
