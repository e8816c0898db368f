import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import { healthReport, isServing, type HealthDeps, type HealthReport } from './service'

/**
 * `/api/health` (liveness, always 200 while the process answers): what the server is running on and how
 * it is doing. `/api/health/ready` (readiness): 503 until migrations and seeding are done, and whenever
 * the database does not answer, so a load balancer sends no one to this instance then. Neither says
 * anything a visitor should not know: counts and modes, no addresses.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get(API.health, async (): Promise<{ data: HealthReport }> => ({ data: await healthReport(deps) }))

  app.get(API.healthReady, async (_request, reply) => {
    const ready = await isServing(deps)
    if (!ready) reply.code(503).header('Retry-After', '2')
    return { data: { ready } }
  })
}
