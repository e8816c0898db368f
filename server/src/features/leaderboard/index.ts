import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { leaderboardRoutes } from './routes'

/** The leaderboard and a player's place: the one thing app.ts registers for them. */
export function leaderboardFeature(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  leaderboardRoutes(app, deps)
}
