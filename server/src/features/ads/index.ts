import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { adRoutes } from './routes'

/** Adverts and the reader's ad toggle: the one thing app.ts registers for them. */
export function adsFeature(app: FastifyInstance, deps: { db: Db; now: () => Date }): void {
  adRoutes(app, deps)
}
