import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { EventBatchResult } from '@core/analytics/contract'
import { API } from '@core/http/api-paths'
import { BODY_LIMITS } from '../../http/body-limits'
import { takeHit, type Limit } from '../../http/rate-limit'
import { clientKey } from '../../http/client-key'
import { utcDay } from '../../services/analytics-daily'
import { parseBody } from '../../http/validate'
import { eventBatchSchema } from './schemas'
import { collectEvents, type CollectorDeps } from './service'

type Deps = CollectorDeps & { now: () => Date; limit: Limit }

/** Do Not Track or Global Privacy Control: the reader asked not to be counted. */
const optedOut = (request: FastifyRequest) => request.headers.dnt === '1' || request.headers['sec-gpc'] === '1'

const NOTHING_STORED: EventBatchResult = { accepted: 0, duplicates: 0, stale: 0 }

/**
 * The collector (docs/requirements.md#r17-analytics): batches of events from the app and its worker,
 * signed in or not. It reads no cookie and sets none; the address and user agent only make the day's
 * visitor hash and are not kept.
 */
export function analyticsRoutes(app: FastifyInstance, { now, limit, ...collector }: Deps): void {
  app.post(API.events, { bodyLimit: BODY_LIMITS.events }, async (request, reply): Promise<{ data: EventBatchResult }> => {
    reply.code(202)
    // Nothing is read or stored, not even a count for the rate limit.
    if (optedOut(request)) return { data: NOTHING_STORED }
    const at = now()
    // Counted per address, under a key made with the day's secret: rate_limits holds no address either.
    await takeHit(collector.db, limit, await collector.visitors.clientKey(utcDay(at), clientKey(request)), at)
    const { events } = await parseBody(eventBatchSchema, request.body, { unknownFields: 'refuse' })
    const sender = { address: clientKey(request), userAgent: request.headers['user-agent'] ?? '' }
    return { data: await collectEvents(collector, events, sender, at) }
  })
}
