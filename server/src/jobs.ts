import type { Db } from './db/client'
import { rollUpAnalytics } from './features/analytics/rollup'
import { announceQuizWeek, warnExpiringPlans } from './features/notifications/jobs'
import { sendDailyReminders } from './features/notifications/reminders'
import { abandonStaleCheckouts } from './features/payments/abandon'
import { renewDuePackages } from './features/payments/renewals'
import type { PaymentService } from './features/payments/service'
import { keepHouse } from './services/housekeeping'
import type { Notifier } from './services/notify'
import type { ScheduledJob } from './services/scheduler'

const DAY_MS = 86_400_000

export type JobOptions = {
  db: Db
  notifier: Notifier
  /** Absent where a scheduler is made for other jobs only (tests): nothing is then renewed or given up. */
  payments?: PaymentService
  /** How long a checkout may stay pending before it is given up (config.checkoutAbandonMs). */
  checkoutAbandonMs?: number
  /** Days before today whose raw analytics events are kept (config.analyticsRetentionDays). */
  analyticsRetentionDays?: number
}

export type JobName = 'quizWeek' | 'expiry' | 'reminders' | 'renewals' | 'abandonedCheckouts' | 'analytics' | 'housekeeping'

/**
 * The scheduler's jobs, in the order each run takes them: the week's quizzes announced, expiring plans,
 * daily reminders, auto-renewals, checkouts nobody finished, the daily analytics roll-up, housekeeping. The features' work is put
 * together here, beside app.ts, so the scheduler (a service) imports no feature.
 */
export function scheduledJobs({
  db,
  notifier,
  payments,
  checkoutAbandonMs = DAY_MS,
  analyticsRetentionDays = 30,
}: JobOptions): ScheduledJob<JobName>[] {
  const context = { db, notifier }
  return [
    { name: 'quizWeek', run: (now) => announceQuizWeek(context, now) },
    { name: 'expiry', run: (now) => warnExpiringPlans(context, now) },
    { name: 'reminders', run: (now) => sendDailyReminders(context, now) },
    { name: 'renewals', run: (now, isStopping) => (payments ? renewDuePackages(payments, now, isStopping) : Promise.resolve(0)) },
    {
      name: 'abandonedCheckouts',
      run: (now, isStopping) => (payments ? abandonStaleCheckouts(payments, now, checkoutAbandonMs, isStopping) : Promise.resolve(0)),
    },
    {
      name: 'analytics',
      run: async (now) => {
        const done = await rollUpAnalytics(db, now, analyticsRetentionDays)
        return done ? done.days + done.eventsDeleted + done.secretsDeleted : 0
      },
    },
    {
      name: 'housekeeping',
      run: async (now) => {
        const done = await keepHouse(db, now)
        return done ? Object.values(done).reduce((sum, n) => sum + n, 0) : 0
      },
    },
  ]
}
