import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { quizRoutes } from './routes'

/** The weekly quizzes: the one thing app.ts registers for them. */
export function quizFeature(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  quizRoutes(app, deps)
}
