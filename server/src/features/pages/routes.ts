import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { faqs } from '../../db/schema'

export function pageRoutes(app: FastifyInstance, { db, sendPublic }: { db: Db; sendPublic: SendPublic }): void {
  app.get(API.faq, (request, reply) =>
    sendPublic(request, reply, async () => ({
      data: await db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.position)),
    })),
  )
}
