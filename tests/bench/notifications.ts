/**
 * Notification benchmarks for `npm run bench -- notifications` (sections 10–11 of bench.ts), on the
 * embedded database as `npm start` runs it:
 * 10. the bell's two polled calls (every 5 s per signed-in, visible tab:
 * docs/requirements.md#r7-notifications-and-push) for a reader with 200
 *     messages among 10,000 readers holding 200,000: server time of the unread count and the latest seven
 *     (budget: median < 20 ms each), and how many signed-in tabs one process can keep polled from that;
 * 11. the per-minute reminder job over 20,000 reminders in 30 time zones: a minute when none is due (the
 *     steady cost) and one when ~700 are (budget: a quiet minute < 150 ms; PGlite answers nothing else
 *     meanwhile).
 */
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../server/src/db/client'
import { createNotifier } from '../../server/src/services/notify'
import { noPush } from '../../server/src/services/push'
import { createScheduler } from '../../server/src/services/scheduler'
import { scheduledJobs } from '../../server/src/jobs'
import { createSession } from '../../server/src/services/sessions'
import { median, p95, timeGets, withBenchDatabase } from './measure'

const READERS = 10_000
const MESSAGES_EACH = 20
const REMINDERS = 20_000
const RUNS = 40
const POLL_BUDGET_MS = 20
const QUIET_MINUTE_BUDGET_MS = 150
const ZONES = [
  'Africa/Lagos',
  'Africa/Accra',
  'Africa/Nairobi',
  'Africa/Addis_Ababa',
  'Africa/Johannesburg',
  'Africa/Cairo',
  'Africa/Kinshasa',
  'Africa/Dar_es_Salaam',
  'Africa/Kampala',
  'Africa/Dakar',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'America/Toronto',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'America/Halifax',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'Atlantic/Reykjavik',
  'America/Bogota',
  'Asia/Riyadh',
  'Europe/Moscow',
  'UTC',
]

export async function notificationsBench(results: Record<string, unknown>): Promise<void> {
  await withBenchDatabase('notes', async (database) => {
    await database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, activated_at)
      select 'reader' || n || '@bench.owe', 'x', 'Reader', 'Number ' || n, now() from generate_series(1, ${READERS}) as n`)
    // Every reader has 20 messages, a third of them read; reader 5000 has 200.
    await database.db.execute(sql`
      insert into notifications (user_id, kind, title, body, url, read_at, created_at)
      select u.id, 'broadcast', 'Message ' || m, 'A message for the benchmark', '/quiz',
        case when m % 3 = 0 then now() else null end, now() - m * interval '1 hour'
      from users u cross join generate_series(1, case when u.email = 'reader5000@bench.owe' then 200 else ${MESSAGES_EACH} end) as m
      where u.email like '%@bench.owe'`)
    await database.analyze()
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0' }), {
      database,
      logger: false,
    })
    try {
      const [{ id: me }] = (await database.db.execute(sql`select id from users where email = 'reader5000@bench.owe'`)).rows as {
        id: number
      }[]
      const { token } = await createSession(database.db, me, new Date(), 1)
      const calls: Record<string, string> = {
        'unread count': '/user/notification/unread/count',
        'latest seven (page 1)': '/user/notification/fetch?page=1&size=7',
        'unread, page 10': '/user/notification/unReadNotification?page=10&size=7',
      }
      const total = (await database.db.execute(sql`select count(*)::int as n from notifications`)).rows[0] as { n: number }
      console.log(
        `\n10. The bell's polled calls, ${total.n.toLocaleString('en-US')} messages, a reader with 200 (server time, ${RUNS} runs)`,
      )
      const measured = await timeGets(app, token, calls, { runs: RUNS, budgetMs: POLL_BUDGET_MS, labelWidth: 24 })
      // One poll is both calls; one process answers them one after another (PGlite is single-threaded).
      const pollMs = measured['unread count'].medianMs + measured['latest seven (page 1)'].medianMs
      const tabs = Math.floor(5000 / pollMs)
      console.log(
        `   one process keeps ~${tabs.toLocaleString('en-US')} visible signed-in tabs polled every 5 s (PGlite; PostgreSQL serves more)`,
      )
      results.notificationPoll = { messages: total.n, ...measured, tabsPerProcess: tabs }
      await reminderBench(database, app.log, results)
    } finally {
      await app.close()
    }
  })
}

/** 11. Reminders: 20,000 spread over 30 zones and every minute of the day. */
async function reminderBench(database: Database, log: FastifyBaseLogger, results: Record<string, unknown>): Promise<void> {
  const zoneArray = sql.raw(`ARRAY[${ZONES.map((z) => `'${z}'`).join(',')}]`)
  await database.db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, activated_at)
    select 'sleeper' || n || '@bench.owe', 'x', 'Sleeper', 'Number ' || n, now() from generate_series(1, ${REMINDERS - READERS}) as n`)
  await database.db.execute(sql`
    insert into daily_reminders (user_id, minute_of_day, time_zone)
    select u.id, (u.id * 37) % 1440, (${zoneArray})[1 + u.id % ${ZONES.length}]
    from users u where u.email like '%@bench.owe'`)
  await database.analyze()
  const notifier = createNotifier({ db: database.db, push: noPush, log })
  const scheduler = createScheduler({ log, now: () => new Date(), intervalMs: 0, jobs: scheduledJobs({ db: database.db, notifier }) })
  const base = new Date('2026-11-23T06:00:00Z')
  // The first run sends the week's announcement and a backlog of up to 3 hours of reminders; then every
  // minute is a normal one: the few due in it are sent, the rest only looked at.
  const first = performance.now()
  const backlog = await scheduler.runDue(base)
  const firstMs = performance.now() - first
  const minutes: number[] = []
  let sent = 0
  for (let i = 1; i <= 20; i++) {
    const start = performance.now()
    const report = await scheduler.runDue(new Date(base.getTime() + i * 60_000))
    minutes.push(performance.now() - start)
    sent += report.reminders
  }
  const ok = median(minutes) < QUIET_MINUTE_BUDGET_MS ? 'OK' : 'OVER'
  console.log(`\n11. The scheduler over ${REMINDERS.toLocaleString('en-US')} reminders in ${ZONES.length} zones`)
  console.log(
    `   first run (the week's announcement to everyone, ${backlog.reminders.toLocaleString('en-US')} reminders of the last 3 hours): ${Math.round(firstMs)} ms`,
  )
  console.log(
    `   a normal minute (~${Math.round(sent / 20)} reminders due): median ${median(minutes).toFixed(1)} ms, p95 ${p95(minutes).toFixed(1)} ms  (budget < ${QUIET_MINUTE_BUDGET_MS} ms) ${ok}`,
  )
  results.reminderScheduler = {
    reminders: REMINDERS,
    zones: ZONES.length,
    firstRunMs: Math.round(firstMs),
    backlog: backlog.reminders,
    dueAMinute: Math.round(sent / 20),
    minuteMedianMs: Number(median(minutes).toFixed(1)),
    minuteP95Ms: Number(p95(minutes).toFixed(1)),
  }
}
