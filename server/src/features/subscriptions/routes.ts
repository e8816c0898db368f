import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '../../../../src/core/api-paths'
import type { Plan } from '../../../../src/core/contract'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { packages } from '../../db/schema'

export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(packages).orderBy(asc(packages.position))
  return rows.map(({ id, name, amount, noOfEthnics, description }) => ({
    id,
    name,
    amount: Number(amount),
    noOfEthnics,
    description,
  }))
}

export function subscriptionRoutes(app: FastifyInstance, { db, sendPublic }: { db: Db; sendPublic: SendPublic }): void {
  app.get(API.packages, (request, reply) => sendPublic(request, reply, async () => ({ data: await listPlans(db) })))
}
