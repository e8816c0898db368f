import { and, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm'
import type { AppNotification, NotificationPage } from '@core/notifications/contract'
import type { Db } from '../../db/client'
import { dailyReminders, deviceTokens, notifications, sessions, unsubscribes, users } from '../../db/schema'
import { type AuthSession, liveSession } from '../../services/sessions'
import { toAppNotification } from '../../services/notify'
import { paginated } from '../../http/paginated'

export type Which = 'all' | 'unread' | 'read'

const WHICH: Record<Which, SQL | undefined> = {
  all: undefined,
  unread: isNull(notifications.readAt),
  read: isNotNull(notifications.readAt),
}

/** A page of the user's messages, newest first (the order notifications_user_idx keeps). */
export async function notificationPage(db: Db, userId: number, which: Which, page: number, size: number): Promise<NotificationPage> {
  const where = and(eq(notifications.userId, userId), WHICH[which])
  const [{ total }] = await db.select({ total: count() }).from(notifications).where(where)
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(size)
    .offset((page - 1) * size)
  return paginated(rows.map(toAppNotification), total, { page, size })
}

/** One of the user's messages, marked read (the first reading's time is kept); undefined when not theirs. */
export async function readNotification(db: Db, userId: number, id: number, now: Date): Promise<AppNotification | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
  return row && toAppNotification(row)
}

/**
 * The bell's count for the session behind a token digest, in one statement (the session checked and the messages
 * counted together): every signed-in, visible tab asks every 5 s (docs/requirements.md#r7-notifications-and-push).
 * Undefined when the token names no live session.
 */
export async function unreadCountForSession(db: Db, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await unreadCountStatement(db).execute({ tokenHash, now: now.toISOString() })
  return row?.unread
}

/** Built once per database: the statement's text does not change, only its two values. */
const unreadCountStatements = new WeakMap<Db, ReturnType<typeof prepareUnreadCount>>()

function prepareUnreadCount(db: Db) {
  return (
    db
      // Spelt out with the tables named: drizzle writes a column without its table here, and "user_id" alone
      // inside the subquery would mean the messages' own column.
      .select({
        unread: sql<number>`(select count(*)::int from notifications as message where message.user_id = sessions.user_id and message.read_at is null)`,
      })
      .from(sessions)
      .where(liveSession(sql.placeholder('tokenHash'), sql`${sql.placeholder('now')}::timestamptz`))
      .prepare('unread_count_for_session')
  )
}

function unreadCountStatement(db: Db) {
  let statement = unreadCountStatements.get(db)
  if (!statement) unreadCountStatements.set(db, (statement = prepareUnreadCount(db)))
  return statement
}

/** Browsers a user keeps; a newer token past this pushes out the one saved longest ago. */
export const MAX_DEVICES_PER_USER = 20

/**
 * Saves a push token for the session's user. A Web Push subscription (Safari's) comes with the keys its messages are
 * encrypted for (`keys`), and its endpoint is the token.
 */
export async function saveDevice(
  db: Db,
  session: AuthSession,
  token: string,
  deviceType: string,
  now: Date,
  keys: { p256dh: string; auth: string } | null = null,
): Promise<void> {
  const { userId, sessionId } = session
  const p256dh = keys?.p256dh ?? null
  const auth = keys?.auth ?? null
  await db.transaction(async (tx) => {
    // A token belongs to one browser profile: whoever saved it last is the one signed in there now, and
    // it lives as long as the session that saved it.
    await tx
      .insert(deviceTokens)
      .values({ token, userId, sessionId, deviceType, p256dh, auth, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: deviceTokens.token, set: { userId, sessionId, deviceType, p256dh, auth, updatedAt: now } })
    const kept = tx
      .select({ token: deviceTokens.token })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId))
      .orderBy(desc(deviceTokens.updatedAt), desc(deviceTokens.createdAt))
      .limit(MAX_DEVICES_PER_USER)
    await tx.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.token, kept)))
  })
}

/** Whether the database's clock knows the zone (Intl's list and PostgreSQL's can differ). */
export async function databaseKnowsZone(db: Db, timeZone: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from pg_timezone_names where name = ${timeZone}`)
  return rows.length > 0
}

export async function reminderRow(db: Db, userId: number) {
  const [row] = await db.select().from(dailyReminders).where(eq(dailyReminders.userId, userId))
  return row
}

export async function deleteReminder(db: Db, userId: number): Promise<void> {
  await db.delete(dailyReminders).where(eq(dailyReminders.userId, userId))
}

/** Sets the reminder; choosing a time again undoes an earlier unsubscribe from an email link. */
export async function saveReminder(
  db: Db,
  userId: number,
  values: { minuteOfDay: number; timeZone: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(dailyReminders)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: dailyReminders.userId, set: values })
  await db
    .delete(unsubscribes)
    .where(inArray(unsubscribes.email, db.select({ email: users.email }).from(users).where(eq(users.id, userId))))
}
