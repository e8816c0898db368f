import type { FastifyInstance } from 'fastify'
import { healthRoutes } from './routes'
import type { HealthDeps } from './service'

/** Liveness and readiness: the one thing app.ts registers for them. */
export function healthFeature(app: FastifyInstance, deps: HealthDeps): void {
  healthRoutes(app, deps)
}
