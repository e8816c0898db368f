import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API } from '@core/http/api-paths'
import { LEARNING_API_TEXTS as T } from '@core/learning/api-texts'
import type { LearningBatchResult, LearningEntry, LearningLogPage, LearningSummary } from '@core/learning/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { BODY_LIMITS } from '../../http/body-limits'
import { badRequest } from '../../http/errors'
import { optionalString } from '../../http/params'
import { takeHit, type Limit } from '../../http/rate-limit'
import { parseBody } from '../../http/validate'
import { isCalendarDay, learningBatchSchema } from './schemas'
import { logPage, storeBatch, summaryOf, todayOf } from './service'

type Deps = { db: Db; now: () => Date; limit: Limit }

type Query = Record<string, unknown>

/** `?after=`: the cursor of the last page read, 0 (the start) when absent. */
function cursorOf(query: Query): number {
  const raw = optionalString(query, 'after')
  if (raw === undefined) return 0
  if (!/^\d{1,15}$/.test(raw)) throw badRequest(T.after, { after: T.after })
  return Number(raw)
}

/** `?today=`: the reader's local day, when the device sends it. */
function sentDayOf(query: Query): string | undefined {
  const raw = optionalString(query, 'today')
  if (raw !== undefined && !isCalendarDay(raw)) throw badRequest(T.today, { today: T.today })
  return raw
}

/**
 * The reader's learning log and what it adds up to (docs/requirements.md#r18-learning, ADR 019): the
 * signed-in reader's own entries only, whatever they send. Every call counts against the reader's allowance
 * a minute (OWE_LEARNING_RATE_LIMIT), taken before the work.
 */
export function learningRoutes(app: FastifyInstance, { db, now, limit }: Deps): void {
  const requireUser = authGuard(app, db, now)
  const readerOf = async (request: FastifyRequest) => {
    const { userId } = sessionOf(request)
    await takeHit(db, limit, `user:${userId}`, now())
    return userId
  }

  app.post(
    API.learningLog,
    { preHandler: requireUser, bodyLimit: BODY_LIMITS.learning },
    async (request): Promise<{ data: LearningBatchResult }> => {
      const userId = await readerOf(request)
      const { entries } = await parseBody(learningBatchSchema, request.body, { unknownFields: 'refuse' })
      return { data: await storeBatch(db, userId, entries as LearningEntry[], now()) }
    },
  )

  app.get(API.learningLog, { preHandler: requireUser }, async (request): Promise<{ data: LearningLogPage }> => {
    const userId = await readerOf(request)
    return { data: await logPage(db, userId, cursorOf(request.query as Query)) }
  })

  app.get(API.learningSummary, { preHandler: requireUser }, async (request): Promise<{ data: LearningSummary }> => {
    const userId = await readerOf(request)
    const at = now()
    const today = await todayOf(db, userId, sentDayOf(request.query as Query), at)
    return { data: await summaryOf(db, userId, today, at) }
  })
}
