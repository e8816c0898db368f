import type { Db } from '../../db/client'
import { utcDay } from '../../services/analytics-daily'
import { claimRun } from '../../services/job-runs'
import { deleteEventsBefore, deleteSecretsBefore, releaseRun, rollUpDays, vacuumAnalytics } from './repository'
import { oldestKeptDay } from './service'

export type RollUp = { days: number; eventsDeleted: number; secretsDeleted: number }

const JOB = 'analytics'

/**
 * The daily analytics job, once a UTC day however many servers run (the day is claimed in job_runs): every
 * day before today that still has raw events is counted again into analytics_daily (and its month into
 * analytics_monthly), then raw events older than the retention window and the secrets of days that have
 * passed are deleted, and the space they took is reclaimed. Null when another
 * instance (or an earlier tick) already did today. A run that fails gives its claim back, so the next tick
 * of any instance tries again.
 */
export async function rollUpAnalytics(db: Db, now: Date, retentionDays: number): Promise<RollUp | null> {
  const today = utcDay(now)
  if (!(await claimRun(db, JOB, today, now))) return null
  try {
    const days = await rollUpDays(db, today)
    const eventsDeleted = await deleteEventsBefore(db, oldestKeptDay(today, retentionDays))
    const secretsDeleted = await deleteSecretsBefore(db, today)
    await vacuumAnalytics(db)
    return { days, eventsDeleted, secretsDeleted }
  } catch (error) {
    await releaseRun(db, JOB, today)
    throw error
  }
}
