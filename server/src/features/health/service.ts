import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { mailQueueDepth } from '../../services/mail-queue'
import type { SchedulerStatus } from '../../services/scheduler'

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

/** What the server runs on and how it is doing; the database is not asked until it is migrated and seeded. */
export async function healthReport(deps: HealthDeps): Promise<HealthReport> {
  const { database } = deps
  const base = { scheduler: deps.scheduler(), payments: deps.payments }
  if (!deps.isReady()) {
    return {
      status: 'starting',
      database: { kind: database.kind, ok: null },
      mail: { transport: deps.mailTransport, waiting: null, failed: null },
      ...base,
    }
  }
  const ok = await databaseAnswers(database)
  const depth = ok ? await mailQueueDepth(database.db).catch(() => null) : null
  return {
    status: ok ? 'ok' : 'degraded',
    database: { kind: database.kind, ok },
    mail: { transport: deps.mailTransport, waiting: depth?.waiting ?? null, failed: depth?.failed ?? null },
    ...base,
  }
}

/** Ready: migrated and seeded, and the database answers now. */
export async function isServing(deps: HealthDeps): Promise<boolean> {
  return deps.isReady() && (await databaseAnswers(deps.database))
}
