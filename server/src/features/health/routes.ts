import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { Database } from '../../db/client'
import type { SchedulerStatus } from '../../services/scheduler'
import { mailQueueDepth } from '../../services/mail-queue'

export type HealthDeps = {
  database: Database
  /** True once migrations and seeding are done. */
  isReady: () => boolean
  scheduler: () => SchedulerStatus | null
  mailTransport: 'smtp' | 'outbox'
  payments: string
}

export type HealthReport = {
  status: 'starting' | 'ok' | 'degraded'
  database: { kind: 'pglite' | 'postgres'; ok: boolean | null }
  scheduler: SchedulerStatus | null
  mail: { transport: 'smtp' | 'outbox'; waiting: number | null; failed: number | null }
  payments: string
}

/** How long the database may take to answer `select 1` before the server counts as not ready. */
const DATABASE_CHECK_MS = 2000

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)))
  try {
    return await Promise.race([
      database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `/api/health` (liveness, always 200 while the process answers): what the server is running on and how
 * it is doing. `/api/health/ready` (readiness): 503 until migrations and seeding are done, and whenever
 * the database does not answer, so a load balancer sends no one to this instance then. Neither says
 * anything a visitor should not know: counts and modes, no addresses.
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  const { database, isReady } = deps

  app.get(API.health, async (): Promise<{ data: HealthReport }> => {
    const base = { scheduler: deps.scheduler(), payments: deps.payments }
    if (!isReady()) {
      return {
        data: {
          status: 'starting',
          database: { kind: database.kind, ok: null },
          mail: { transport: deps.mailTransport, waiting: null, failed: null },
          ...base,
        },
      }
    }
    const ok = await databaseAnswers(database)
    const depth = ok ? await mailQueueDepth(database.db).catch(() => null) : null
    return {
      data: {
        status: ok ? 'ok' : 'degraded',
        database: { kind: database.kind, ok },
        mail: { transport: deps.mailTransport, waiting: depth?.waiting ?? null, failed: depth?.failed ?? null },
        ...base,
      },
    }
  })

  app.get(API.healthReady, async (_request, reply) => {
    const ready = isReady() && (await databaseAnswers(database))
    if (!ready) reply.code(503).header('Retry-After', '2')
    return { data: { ready } }
  })
}
