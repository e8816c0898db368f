import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { DailyReminder } from '@core/notifications/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import { reminderSchema } from '@core/notifications/reminder'
import { reminderOf, setReminder } from './service'

type Deps = { db: Db; now: () => Date }

/** Ours: the daily proverb reminder, a local time in the user's own zone (the scheduler sends it). */
export function reminderRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.dailyReminder, { preHandler: requireUser }, async (request): Promise<{ data: DailyReminder }> => ({
    data: await reminderOf(db, sessionOf(request).userId),
  }))

  app.put(API.dailyReminder, { preHandler: requireUser }, async (request): Promise<{ data: DailyReminder }> => {
    const { userId } = sessionOf(request)
    const input = await parseBody(reminderSchema, request.body)
    return { data: await setReminder(db, userId, input, now()) }
  })
}
