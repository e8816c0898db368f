import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { listFaqs } from './repository'

export function pageRoutes(app: FastifyInstance, { db, sendPublic }: { db: Db; sendPublic: SendPublic }): void {
  app.get(API.faq, (request, reply) => sendPublic(request, reply, async () => ({ data: await listFaqs(db) })))
}
