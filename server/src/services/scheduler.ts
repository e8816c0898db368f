import type { FastifyBaseLogger } from 'fastify'

/**
 * Runs the timed work (the week's quizzes announced, expiring plans, daily reminders, auto-renewals,
 * checkouts nobody finished, the analytics roll-up, housekeeping) every intervalMs. Every instance of the
 * server runs one: the jobs are idempotent through unique keys in the database (or claim their hour or day
 * in job_runs), so two
 * schedulers at the same moment send each message (and charge each renewal) once. Within one process runs
 * never overlap. The jobs are handed in (server/src/jobs.ts lists them), so the scheduler knows no feature.
 */
export type SchedulerOptions<Name extends string> = {
  log: FastifyBaseLogger
  now: () => Date
  intervalMs: number
  jobs: readonly ScheduledJob<Name>[]
}

/**
 * One piece of timed work: it answers how many things it did (messages sent, renewal payments settled,
 * checkouts given up, rows deleted). A job that works through many items checks isStopping between them.
 */
export type ScheduledJob<Name extends string = string> = { name: Name; run: (now: Date, isStopping: () => boolean) => Promise<number> }

/** What each job did in a run, by the job's name. */
export type RunReport<Name extends string = string> = Record<Name, number>

/** For /api/health: whether the scheduler runs, and how its last run went. */
export type SchedulerStatus = { running: boolean; intervalMs: number; lastRunAt: string | null; lastRunFailed: boolean }

export type Scheduler<Name extends string = string> = {
  /** Runs every job once for `now`; a failing job does not stop the others, and the run then throws. */
  runDue(now: Date): Promise<RunReport<Name>>
  start(): void
  /** Stops the timer and waits for a run in progress to reach a safe point (between jobs, or between the charges and checkouts a job works through), so the database can close after it. */
  stop(): Promise<void>
  status(): SchedulerStatus
}

export function createScheduler<Name extends string>({ log, now, intervalMs, jobs }: SchedulerOptions<Name>): Scheduler<Name> {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopping = false
  let lastRunAt: Date | null = null
  let lastRunFailed = false

  async function runDue(at: Date): Promise<RunReport<Name>> {
    const report = Object.fromEntries(jobs.map(({ name }) => [name, 0])) as RunReport<Name>
    const failures: unknown[] = []
    for (const { name, run } of jobs) {
      // A stopping server finishes the job in hand and starts no other.
      if (stopping) break
      try {
        report[name] = await run(at, () => stopping)
      } catch (error) {
        log.error({ err: error, job: name }, 'scheduled job failed')
        failures.push(error)
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`)
    return report
  }

  function tick() {
    if (running || stopping) return
    const at = now()
    running = runDue(at)
      .then((report) => {
        lastRunFailed = false
        if (Object.values<number>(report).some((count) => count > 0)) log.info({ report }, 'scheduled work done')
      })
      // Each failure was logged by runDue; the timer carries on.
      .catch(() => {
        lastRunFailed = true
      })
      .finally(() => {
        lastRunAt = at
        running = undefined
      })
  }

  return {
    runDue,
    start() {
      if (timer || intervalMs <= 0 || stopping) return
      timer = setInterval(tick, intervalMs)
      timer.unref()
      tick()
    },
    async stop() {
      stopping = true
      clearInterval(timer)
      timer = undefined
      await running
    },
    status: () => ({ running: timer !== undefined, intervalMs, lastRunAt: lastRunAt?.toISOString() ?? null, lastRunFailed }),
  }
}
