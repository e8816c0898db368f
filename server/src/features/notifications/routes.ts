import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import { NOTIFICATION_PAGE_DEFAULT, NOTIFICATION_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@core/shared/constants'
import type { AppNotification, UnreadCount } from '@core/notifications/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, notFound } from '../../http/errors'
import { parseId, positiveInt } from '../../http/params'
import type { Notifier } from '../../services/notify'
import { sessionEnded, sessionTokenHash } from '../../services/sessions'
import { notificationPage, readNotification, unreadCountForSession, type Which } from './repository'
import { sendTestNotification } from './service'
import { NOTIFICATION_TEXTS } from '@core/notifications/texts'

type Deps = { db: Db; now: () => Date; notifier: Notifier }

/**
 * The caller's messages (docs/requirements.md#r7-notifications-and-push). Another user's message answers as a missing
 * one does (404).
 */
export function notificationRoutes(app: FastifyInstance, { db, now, notifier }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const userOf = (request: FastifyRequest) => sessionOf(request).userId

  const list = (which: Which) => async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>
    const page = positiveInt(query, 'page', NOTIFICATION_PAGE_DEFAULT)
    const size = positiveInt(query, 'size', NOTIFICATION_SIZE_DEFAULT, PAGE_SIZE_MAX)
    return notificationPage(db, userOf(request), which, page, size)
  }
  app.get(API.notifications, { preHandler: requireUser }, list('all'))
  app.get(API.notificationsUnread, { preHandler: requireUser }, list('unread'))
  app.get(API.notificationsRead, { preHandler: requireUser }, list('read'))

  // The hottest call of all (every tab polls it): the session is checked in the same statement that counts.
  app.get(API.notificationsUnreadCount, async (request): Promise<UnreadCount> => {
    const unread = await unreadCountForSession(db, sessionTokenHash(request), now())
    if (unread === undefined) throw sessionEnded()
    request.sessionLive = true
    return { message: unread }
  })

  // The spec's GET both returns and marks read: opening a message is reading it, and reading twice is
  // the same as once (the first time is kept), so a repeated GET changes nothing more.
  app.get<{ Params: { id: string } }>(
    ROUTES.notification,
    { preHandler: requireUser },
    async (request): Promise<{ data: AppNotification }> => {
      const id = parseId(request.params.id)
      if (id === undefined) throw badRequest(NOTIFICATION_TEXTS.badId, { id: NOTIFICATION_TEXTS.badId })
      const notification = await readNotification(db, userOf(request), id, now())
      if (!notification) throw notFound(NOTIFICATION_TEXTS.notFound)
      return { data: notification }
    },
  )

  app.post(API.notificationTest, { preHandler: requireUser }, async (request): Promise<{ data: AppNotification }> => {
    return { data: await sendTestNotification(db, notifier, userOf(request), now()) }
  })
}
