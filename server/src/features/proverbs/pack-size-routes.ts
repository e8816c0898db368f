import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { PackSize } from '@core/proverbs/contract'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import type { PackSizes } from './pack-size-service'

type Deps = { db: Db; now: () => Date; packSizes: PackSizes }

/** How much keeping each of the reader's peoples offline takes (pack-size-service.ts measures it). */
export function packSizeRoutes(app: FastifyInstance, { db, now, packSizes }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.packSizes, { preHandler: requireUser }, async (request): Promise<{ data: PackSize[] }> => ({
    data: await packSizes.sizesFor(sessionOf(request).userId, now()),
  }))
}
