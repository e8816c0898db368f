import { sql, type SQL } from 'drizzle-orm'
import { fromMinorUnits } from '@core/payments/payment'
import { SIGNUP_STEPS, type Insights, type InsightsDay } from '@core/analytics/contract'
import type { Db } from '../../../db/client'
import { ethnicGroups, payments, proverbs } from '../../../db/schema'
import { addDays, dailyRows, daysFrom, dimensionTotals, type TotalledMetric } from '../../../services/analytics-daily'

/** How many proverbs, groups and searches the top lists name. */
export const INSIGHTS_TOP = 20
/** How many searches that found nothing are listed: the corpus's to-do list. */
export const INSIGHTS_ZERO_RESULTS = 50

/** Totals per day come back from SQL as bigint (text or BigInt, by driver): numbers here. */
const n = (value: unknown) => Number(value ?? 0)

const EVENT_FIELDS = {
  page_view: 'pageViews',
  proverb_view: 'proverbViews',
  search: 'searches',
  share: 'shares',
  install: 'installs',
  push_opt_in: 'pushOptIns',
  quiz_start: 'quizStarts',
  quiz_finish: 'quizFinishes',
} as const satisfies Record<string, keyof InsightsDay>

const perEvent = (type: keyof typeof EVENT_FIELDS) => sql`sum(r.count) filter (where r.metric = 'event' and r.dimension = ${type})::bigint`

/** Every day of the range, zeros included, one row a day from SQL (a year of events is 366 rows, not 4,000). */
async function perDay(db: Db, from: string, to: string): Promise<InsightsDay[]> {
  const { rows } = await db.execute<Record<string, string> & { day: string }>(sql`
    select to_char(r.day, 'YYYY-MM-DD') as day, sum(r.visitors) filter (where r.metric = 'all')::bigint as visitors,
      ${sql.join(
        Object.entries(EVENT_FIELDS).map(
          ([type, field]) => sql`${perEvent(type as keyof typeof EVENT_FIELDS)} as ${sql.identifier(field)}`,
        ),
        sql`, `,
      )}
    from ${dailyRows(from, to, ['event', 'all'])} r group by r.day`)
  const counted = new Map(rows.map((row) => [row.day, row]))
  return Array.from({ length: daysFrom(from, to) + 1 }, (_, i) => {
    const day = addDays(from, i)
    const row = counted.get(day)
    const fields = Object.fromEntries(Object.values(EVENT_FIELDS).map((field) => [field, n(row?.[field])]))
    return { day, visitors: n(row?.visitors), ...fields } as InsightsDay
  })
}

/** A top list: the dimensions of `metric` with the most events over the range, most first (ties by name). */
async function top(db: Db, from: string, to: string, metric: TotalledMetric, limit: number, join?: { table: SQL; name: SQL; on: SQL }) {
  const { rows } = await db.execute<{
    dimension: string
    count: string
    visitors: string | null
    results: number | null
    last_day: string
    name: string | null
  }>(sql`
    select t.dimension, t.count, t.visitors, t.results, to_char(t.last_day, 'YYYY-MM-DD') as last_day,
      ${join ? join.name : sql`null`} as name
    from ${dimensionTotals(from, to, metric)} t ${join ? sql`left join ${join.table} on ${join.on}` : sql``}
    order by t.count desc, t.dimension limit ${limit}`)
  return rows
}

async function topProverbs(db: Db, from: string, to: string): Promise<Insights['topProverbs']> {
  const rows = await top(db, from, to, 'proverb', INSIGHTS_TOP, {
    table: sql`${proverbs}`,
    name: sql`${proverbs.proverb}`,
    on: sql`${proverbs.slug} = t.dimension`,
  })
  return rows.map((row) => ({ slug: row.dimension, proverb: row.name, views: n(row.count) }))
}

async function topGroups(db: Db, from: string, to: string): Promise<Insights['topGroups']> {
  const rows = await top(db, from, to, 'group', INSIGHTS_TOP, {
    table: sql`${ethnicGroups}`,
    name: sql`${ethnicGroups.name}`,
    on: sql`${ethnicGroups.slug} = t.dimension`,
  })
  return rows.map((row) => ({ slug: row.dimension, name: row.name, views: n(row.count) }))
}

/** The words searched most, with the most proverbs a search for them found in the range. */
async function topSearches(db: Db, from: string, to: string): Promise<Insights['topSearches']> {
  const rows = await top(db, from, to, 'search', INSIGHTS_TOP)
  return rows.map((row) => ({ q: row.dimension, searches: n(row.count), results: n(row.results) }))
}

async function zeroResultSearches(db: Db, from: string, to: string): Promise<Insights['zeroResultSearches']> {
  const rows = await top(db, from, to, 'search_zero', INSIGHTS_ZERO_RESULTS)
  return rows.map((row) => ({ q: row.dimension, searches: n(row.count), lastDay: row.last_day }))
}

/** Each sign-up step with the visitors who reached it (distinct per day, added over the days). */
async function signupFunnel(db: Db, from: string, to: string): Promise<Insights['signupFunnel']> {
  const { rows } = await db.execute<{ dimension: string; visitors: string }>(
    sql`select dimension, visitors from ${dimensionTotals(from, to, 'signup')} t`,
  )
  const reached = new Map(rows.map((row) => [row.dimension, n(row.visitors)]))
  return SIGNUP_STEPS.map((step) => ({ step, count: reached.get(step) ?? 0 }))
}

async function checkouts(db: Db, from: string, to: string): Promise<Insights['checkouts']> {
  const { rows } = await db.execute<{ day: string; currency: string; started: string; paid: string }>(sql`
    select to_char(r.day, 'YYYY-MM-DD') as day, r.dimension as currency,
      sum(r.count) filter (where r.metric = 'checkout_start')::bigint as started,
      sum(r.count) filter (where r.metric = 'checkout_paid')::bigint as paid
    from ${dailyRows(from, to, ['checkout_start', 'checkout_paid'])} r
    group by r.day, r.dimension order by day, currency`)
  return rows.map((row) => ({ day: row.day, currency: row.currency, started: n(row.started), paid: n(row.paid) }))
}

/**
 * Money the server settled (payments with status 'success'), by the UTC day it was settled and currency:
 * how many payments and their amount, summed in the minor unit the payments table keeps and answered in
 * the currency's own unit (dollars, naira), as the console's payments list shows amounts.
 */
async function revenue(db: Db, from: string, to: string): Promise<Insights['revenue']> {
  const settledDay = sql`(${payments.completedAt} at time zone 'UTC')::date`
  const { rows } = await db.execute<{ day: string; currency: string; payments: string; amount: string }>(sql`
    select to_char(${settledDay}, 'YYYY-MM-DD') as day, ${payments.currency} as currency,
      count(*)::bigint as payments, sum(${payments.amountMinor})::bigint as amount
    from ${payments}
    where ${payments.status} = 'success'
      and ${payments.completedAt} >= ${`${from}T00:00:00Z`}::timestamptz
      and ${payments.completedAt} < ${`${addDays(to, 1)}T00:00:00Z`}::timestamptz
    group by 1, 2 order by 1, 2`)
  return rows.map((row) => ({ day: row.day, currency: row.currency, payments: n(row.payments), amount: fromMinorUnits(n(row.amount)) }))
}

/** The console's Insights for the UTC days from `from` to `to`, inclusive. */
export async function insightsFor(db: Db, from: string, to: string): Promise<Insights> {
  const [days, proverbList, groupList, searches, zero, funnel, checkoutList, revenueList] = await Promise.all([
    perDay(db, from, to),
    topProverbs(db, from, to),
    topGroups(db, from, to),
    topSearches(db, from, to),
    zeroResultSearches(db, from, to),
    signupFunnel(db, from, to),
    checkouts(db, from, to),
    revenue(db, from, to),
  ])
  return {
    from,
    to,
    days,
    topProverbs: proverbList,
    topGroups: groupList,
    topSearches: searches,
    zeroResultSearches: zero,
    signupFunnel: funnel,
    checkouts: checkoutList,
    revenue: revenueList,
  }
}
