import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { announceQuizWeek, warnExpiringPlans, type JobContext } from '../features/notifications/jobs'
import { sendDailyReminders } from '../features/notifications/reminders'
import { abandonStaleCheckouts } from '../features/payments/abandon'
import { renewDuePackages } from '../features/payments/renewals'
import type { PaymentService } from '../features/payments/service'
import { keepHouse } from './housekeeping'
import type { Notifier } from './notify'

/**
 * Runs the timed work (the week's quizzes announced, expiring plans, daily reminders, auto-renewals,
 * checkouts nobody finished, housekeeping) every intervalMs. Every instance of the server runs one: the
 * jobs are idempotent through unique keys in the database (or claim their hour in job_runs), so two
 * schedulers at the same moment send each message (and charge each renewal) once. Within one process runs
 * never overlap.
 */
export type SchedulerOptions = {
  db: Db
  notifier: Notifier
  log: FastifyBaseLogger
  now: () => Date
  intervalMs: number
  payments?: PaymentService
  /** How long a checkout may stay pending before it is given up (config.checkoutAbandonMs). */
  checkoutAbandonMs?: number
}

/** What each job did in a run: messages sent, renewal payments settled, checkouts given up, rows deleted. */
export type RunReport = { quizWeek: number; expiry: number; reminders: number; renewals: number; abandonedCheckouts: number; housekeeping: number }

/** For /api/health: whether the scheduler runs, and how its last run went. */
export type SchedulerStatus = { running: boolean; intervalMs: number; lastRunAt: string | null; lastRunFailed: boolean }

export type Scheduler = {
  /** Runs every job once for `now`; a failing job does not stop the others, and the run then throws. */
  runDue(now: Date): Promise<RunReport>
  start(): void
  /** Stops the timer and waits for a run in progress to reach a safe point (between jobs, or between the charges and checkouts a job works through), so the database can close after it. */
  stop(): Promise<void>
  status(): SchedulerStatus
}

const DAY_MS = 86_400_000

type Context = JobContext & { checkoutAbandonMs: number; isStopping: () => boolean }

const JOBS: [keyof RunReport, (context: Context, now: Date) => Promise<number>][] = [
  ['quizWeek', announceQuizWeek],
  ['expiry', warnExpiringPlans],
  ['reminders', sendDailyReminders],
  ['renewals', (context, now) => (context.payments ? renewDuePackages(context.payments, now, context.isStopping) : Promise.resolve(0))],
  ['abandonedCheckouts', (context, now) => (context.payments ? abandonStaleCheckouts(context.payments, now, context.checkoutAbandonMs, context.isStopping) : Promise.resolve(0))],
  [
    'housekeeping',
    async ({ db }, now) => {
      const done = await keepHouse(db, now)
      return done ? Object.values(done).reduce((sum, n) => sum + n, 0) : 0
    },
  ],
]

export function createScheduler({ db, notifier, log, now, intervalMs, payments, checkoutAbandonMs = DAY_MS }: SchedulerOptions): Scheduler {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopping = false
  let lastRunAt: Date | null = null
  let lastRunFailed = false

  async function runDue(at: Date): Promise<RunReport> {
    const report: RunReport = { quizWeek: 0, expiry: 0, reminders: 0, renewals: 0, abandonedCheckouts: 0, housekeeping: 0 }
    const failures: unknown[] = []
    for (const [name, job] of JOBS) {
      // A stopping server finishes the job in hand and starts no other.
      if (stopping) break
      try {
        report[name] = await job({ db, notifier, payments, checkoutAbandonMs, isStopping: () => stopping }, at)
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
        if (Object.values(report).some((count) => count > 0)) log.info({ report }, 'scheduled work done')
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
