import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { BroadcastResult } from '@core/admin-contract'
import { broadcastSchema, OPERATOR_TEXTS } from '@core/operator-validation'
import { ethnicGroups, userLanguages, users } from '../../db/schema'
import { badRequest } from '../../http/errors'
import { hasControlCharacters } from '../../http/params'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import type { AdminDeps } from './shared'

export const BROADCAST_TEXTS = {
  idempotencyKey: 'Idempotency-Key is 1 to 100 letters, digits, dots, colons, dashes or underscores.',
} as const

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/

/**
 * One message to every activated user, or to the readers of one group (those who chose it). Stored as
 * each user's notification and pushed where push is configured, through the notifier like every message.
 */
export function broadcastRoutes(app: FastifyInstance, { db, now, notifier }: AdminDeps): void {
  app.post(API.admin.broadcast, { ...LONG_TEXT_BODY }, async (request): Promise<{ data: BroadcastResult }> => {
    const input = await parseBody(broadcastSchema, request.body)
    const ethnicGroupId = input.ethnicGroupId ?? null
    if (ethnicGroupId !== null) {
      const [group] = await db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
      if (!group) throw badRequest(OPERATOR_TEXTS.unknownGroup, { ethnicGroupId: OPERATOR_TEXTS.unknownGroup })
    }
    // A retried request (a double click, a dropped connection) with the same key messages nobody twice.
    const key = request.headers['idempotency-key']
    if (key !== undefined && (typeof key !== 'string' || hasControlCharacters(key) || !IDEMPOTENCY_KEY.test(key))) {
      throw badRequest(BROADCAST_TEXTS.idempotencyKey)
    }
    const dedupeKey = `broadcast:${key ?? randomUUID()}`
    const recipients =
      ethnicGroupId === null
        ? sql`select ${users.id} from ${users} where ${users.activatedAt} is not null`
        : sql`select ${users.id} from ${users} join ${userLanguages} on ${userLanguages.userId} = ${users.id} where ${users.activatedAt} is not null and ${userLanguages.ethnicGroupId} = ${ethnicGroupId}`
    const at = now()
    // notifyAll writes with its own handle and pushes after: the entry follows the send, with its reach.
    const reached = await notifier.notifyAll(
      recipients,
      { kind: 'broadcast', title: input.title, body: input.body, url: input.url ?? null, dedupeKey },
      { now: at },
    )
    await audit(
      db,
      request.auth!.userId,
      {
        action: 'broadcast.send',
        targetType: 'broadcast',
        targetId: dedupeKey,
        detail: { title: input.title, body: input.body, url: input.url ?? null, ethnicGroupId, reached: reached.length },
      },
      at,
    )
    return { data: { reached: reached.length } }
  })
}
