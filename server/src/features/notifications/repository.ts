import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { AppNotification, NotificationPage } from '@core/contract'
import type { Db } from '../../db/client'
import { notifications, sessions } from '../../db/schema'
import { toAppNotification } from '../../services/notify'
import { liveSession } from '../../services/sessions'
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
