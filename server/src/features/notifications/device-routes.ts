import { and, desc, eq, notInArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { Db } from '../../db/client'
import { deviceTokens } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import type { AuthSession } from '../../services/sessions'
import { deviceSchema, NOTIFICATION_TEXTS } from './schemas'

type Deps = { db: Db; now: () => Date }

/** Browsers a user keeps; a newer token past this pushes out the one saved longest ago. */
export const MAX_DEVICES_PER_USER = 20

async function saveDevice(db: Db, session: AuthSession, token: string, deviceType: string, now: Date): Promise<void> {
  const { userId, sessionId } = session
  await db.transaction(async (tx) => {
    // A token belongs to one browser profile: whoever saved it last is the one signed in there now, and
    // it lives as long as the session that saved it.
    await tx
      .insert(deviceTokens)
      .values({ token, userId, sessionId, deviceType, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: deviceTokens.token, set: { userId, sessionId, deviceType, updatedAt: now } })
    const kept = tx
      .select({ token: deviceTokens.token })
      .from(deviceTokens)
      .where(eq(deviceTokens.userId, userId))
      .orderBy(desc(deviceTokens.updatedAt), desc(deviceTokens.createdAt))
      .limit(MAX_DEVICES_PER_USER)
    await tx.delete(deviceTokens).where(and(eq(deviceTokens.userId, userId), notInArray(deviceTokens.token, kept)))
  })
}

/** Saving the browser's push token for the caller; 200 means saved (docs/requirements.md#r7-notifications-and-push). */
export function deviceRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.post(API.deviceSave, { preHandler: requireUser }, async (request) => {
    const input = await parseBody(deviceSchema, request.body)
    await saveDevice(db, sessionOf(request), input.device_token, input.device_type, now())
    return { message: NOTIFICATION_TEXTS.deviceSaved }
  })
}
