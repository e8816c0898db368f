import type { Paginated } from '../http/contract'

/** Shapes of in-app messages, pushes and the daily reminder (docs/requirements.md#r7-notifications-and-push). */

/** What made a message; the app may show each kind with its own icon. */
export type NotificationKind = 'quiz-week' | 'reminder' | 'test' | 'payment' | 'subscription' | 'suggestion' | 'broadcast'

/** One in-app message (docs/requirements.md#r7-notifications-and-push). Dates are ISO 8601. */
export type AppNotification = {
  id: number
  kind: NotificationKind
  title: string
  body: string
  /** A path in the app that opening the message leads to, if any. */
  url: string | null
  read: boolean
  readAt: string | null
  createdAt: string
}

export type NotificationPage = Paginated<AppNotification>

/** The unread count is read from the message field (docs/requirements.md#r7-notifications-and-push). */
export type UnreadCount = { message: number }

/** Device registration (docs/requirements.md#r7-notifications-and-push). */
export type DeviceRegistration = { device_type: 'WEB'; device_token: string }

/** The daily proverb reminder: a local time of day ('HH:MM', 24-hour) or null when off. */
export type DailyReminder = { time: string | null; timeZone: string }

/**
 * The data of a push message (data-only: the app shows it itself). FCM data values are strings.
 * `url` is a path on our origin. `badge`: the count the installed app's icon shows once it arrives (unread
 * messages and cards due, ./badge.ts); absent when the sender did not count.
 */
export type PushData = { title: string; body: string; url: string; badge?: number }
