import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client'
import { announceQuizWeek, warnExpiringPlans, type JobContext } from '../features/notifications/jobs'
import { sendDailyReminders } from '../features/notifications/reminders'
import { renewDuePackages } from '../features/payments/renewals'
import type { PaymentService } from '../features/payments/service'
import type { Notifier } from './notify'

/**
 * Runs the timed work (the week's quizzes announced, expiring plans, daily reminders, auto-renewals)
 * every intervalMs. Every instance of the server runs one: the jobs are idempotent through unique keys in
 * the database, so two schedulers at the same moment send each message (and charge each renewal) once.
 * Within one process runs never overlap.
 */
export type SchedulerOptions = { db: Db; notifier: Notifier; log: FastifyBaseLogger; now: () => Date; intervalMs: number; payments?: PaymentService }

/** Messages each job sent in a run (renewals: the renewal payments settled). */
export type RunReport = { quizWeek: number; expiry: number; reminders: number; renewals: number }

export type Scheduler = {
  /** Runs every job once for `now`; a failing job does not stop the others, and the run then throws. */
  runDue(now: Date): Promise<RunReport>
  start(): void
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>
}

const JOBS: [keyof RunReport, (context: JobContext, now: Date) => Promise<number>][] = [
  ['quizWeek', announceQuizWeek],
  ['expiry', warnExpiringPlans],
  ['reminders', sendDailyReminders],
  ['renewals', (context, now) => (context.payments ? renewDuePackages(context.payments, now) : Promise.resolve(0))],
]

export function createScheduler({ db, notifier, log, now, intervalMs, payments }: SchedulerOptions): Scheduler {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined

  async function runDue(at: Date): Promise<RunReport> {
    const report: RunReport = { quizWeek: 0, expiry: 0, reminders: 0, renewals: 0 }
    const failures: unknown[] = []
    for (const [name, job] of JOBS) {
      try {
        report[name] = await job({ db, notifier, payments }, at)
      } catch (error) {
        log.error({ err: error, job: name }, 'scheduled job failed')
        failures.push(error)
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`)
    return report
  }

  function tick() {
    if (running) return
    running = runDue(now())
      .then((report) => {
        if (Object.values(report).some((count) => count > 0)) log.info({ report }, 'scheduled work done')
      })
      // Each failure was logged by runDue; the timer carries on.
      .catch(() => {})
      .finally(() => {
        running = undefined
      })
  }

  return {
    runDue,
    start() {
      if (timer || intervalMs <= 0) return
      timer = setInterval(tick, intervalMs)
      timer.unref()
      tick()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await running
    },
  }
}
