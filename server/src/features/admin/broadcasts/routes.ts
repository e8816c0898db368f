import { randomUUID } from 'node:crypto'
import { ADMIN_API } from '@core/admin/api-paths'
import type { BroadcastResult } from '@core/admin/contract'
import { broadcastSchema } from '@core/admin/validation'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { badRequest } from '../../../http/errors'
import { hasControlCharacters } from '../../../http/params'
import { parseBody } from '../../../http/validate'
import type { AdminRoutes } from '../shared'
import { assertBroadcastGroup, sendBroadcast } from './service'
import { BROADCAST_TEXTS } from '@core/admin/api-texts'

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/

/** One message to every activated user, or to the readers of one group. */
export const broadcastRoutes: AdminRoutes = (app, { db, now, notifier }) => {
  app.post(ADMIN_API.broadcast, { ...LONG_TEXT_BODY }, async (request): Promise<{ data: BroadcastResult }> => {
    const input = await parseBody(broadcastSchema, request.body)
    await assertBroadcastGroup(db, input.ethnicGroupId ?? null)
    // A retried request (a double click, a dropped connection) with the same key messages nobody twice.
    const key = request.headers['idempotency-key']
    if (key !== undefined && (typeof key !== 'string' || hasControlCharacters(key) || !IDEMPOTENCY_KEY.test(key))) {
      throw badRequest(BROADCAST_TEXTS.idempotencyKey)
    }
    const data = await sendBroadcast({ db, notifier }, request.auth!.userId, input, `broadcast:${key ?? randomUUID()}`, now())
    return { data }
  })
}
