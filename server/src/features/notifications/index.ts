import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { Notifier } from '../../services/notify'
import { deviceRoutes, type WebPushDeps } from './device-routes'
import { reminderRoutes } from './reminder-routes'
import { notificationRoutes } from './routes'

/** The reader's messages, push devices and daily reminder: the one thing app.ts registers for them. */
export function notificationsFeature(
  app: FastifyInstance,
  deps: { db: Db; now: () => Date; notifier: Notifier; webPush: WebPushDeps },
): void {
  notificationRoutes(app, deps)
  deviceRoutes(app, deps)
  reminderRoutes(app, deps)
}
