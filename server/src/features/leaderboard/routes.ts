import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API } from '@core/http/api-paths'
import type { LeaderboardPeriod } from '@core/quiz/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, notFound } from '../../http/errors'
import { optionalString, paging, parseId } from '../../http/params'
import { leaderboardPage, leaderboardPlayer } from './repository'

type Deps = { db: Db; now: () => Date }

function periodOf(query: Record<string, unknown>): LeaderboardPeriod {
  const period = optionalString(query, 'period') ?? 'week'
  if (period !== 'week' && period !== 'all') throw badRequest('"period" must be week or all.', { period: 'Must be week or all' })
  return period
}

/** The leaderboard list and one player's place and recent results (docs/requirements.md#r6-quizzes-and-leaderboard). */
export function leaderboardRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.leaderboardPlayers, { preHandler: requireUser }, async (request) => {
    const query = request.query as Record<string, unknown>
    const { page, size } = paging(query)
    return leaderboardPage(db, periodOf(query), page, size, now())
  })

  app.get(API.leaderboardPlayer, { preHandler: requireUser }, async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>
    const raw = optionalString(query, 'userId')
    const userId = raw === undefined ? sessionOf(request).userId : parseId(raw)
    if (userId === undefined) throw notFound('No player has that id.')
    return { data: await leaderboardPlayer(db, periodOf(query), userId, sessionOf(request).userId, now()) }
  })
}
