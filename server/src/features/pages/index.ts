import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { pageRoutes } from './routes'

/** The site's fixed pages' content (the FAQ): the one thing app.ts registers for them. */
export function pagesFeature(app: FastifyInstance, deps: { db: Db; sendPublic: SendPublic }): void {
  pageRoutes(app, deps)
}
