import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { PLAN_TEXTS } from '@core/payments/plans'
import { weekStartOf } from '@core/quiz/quiz'
import type { Db } from '../../db/client'
import { dailyReminders, notifications, packages, payments, userPackages, users } from '../../db/schema'
import { eachLimited, PUSH_CONCURRENCY, type Notifier } from '../../services/notify'

/**
 * The scheduler's jobs. Each may run on several server instances at once and again every minute: what
 * makes a message once is the unique (user_id, dedupe_key) of `notifications` (and the primary key of
 * `reminder_sends`), never anything remembered in memory.
 */
export type JobContext = { db: Db; notifier: Notifier }

const DAY_MS = 86_400_000
/** How long before a plan that does not renew ends its holder is told. */
export const EXPIRY_NOTICE_DAYS = 3

const dayMonth = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
const fullDate = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date)

export const QUIZ_WEEK_TITLE = 'This week’s quizzes are ready'

/** Every activated user, once a week (a user activated mid-week hears of that week too). */
export async function announceQuizWeek({ notifier }: JobContext, now: Date): Promise<number> {
  const weekStart = weekStartOf(now)
  const reached = await notifier.notifyAll(
    sql`select ${users.id} from ${users} where ${users.activatedAt} is not null`,
    {
      kind: 'quiz-week',
      title: QUIZ_WEEK_TITLE,
      body: `New quizzes for the week of ${dayMonth(weekStart)} are waiting. Play them to climb the leaderboard.`,
      url: '/quiz',
      dedupeKey: `quiz-week:${weekStart}`,
    },
    { now },
  )
  return reached.length
}

export const EXPIRY_TITLE = 'Your subscription ends soon'

/**
 * A plan that will not renew (auto-renew off, or no card left to charge), ending within
 * EXPIRY_NOTICE_DAYS, and not followed by a later one (a plan bought ahead means nothing ends): one
 * notice per user package.
 */
export async function warnExpiringPlans({ db, notifier }: JobContext, now: Date): Promise<number> {
  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS)
  const expiring = await db
    .select({
      id: userPackages.id,
      userId: userPackages.userId,
      endsAt: userPackages.endsAt,
      plan: packages.name,
      timeZone: dailyReminders.timeZone,
    })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .innerJoin(users, eq(users.id, userPackages.userId))
    .leftJoin(dailyReminders, eq(dailyReminders.userId, userPackages.userId))
    .where(
      and(
        lte(userPackages.startsAt, now),
        gt(userPackages.endsAt, now),
        lte(userPackages.endsAt, soon),
        or(eq(userPackages.autoRenew, false), isNull(userPackages.paymentMethodId)),
        isNotNull(users.activatedAt),
        sql`not exists (select 1 from ${userPackages} later where later.user_id = ${userPackages.userId} and later.ends_at > ${userPackages.endsAt})`,
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${userPackages.userId} and n.dedupe_key = 'expiry:' || ${userPackages.id})`,
        // A declined renewal's message already says when the plan ends. The declined payment is looked at, not
        // only that message: another server may be between turning auto-renew off and sending it.
        sql`not exists (select 1 from ${notifications} n where n.user_id = ${userPackages.userId} and n.dedupe_key = 'renewal-failed:' || ${userPackages.id})`,
        sql`not exists (select 1 from ${payments} p where p.renews_user_package_id = ${userPackages.id} and p.status = 'failed')`,
      ),
    )
  let sent = 0
  await eachLimited(expiring, PUSH_CONCURRENCY, async (row) => {
    const ends = fullDate(row.endsAt, row.timeZone ?? 'UTC')
    const notification = await notifier.notify(
      row.userId,
      {
        kind: 'subscription',
        title: EXPIRY_TITLE,
        body: `Your ${row.plan} plan ends on ${ends}. Renew it ${PLAN_TEXTS.renewToKeep}`,
        url: '/pricing',
        dedupeKey: `expiry:${row.id}`,
      },
      { now },
    )
    if (notification) sent++
  })
  return sent
}
