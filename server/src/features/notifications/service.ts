import type { AppNotification, DailyReminder } from '@core/notifications/contract'
import { minuteOfDay, timeOfDay } from '@core/notifications/reminder'
import type { Db } from '../../db/client'
import { badRequest } from '../../http/errors'
import { takeHit, type Limit } from '../../http/rate-limit'
import type { Notifier } from '../../services/notify'
import { databaseKnowsZone, deleteReminder, reminderRow, saveReminder } from './repository'
import { NOTIFICATION_TEXTS } from '@core/notifications/texts'

/** Per user: enough to try a new device a few times, not enough to flood FCM from one account. */
export const TEST_NOTIFICATION_LIMIT: Limit = { name: 'notification-test', max: 10, windowMs: 10 * 60_000 }

/** A test message to the caller's own devices, within TEST_NOTIFICATION_LIMIT. */
export async function sendTestNotification(db: Db, notifier: Notifier, userId: number, at: Date): Promise<AppNotification> {
  await takeHit(db, TEST_NOTIFICATION_LIMIT, String(userId), at)
  const notification = await notifier.notify(
    userId,
    { kind: 'test', title: NOTIFICATION_TEXTS.testTitle, body: NOTIFICATION_TEXTS.testBody, url: '/notifications' },
    { now: at },
  )
  // Without a dedupe key the insert always lands.
  return notification!
}

export async function reminderOf(db: Db, userId: number): Promise<DailyReminder> {
  const row = await reminderRow(db, userId)
  return row ? { time: timeOfDay(row.minuteOfDay), timeZone: row.timeZone } : { time: null, timeZone: 'UTC' }
}

/** A local time in the user's own zone, or null for none. */
export async function setReminder(
  db: Db,
  userId: number,
  input: { time: string | null; timeZone?: string },
  now: Date,
): Promise<DailyReminder> {
  if (input.time === null) {
    await deleteReminder(db, userId)
  } else {
    // The schema requires the zone whenever a time is given.
    const timeZone = input.timeZone!
    // The zone must work in both places that use it: Intl (checked by the schema) and the database's clock.
    if (!(await databaseKnowsZone(db, timeZone)))
      throw badRequest(NOTIFICATION_TEXTS.reminderTimeZone, { timeZone: NOTIFICATION_TEXTS.reminderTimeZone })
    // updated_at is also when the reminder starts to count: a time already past today waits for tomorrow.
    await saveReminder(db, userId, { minuteOfDay: minuteOfDay(input.time), timeZone, updatedAt: now })
  }
  return reminderOf(db, userId)
}
