import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { ExchangeRates } from '@core/payments/contract'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { listPlans } from './repository'

type Deps = { db: Db; sendPublic: SendPublic; nairaPerDollar: number }

/** The plans and the exchange rate, public and reused (docs/requirements.md#r5-plans-and-payments). */
export function subscriptionRoutes(app: FastifyInstance, { db, sendPublic, nairaPerDollar }: Deps): void {
  app.get(API.packages, (request, reply) => sendPublic(request, reply, async () => ({ data: await listPlans(db) })))
  app.get(API.exchangeRate, (request, reply) =>
    sendPublic(request, reply, async (): Promise<{ data: ExchangeRates }> => ({
      data: { base: 'USD', rates: { USD: 1, NGN: nairaPerDollar } },
    })),
  )
}
