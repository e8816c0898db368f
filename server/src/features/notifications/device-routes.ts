import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import { saveDevice } from './repository'
import { deviceSchema } from './schemas'
import { NOTIFICATION_TEXTS } from '@core/notifications/texts'

type Deps = { db: Db; now: () => Date }

/** Saving the browser's push token for the caller; 200 means saved (docs/requirements.md#r7-notifications-and-push). */
export function deviceRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.post(API.deviceSave, { preHandler: requireUser }, async (request) => {
    const input = await parseBody(deviceSchema, request.body)
    await saveDevice(db, sessionOf(request), input.device_token, input.device_type, now())
    return { message: NOTIFICATION_TEXTS.deviceSaved }
  })
}
