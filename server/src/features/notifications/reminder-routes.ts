import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { DailyReminder } from '@core/contract'
import type { Db } from '../../db/client'
import { dailyReminders, unsubscribes, users } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { minuteOfDay, timeOfDay } from '@core/reminder'
import { NOTIFICATION_TEXTS, reminderSchema } from './schemas'

type Deps = { db: Db; now: () => Date }

/** The zone must work in both places that use it: Intl (checked by the schema) and the database's clock. */
async function assertDatabaseZone(db: Db, timeZone: string): Promise<void> {
  const { rows } = await db.execute(sql`select 1 from pg_timezone_names where name = ${timeZone}`)
  if (rows.length === 0) throw badRequest(NOTIFICATION_TEXTS.reminderTimeZone, { timeZone: NOTIFICATION_TEXTS.reminderTimeZone })
}

async function reminderOf(db: Db, userId: number): Promise<DailyReminder> {
  const [row] = await db.select().from(dailyReminders).where(eq(dailyReminders.userId, userId))
  return row ? { time: timeOfDay(row.minuteOfDay), timeZone: row.timeZone } : { time: null, timeZone: 'UTC' }
}

/** Ours: the daily proverb reminder, a local time in the user's own zone (the scheduler sends it). */
export function reminderRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.dailyReminder, { preHandler: requireUser }, async (request): Promise<{ data: DailyReminder }> => ({
    data: await reminderOf(db, sessionOf(request).userId),
  }))

  app.put(API.dailyReminder, { preHandler: requireUser }, async (request): Promise<{ data: DailyReminder }> => {
    const { userId } = sessionOf(request)
    const input = await parseBody(reminderSchema, request.body)
    if (input.time === null) {
      await db.delete(dailyReminders).where(eq(dailyReminders.userId, userId))
    } else {
      // The schema requires the zone whenever a time is given.
      const timeZone = input.timeZone!
      await assertDatabaseZone(db, timeZone)
      // updated_at is also when the reminder starts to count: a time already past today waits for tomorrow.
      const values = { minuteOfDay: minuteOfDay(input.time), timeZone, updatedAt: now() }
      await db
        .insert(dailyReminders)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: dailyReminders.userId, set: values })
      // Choosing a time again undoes an earlier unsubscribe from an email link.
      await db
        .delete(unsubscribes)
        .where(inArray(unsubscribes.email, db.select({ email: users.email }).from(users).where(eq(users.id, userId))))
    }
    return { data: await reminderOf(db, userId) }
  })
}
