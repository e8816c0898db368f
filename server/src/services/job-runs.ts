import type { Db } from '../db/client'
import { jobRuns } from '../db/schema'

/**
 * Claims `job` for `period` (e.g. the hour '2026-11-25T13'): true for the one instance whose insert
 * lands, false for every other (and for a rerun), so the job runs once however many servers run.
 */
export async function claimRun(db: Db, job: string, period: string, now: Date): Promise<boolean> {
  const claimed = await db.insert(jobRuns).values({ job, period, ranAt: now }).onConflictDoNothing().returning({ job: jobRuns.job })
  return claimed.length > 0
}

export const hourOf = (now: Date) => now.toISOString().slice(0, 13)
