import { sql, type SQL } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { AppNotification, NotificationKind, PushData } from '@core/notifications/contract'
import type { Db } from '../db/client'
import { notifications } from '../db/schema'
import { pushToUser, type PushSender, type WebPushSender } from './push'

/**
 * THE way to tell a user something. Every in-app message is made here, whoever raises it: the scheduler
 * (the week's quizzes, expiring subscriptions, daily reminders), payments, suggestions, admins'
 * broadcasts. A message is a row in `notifications` first and a push second: the row is what the app
 * lists, so a user without push (none configured, permission denied, offline) still sees it.
 *
 * `dedupeKey` names the event, per user: the same key twice is one message and one push, however many
 * server instances or retries notice it ('quiz-week:2026-11-16', 'expiry:42', 'payment:<reference>').
 * Leave it out only for messages that are new each time (a test notification).
 *
 *   await notifier.notify(userId, { kind: 'payment', title: 'Payment received', body: '…', url: '/profile', dedupeKey: `payment:${ref}` }, { now })
 *   await notifier.notifyAll(sql`select id from users where activated_at is not null`, { kind: 'broadcast', …, dedupeKey: 'broadcast:7' }, { now })
 */
export type NotificationInput = {
  kind: NotificationKind
  title: string
  body: string
  /** A path in the app; the push opens it (the notification list when absent). */
  url?: string | null
  dedupeKey?: string | null
}

export type NotifyOptions = { now: Date }

export interface Notifier {
  /** Stores the message and pushes it to the user's devices; null when `dedupeKey` was already used for this user. */
  notify(userId: number, input: NotificationInput, options: NotifyOptions): Promise<AppNotification | null>
  /**
   * One message to many users in one statement. `userIds` is a query yielding one column of user ids
   * (`sql\`select id from users where …\``). Users who already have `dedupeKey` are skipped; needs a
   * dedupeKey, or a rerun would message everyone again. Returns the ids of the users newly messaged.
   */
  notifyAll(userIds: SQL, input: NotificationInput & { dedupeKey: string }, options: NotifyOptions): Promise<number[]>
}

/** Pushes in flight at once when messaging many users: enough to overlap FCM's latency, few enough to stay polite. */
export const PUSH_CONCURRENCY = 8

/** Where a push leads when the message names no page. */
export const DEFAULT_NOTIFICATION_URL = '/notifications'

type Row = typeof notifications.$inferSelect

export function toAppNotification(row: Row): AppNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    url: row.url,
    read: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

const pushDataOf = (input: NotificationInput): PushData => ({
  title: input.title,
  body: input.body,
  url: input.url ?? DEFAULT_NOTIFICATION_URL,
})

/** Runs `task` over `items`, at most `limit` at a time. */
export async function eachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++])
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

export function createNotifier({
  db,
  push,
  webPush = null,
  log,
}: {
  db: Db
  /** FCM. */
  push: PushSender
  /** Web Push straight to Apple's push service, for Safari's subscriptions (none in tests that record pushes). */
  webPush?: WebPushSender | null
  log: FastifyBaseLogger
}): Notifier {
  // pushToUser never throws; with no push configured there is nothing to look up.
  const pushTo = (userId: number, data: PushData, now: Date) =>
    push.configured || webPush ? pushToUser(db, push, userId, data, log, now, webPush) : Promise.resolve()

  return {
    async notify(userId, input, { now }) {
      const [row] = await db
        .insert(notifications)
        .values({
          userId,
          kind: input.kind,
          title: input.title,
          body: input.body,
          url: input.url ?? null,
          dedupeKey: input.dedupeKey ?? null,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
        .returning()
      if (!row) return null
      await pushTo(userId, pushDataOf(input), now)
      return toAppNotification(row)
    },

    async notifyAll(userIds, input, { now }) {
      // The NOT EXISTS spares the insert for users who have the message: an INSERT that then conflicts
      // still draws an id from the sequence, and a job rerun every minute would burn through it.
      const result = await db.execute<{ user_id: number }>(sql`
        insert into ${notifications} (user_id, kind, title, body, url, dedupe_key, created_at)
        select target.user_id, ${input.kind}, ${input.title}, ${input.body}, ${input.url ?? null}, ${input.dedupeKey}, ${now.toISOString()}::timestamptz
        from (${userIds}) as target (user_id)
        where not exists (select 1 from ${notifications} n where n.user_id = target.user_id and n.dedupe_key = ${input.dedupeKey})
        on conflict (user_id, dedupe_key) do nothing
        returning user_id`)
      const reached = result.rows.map((row) => Number(row.user_id))
      const data = pushDataOf(input)
      await eachLimited(reached, PUSH_CONCURRENCY, (userId) => pushTo(userId, data, now))
      return reached
    },
  }
}
