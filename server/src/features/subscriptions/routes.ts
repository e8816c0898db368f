import { asc } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { ExchangeRates, Plan } from '@core/contract'
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

type Deps = { db: Db; sendPublic: SendPublic; nairaPerDollar: number }

export function subscriptionRoutes(app: FastifyInstance, { db, sendPublic, nairaPerDollar }: Deps): void {
  app.get(API.packages, (request, reply) => sendPublic(request, reply, async () => ({ data: await listPlans(db) })))
  app.get(API.exchangeRate, (request, reply) =>
    sendPublic(request, reply, async (): Promise<{ data: ExchangeRates }> => ({
      data: { base: 'USD', rates: { USD: 1, NGN: nairaPerDollar } },
    })),
  )
}
