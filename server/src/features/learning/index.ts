import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { learningRoutes } from './routes'

type Deps = {
  db: Db
  now: () => Date
  /** Calls one reader may make to the learning API in a minute (OWE_LEARNING_RATE_LIMIT). */
  callsPerMinute: number
}

/** Streaks and the deck: the one thing app.ts registers for them (the reminder reads them through services/learning.ts). */
export function learningFeature(app: FastifyInstance, { db, now, callsPerMinute }: Deps): void {
  learningRoutes(app, { db, now, limit: { name: 'learning', max: callsPerMinute, windowMs: 60_000 } })
}
