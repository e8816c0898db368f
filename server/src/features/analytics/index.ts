import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { analyticsRoutes } from './routes'
import { createVisitorHasher } from './visitors'

type Deps = {
  db: Db
  now: () => Date
  /** Raw events are kept this many days before today (OWE_ANALYTICS_RETENTION_DAYS). */
  retentionDays: number
  /** Batches one client address may send in a minute (OWE_EVENT_RATE_LIMIT). */
  batchesPerMinute: number
  /** Events one client address may have stored in a UTC day (OWE_EVENTS_PER_ADDRESS_DAY). */
  addressEventsPerDay: number
}

/** The analytics collector: the one thing app.ts registers for it (the roll-up is a scheduled job, server/src/jobs.ts). */
export function analyticsFeature(app: FastifyInstance, { db, now, retentionDays, batchesPerMinute, addressEventsPerDay }: Deps): void {
  analyticsRoutes(app, {
    db,
    now,
    retentionDays,
    addressEventsPerDay,
    visitors: createVisitorHasher(db),
    limit: { name: 'events', max: batchesPerMinute, windowMs: 60_000 },
  })
}
