/**
 * Analytics benchmarks for `npm run bench -- analytics` (sections 26–28 of bench.ts):
 * 26. ingest: batches of 20 events POSTed to /api/events by 50 connections for 15 s (autocannon), against the
 *     real server process on 127.0.0.1, on PGlite and on PostgreSQL: batches and events a second, p99;
 * 27. the daily roll-up over 1,000,000 raw events spread over 30 days (inserted with generate_series): seconds,
 *     on PGlite and on PostgreSQL;
 * 28. the console's Insights over a year of daily counts (365 days, ~190,000 rows, and their monthly sums), then
 *     with a busy day's raw events beside them (today's 20,000, counted on every request), and the default last
 *     30 days: server time through app.inject, median and p95 (budget: median < 100 ms).
 */
import autocannon from 'autocannon'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase, type Database } from '../../server/src/db/client'
import { users } from '../../server/src/db/schema'
import { rollUpAnalytics } from '../../server/src/features/analytics/rollup'
import { addDays, utcDay } from '../../server/src/services/analytics-daily'
import { createSession } from '../../server/src/services/sessions'
import { EVENT_BATCH_SIZE, type AnalyticsEvent } from '../../src/core/analytics/contract'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { API } from '../../src/core/http/api-paths'
import { startServer } from '../support/server-process'
import { timeGets, withBenchDatabase } from './measure'
import { benchPostgres, type BenchPostgres } from './postgres'

const INGEST_CONNECTIONS = 50
const INGEST_SECONDS = 15
const RAW_EVENTS = 1_000_000
const RAW_DAYS = 30
const INSIGHTS_DAYS = 366
const TODAYS_EVENTS = 20_000
const INSIGHTS_RUNS = 30
const INSIGHTS_BUDGET_MS = 100

/** A batch as the app sends it: page views, proverb views and searches, made in the last hour. */
function batch(): string {
  const now = Date.now()
  const events: AnalyticsEvent[] = Array.from({ length: EVENT_BATCH_SIZE }, (_, i) => {
    const at = new Date(now - Math.floor(Math.random() * 3_600_000)).toISOString()
    const base = { id: randomUUID(), at, path: '/search_result' }
    if (i % 4 === 1) return { ...base, type: 'proverb_view', slug: `yoruba-bench-${Math.floor(Math.random() * 1000)}` }
    if (i % 4 === 2) return { ...base, type: 'search', q: `omi ${Math.floor(Math.random() * 200)}`, results: i % 3 }
    return { ...base, type: 'page_view', path: '/' }
  })
  return JSON.stringify({ events })
}

/** 26, on one server. */
async function ingest(url: string, label: string) {
  let readers = 0
  const result = await autocannon({
    url: `${url}${API.events}`,
    connections: INGEST_CONNECTIONS,
    duration: INGEST_SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A reader a batch: one visitor stores only so many events a day (VISITOR_EVENTS_PER_DAY).
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'user-agent': `Mozilla/5.0 (bench ${++readers})` },
          body: batch(),
        }),
      },
    ],
  })
  const measured = {
    batchesPerSecond: Math.round(result.requests.average),
    eventsPerSecond: Math.round(result.requests.average * EVENT_BATCH_SIZE),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  }
  console.log(
    `   ${label.padEnd(11)} ${String(measured.batchesPerSecond).padStart(6)} batches/s = ${String(measured.eventsPerSecond).padStart(7)} events/s  p50 ${measured.p50} ms  p99 ${measured.p99} ms; non-2xx ${measured.non2xx}`,
  )
  return measured
}

/**
 * `count` raw events over `days` days ending `dayOffset` days before `today`, shaped like real traffic:
 * half page views, a quarter proverb views (of up to 1,000 of the seeded proverbs: views of proverbs that do
 * not exist are not counted), a sixth searches (300 phrasings, one in ten finding nothing), the rest the other
 * types; 40,000 visitors. Each day gets an equal block of them.
 */
async function insertRawEvents(database: Database, today: string, count: number, days: number, dayOffset: number) {
  await database.db.execute(sql`
    insert into analytics_events (id, type, at, day, path, slug, q, results, ethnic, detail, currency, visitor, received_at)
    with known as (select array_agg(slug order by id) as slugs from (select slug, id from proverbs order by id limit 1000) p)
    select gen_random_uuid(), e.type, e.at, (e.at at time zone 'UTC')::date, '/',
      case when e.type = 'proverb_view' then known.slugs[1 + (n * 7) % cardinality(known.slugs)] end,
      case when e.type = 'search' then 'omi ' || ((n * 13) % 300) end,
      case when e.type = 'search' then case when n % 10 = 0 then 0 else n % 40 end end,
      case when e.type = 'page_view' and n % 7 = 0 then 'yoruba' end,
      case when e.type = 'signup_step' then ((n % 5) + 1)::text when e.type like 'checkout%' then 'Gold' end,
      case when e.type like 'checkout%' then 'USD' end,
      md5(((n * 31) % 40000)::text), e.at
    from known, generate_series(0, ${count - 1}) as n
    cross join lateral (select
      case when n % 12 < 6 then 'page_view' when n % 12 < 9 then 'proverb_view' when n % 12 < 11 then 'search'
        else (array['share','install','push_opt_in','quiz_start','quiz_finish','signup_step','checkout_start','checkout_paid'])[1 + n % 8] end as type,
      ${today}::timestamptz - (${dayOffset} + n * ${days} / ${count}) * interval '1 day' + ((n * 37) % 86000) * interval '1 second' as at
    ) e`)
}

/** 27, on one database (migrated and seeded: the roll-up counts views of the proverbs there are). */
async function rollUp(database: Database, label: string) {
  const today = utcDay(new Date())
  const startInsert = performance.now()
  await insertRawEvents(database, today, RAW_EVENTS, RAW_DAYS, 1)
  const insertSeconds = (performance.now() - startInsert) / 1000
  await database.analyze()
  const start = performance.now()
  const done = await rollUpAnalytics(database.db, new Date(), RAW_DAYS)
  const seconds = (performance.now() - start) / 1000
  const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_daily`)
  console.log(
    `   ${label.padEnd(11)} ${seconds.toFixed(1).padStart(5)} s for ${done?.days} days (${(RAW_EVENTS / seconds / 1000).toFixed(0)} k events/s) → ${rows[0].n.toLocaleString('en-US')} daily rows; inserting them took ${insertSeconds.toFixed(1)} s`,
  )
  return {
    seconds: Number(seconds.toFixed(2)),
    days: done?.days ?? 0,
    dailyRows: rows[0].n,
    insertSeconds: Number(insertSeconds.toFixed(2)),
  }
}

/**
 * A year of daily counts as the roll-up writes them: each day its totals, 300 of 1,000 proverbs viewed,
 * the eight peoples, 150 searches of which 30 found nothing, the sign-up steps and checkouts in two currencies.
 */
async function insertYearOfCounts(database: Database, today: string) {
  const days = sql`generate_series(1, ${INSIGHTS_DAYS - 1}) as d cross join lateral (select ${today}::date - d as day) t`
  const dimensions = (metric: string, dimension: string, n: number, visitors = false, results = false) => sql`
    insert into analytics_daily (day, metric, dimension, count, visitors, results)
    select t.day, ${metric}, ${sql.raw(dimension)}, 1 + (i * 7 + d) % 50, ${visitors ? sql.raw('1 + (i * 3 + d) % 20') : null}, ${results ? sql.raw('(i + d) % 30') : null}
    from ${days} cross join generate_series(0, ${n - 1}) as i`
  await database.db.execute(
    dimensions(
      'event',
      `(array['page_view','proverb_view','search','share','install','push_opt_in','quiz_start','quiz_finish','signup_step','checkout_start','checkout_paid'])[1 + i]`,
      11,
    ),
  )
  await database.db.execute(dimensions('all', `''`, 1, true))
  await database.db.execute(dimensions('proverb', `'yoruba-bench-' || ((i * 3 + d) % 1000)`, 300))
  await database.db.execute(
    dimensions('group', `(array['yoruba','igbo','hausa','akan','kiswahili','zulu','amharic','afan-oromo'])[1 + i]`, 8),
  )
  await database.db.execute(dimensions('search', `'omi ' || ((i + d) % 400)`, 150, false, true))
  await database.db.execute(dimensions('search_zero', `'zzz ' || ((i + d) % 90)`, 30))
  await database.db.execute(dimensions('signup', `(array['1','2','3','4','5','submitted','activated'])[1 + i]`, 7, true))
  await database.db.execute(dimensions('checkout_start', `(array['USD','NGN'])[1 + i]`, 2))
  await database.db.execute(dimensions('checkout_paid', `(array['USD','NGN'])[1 + i]`, 2))
  // The monthly sums the roll-up keeps beside them.
  await database.db.execute(sql`
    insert into analytics_monthly (month, metric, dimension, count, visitors, results, last_day)
    select date_trunc('month', day)::date, metric, dimension, sum(count), sum(visitors), max(results), max(day)
    from analytics_daily where metric in ('proverb', 'group', 'search', 'search_zero', 'signup') group by 1, 2, 3`)
}

/** 28. */
async function insightsBench(database: Database, label: string) {
  const today = utcDay(new Date())
  await insertYearOfCounts(database, today)
  await database.analyze()
  const [{ id }] = await database.db
    .insert(users)
    .values({
      email: `insights-${Date.now()}@bench.owe`,
      passwordHash: 'x',
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin',
      activatedAt: new Date(),
    })
    .returning({ id: users.id })
  const { token } = await createSession(database.db, id, new Date(), 1)
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0' }), {
    database,
    logger: false,
  })
  try {
    const year = `${ADMIN_API.insights}?from=${addDays(today, -(INSIGHTS_DAYS - 1))}&to=${today}`
    const options = { runs: INSIGHTS_RUNS, budgetMs: INSIGHTS_BUDGET_MS, labelWidth: 28 }
    const counted = await timeGets(app, token, { [`${label}: a year`]: year }, options)
    // Then a busy day so far, counted from its raw events on every request.
    await insertRawEvents(database, today, TODAYS_EVENTS, 1, 0)
    await database.analyze()
    const live = await timeGets(
      app,
      token,
      { [`${label}: a year + today`]: year, [`${label}: 30 days + today`]: ADMIN_API.insights },
      options,
    )
    return { ...counted, ...live }
  } finally {
    await app.close()
  }
}

/** The database of the PostgreSQL server the ingest ran against (migrated and seeded by it), emptied of analytics. */
async function withPostgres<T>(postgres: BenchPostgres, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'postgres', url: postgres.url })
  try {
    await database.db.execute(sql`truncate analytics_events, analytics_daily, analytics_monthly, analytics_secrets`)
    await database.db.execute(sql`delete from job_runs where job = 'analytics'`)
    return await work(database)
  } finally {
    await database.close()
  }
}

export async function analyticsBench(results: Record<string, unknown>): Promise<void> {
  const env = {
    LOG_LEVEL: 'warn',
    OWE_STATIC_DIR: '.tmp/no-app',
    OWE_SCHEDULER_MS: '0',
    DATABASE_URL: '',
    OWE_EVENT_RATE_LIMIT: '1000000',
    // Every batch comes from 127.0.0.1: the address's daily allowance would stop the ingest long before the end.
    OWE_EVENTS_PER_ADDRESS_DAY: '100000000',
  }
  console.log(
    `\n26. Ingest: batches of ${EVENT_BATCH_SIZE} events into ${API.events}, ${INGEST_CONNECTIONS} connections for ${INGEST_SECONDS} s`,
  )
  const embedded = await startServer({ port: 4310, env })
  try {
    results.analyticsIngestPglite = await ingest(embedded.url, 'PGlite')
  } finally {
    await embedded.stop()
  }
  const postgres = await benchPostgres(55452)
  try {
    if (postgres) {
      const server = await startServer({ port: 4311, env: { ...env, DATABASE_URL: postgres.url } })
      try {
        results.analyticsIngestPostgres = await ingest(server.url, 'PostgreSQL')
      } finally {
        await server.stop()
      }
    }
    console.log(`\n27. The daily roll-up of ${RAW_EVENTS.toLocaleString('en-US')} raw events over ${RAW_DAYS} days`)
    results.analyticsRollUpPglite = await withBenchDatabase('rollup', (database) => rollUp(database, 'PGlite'))
    if (postgres) results.analyticsRollUpPostgres = await withPostgres(postgres, (database) => rollUp(database, 'PostgreSQL'))
    console.log(
      `\n28. The console's Insights over a year of daily counts, then with ${TODAYS_EVENTS.toLocaleString('en-US')} of today's raw events (server time)`,
    )
    const insights = await withBenchDatabase('insights', (database) => insightsBench(database, 'PGlite'))
    if (postgres) Object.assign(insights, await withPostgres(postgres, (database) => insightsBench(database, 'PostgreSQL')))
    results.analyticsInsights = insights
  } finally {
    await postgres?.stop()
  }
}
