import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import { saveDevice } from './repository'
import { deviceSchema } from './schemas'
import { NOTIFICATION_TEXTS } from '@core/notifications/texts'
import { webPushSubscriptionSchema, type WebPushKey } from '@core/notifications/web-push'
import { badRequest } from '../../http/errors'
import { WEB_PUSH_DEVICE } from '../../services/push'

/** What the server needs to take Web Push subscriptions (Safari's): the push services it sends to, and its VAPID key. */
export type WebPushDeps = { endpointOrigins: string[]; publicKey: () => string }

type Deps = { db: Db; now: () => Date; webPush: WebPushDeps }

/** Saving the browser's push token for the caller; 200 means saved (docs/requirements.md#r7-notifications-and-push). */
export function deviceRoutes(app: FastifyInstance, { db, now, webPush }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.post(API.deviceSave, { preHandler: requireUser }, async (request) => {
    const input = await parseBody(deviceSchema, request.body)
    await saveDevice(db, sessionOf(request), input.device_token, input.device_type, now())
    return { message: NOTIFICATION_TEXTS.deviceSaved }
  })

  // Safari's push (docs/decisions/023-every-phone.md): the page subscribes with this key and sends the subscription.
  app.get(API.webPushKey, async (): Promise<WebPushKey> => ({ data: { publicKey: webPush.publicKey() } }))

  app.post(API.webPushSubscription, { preHandler: requireUser }, async (request) => {
    const input = await parseBody(webPushSubscriptionSchema, request.body)
    // The server will post to this address: only a push service it is configured for.
    if (!webPush.endpointOrigins.includes(new URL(input.endpoint).origin))
      throw badRequest(NOTIFICATION_TEXTS.subscriptionEndpoint, { endpoint: NOTIFICATION_TEXTS.subscriptionEndpoint })
    await saveDevice(db, sessionOf(request), input.endpoint, WEB_PUSH_DEVICE, now(), input.keys)
    return { message: NOTIFICATION_TEXTS.deviceSaved }
  })
}
