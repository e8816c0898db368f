import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { AppNotification, NotificationPage } from '../../../../src/core/contract'
import type { Db } from '../../db/client'
import { notifications } from '../../db/schema'
import { toAppNotification } from '../../services/notify'

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
  return { data: rows.map(toAppNotification), page, size, totalPages: Math.ceil(total / size), totalElements: total }
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return total
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
