import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { accountRoutes } from './routes'

/** The caller's own profile, address and picture: the one thing app.ts registers for them. */
export function accountFeature(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  accountRoutes(app, deps)
}
