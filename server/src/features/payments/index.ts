import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { paymentRoutes } from './routes'
import type { PaymentService } from './service'

type Deps = { db: Db; now: () => Date; payments: PaymentService; checkRateLimit: number; paymentRateLimit: number }

/**
 * Payments' routes, webhooks and test checkout: the one thing app.ts registers for them. The service is
 * made in app.ts and passed in, since the scheduler's renewals use it too.
 */
export function paymentsFeature(app: FastifyInstance, deps: Deps): void {
  paymentRoutes(app, deps)
}
