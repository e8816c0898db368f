import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { analyticsDaily, analyticsEvents, analyticsMonthly, analyticsSecrets, jobRuns } from '../../db/schema'
import { countRawEvents, monthOf, nextMonth, TOTALLED_METRICS } from '../../services/analytics-daily'

export type EventRow = typeof analyticsEvents.$inferInsert

/** Stores the events whose id is new; answers how many that was (the rest were stored before). */
export async function insertEvents(db: Db, rows: EventRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const stored = await db.insert(analyticsEvents).values(rows).onConflictDoNothing().returning({ id: analyticsEvents.id })
  return stored.length
}

/** The secrets kept for these days (a day that has passed has none). */
export async function secretsOf(db: Db, days: string[]): Promise<Map<string, string>> {
  if (days.length === 0) return new Map()
  const rows = await db.select().from(analyticsSecrets).where(inArray(analyticsSecrets.day, days))
  return new Map(rows.map((row) => [row.day, row.secret]))
}

/**
 * The day's secret: `fresh` if this is the first request to need one, else the one made first (by this
 * instance or another), so every server hashes a day's visitors alike.
 */
export async function claimSecret(db: Db, day: string, fresh: string): Promise<string> {
  await db.insert(analyticsSecrets).values({ day, secret: fresh }).onConflictDoNothing()
  const [row] = await db.select({ secret: analyticsSecrets.secret }).from(analyticsSecrets).where(eq(analyticsSecrets.day, day))
  return row.secret
}

/**
 * Counts every day before `today` that still has raw events again, whole: its rows in analytics_daily are
 * replaced, and the monthly sums of its month with them, in one transaction, so events that arrived late
 * (made offline) are counted and none twice. Answers how many days were counted.
 */
export async function rollUpDays(db: Db, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ day: string }>(
      sql`select distinct ${analyticsEvents.day}::text as day from ${analyticsEvents} where ${analyticsEvents.day} < ${today}::date`,
    )
    if (rows.length === 0) return 0
    const days = rows.map((row) => row.day)
    await tx.delete(analyticsDaily).where(inArray(analyticsDaily.day, days))
    await tx.execute(
      sql`insert into ${analyticsDaily} (day, metric, dimension, count, visitors, results) ${countRawEvents(sql`day < ${today}::date`)}`,
    )
    const months = [...new Set(days.map(monthOf))].sort()
    const metrics = sql.join(
      TOTALLED_METRICS.map((metric) => sql`${metric}`),
      sql`, `,
    )
    await tx.delete(analyticsMonthly).where(inArray(analyticsMonthly.month, months))
    await tx.execute(sql`insert into ${analyticsMonthly} (month, metric, dimension, count, visitors, results, last_day)
      select date_trunc('month', day)::date, metric, dimension, sum(count), sum(visitors), max(results), max(day)
      from ${analyticsDaily}
      where metric in (${metrics}) and day >= ${months[0]}::date and day < ${nextMonth(months.at(-1)!)}::date
        and date_trunc('month', day)::date in (${sql.join(
          months.map((month) => sql`${month}::date`),
          sql`, `,
        )})
      group by 1, 2, 3`)
    return days.length
  })
}

/** Deletes raw events of days before `oldestKept`; answers how many (counted in SQL: there may be many). */
export async function deleteEventsBefore(db: Db, oldestKept: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`with gone as (
      delete from ${analyticsEvents} where ${analyticsEvents.day} < ${oldestKept}::date returning 1
    ) select count(*)::int as n from gone`)
  return rows[0].n
}

/** Deletes the secrets of days before `today`: their visitor hashes can no longer be made again. */
export async function deleteSecretsBefore(db: Db, today: string): Promise<number> {
  const deleted = await db.delete(analyticsSecrets).where(lt(analyticsSecrets.day, today)).returning({ day: analyticsSecrets.day })
  return deleted.length
}

/**
 * Reclaims the space of deleted and replaced rows and refreshes the planner's statistics: PGlite never
 * vacuums by itself, and the raw events would otherwise grow its files forever.
 */
export async function vacuumAnalytics(db: Db): Promise<void> {
  await db.execute(sql`vacuum (analyze) ${analyticsEvents}, ${analyticsDaily}, ${analyticsMonthly}, ${analyticsSecrets}`)
}

/** Gives a claimed run back (it failed), so the next tick of any instance tries again. */
export async function releaseRun(db: Db, job: string, period: string): Promise<void> {
  await db.delete(jobRuns).where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)))
}
