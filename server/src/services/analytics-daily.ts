import { addDays, dayOf, daysIn } from '@core/analytics/insights-range'
import { sql, type SQL } from 'drizzle-orm'
import { analyticsDaily, analyticsEvents, analyticsMonthly, ethnicGroups, proverbs } from '../db/schema'

/**
 * What `analytics_daily` counts per UTC day, and the SQL that counts it from the raw events
 * (docs/decisions/018-analytics.md). The roll-up job writes these rows; the console's Insights and trending
 * read them, and count the days not rolled up yet (today) from the raw events the same way. Each metric's
 * dimension:
 * - `event`: the event's type (every event counts once here);
 * - `all`: '' — every event of the day, with the day's distinct visitors (hashes);
 * - `proverb`: the slug of a proverb_view — people, not requests: the day's distinct visitors who viewed it,
 *   only for a proverb that exists, flooding visitors left out (FLOODING);
 * - `group`: the people's slug of a page_view that carries one (a people's page, a search within it), counted
 *   the same way, only for a people that exists;
 * - `search`: the words of a search (`results`: the most proverbs the day's searches for them found), the
 *   day's distinct visitors who searched them, flooding visitors left out;
 * - `search_zero`: the words of a search that found nothing, counted the same way;
 * - `signup`: the sign-up step reached (with distinct visitors, for the funnel);
 * - `checkout_start`, `checkout_paid`: the currency.
 */
export const METRICS = ['event', 'all', 'proverb', 'group', 'search', 'search_zero', 'signup', 'checkout_start', 'checkout_paid'] as const
export type Metric = (typeof METRICS)[number]

/** The metrics read as totals over a range, which `analytics_monthly` also sums per month. */
export const TOTALLED_METRICS = ['proverb', 'group', 'search', 'search_zero', 'signup'] as const satisfies readonly Metric[]
export type TotalledMetric = (typeof TOTALLED_METRICS)[number]

/**
 * A visitor who made more than this many events of a type in a day is flooding, not reading: none of that
 * day's events of the type count in the people-counted metrics (trending's views, Insights' top lists). Each
 * is well under what one visitor may store in a day (DAILY_EVENTS in features/analytics/service.ts), so a
 * visitor who reaches that allowance is always left out.
 */
export const FLOODING = { proverb_view: 200, page_view: 300, search: 100 } as const

type Flooded = keyof typeof FLOODING

/**
 * How one metric is counted from the raw events: its dimension, which events, and what else it keeps.
 * `people`: the count is the day's distinct visitors, those flooding with that type of event left out;
 * `known`: only dimensions among those this subquery answers (a proverb's or people's slug that exists).
 */
type Arm = { dimension: SQL | null; filter?: SQL; visitors?: boolean; results?: boolean; people?: Flooded; known?: SQL }

const ARMS: Record<Metric, Arm> = {
  event: { dimension: sql`type` },
  all: { dimension: null, visitors: true },
  proverb: {
    dimension: sql`slug`,
    filter: sql`type = 'proverb_view'`,
    people: 'proverb_view',
    known: sql`select ${proverbs.slug} from ${proverbs}`,
  },
  group: {
    dimension: sql`ethnic`,
    filter: sql`type = 'page_view'`,
    people: 'page_view',
    known: sql`select ${ethnicGroups.slug} from ${ethnicGroups}`,
  },
  search: { dimension: sql`q`, filter: sql`type = 'search'`, results: true, people: 'search' },
  search_zero: { dimension: sql`q`, filter: sql`type = 'search' and results = 0`, people: 'search' },
  signup: { dimension: sql`detail`, filter: sql`type = 'signup_step'`, visitors: true },
  checkout_start: { dimension: sql`currency`, filter: sql`type = 'checkout_start'` },
  checkout_paid: { dimension: sql`currency`, filter: sql`type = 'checkout_paid'` },
}

/** One metric's rows: day, metric, dimension, count, visitors, results. */
function countMetric(metric: Metric, where: SQL): SQL {
  const { dimension, filter, visitors, results, people, known } = ARMS[metric]
  if (people && dimension) return countPeople(metric, where, people, dimension, filter, known, results)
  const conditions = [where, filter, dimension ? sql`${dimension} is not null` : undefined].filter((c): c is SQL => c !== undefined)
  return sql`select day, ${sql.raw(`'${metric}'`)}::text as metric, ${dimension ?? sql`''`}::text as dimension, count(*)::int as count,
      ${visitors ? sql`count(distinct visitor)::int` : sql`null::int`} as visitors, ${results ? sql`max(results)` : sql`null::int`} as results
    from ${analyticsEvents} where ${sql.join(conditions, sql` and `)} group by day${dimension ? sql`, ${dimension}` : sql``}`
}

/**
 * A people-counted metric in one scan: each visitor's events of the type are grouped by day and dimension,
 * with the visitor's total of that type for the day beside them (a window over the groups); the groups of
 * flooding visitors are dropped and the rest counted, one a visitor. (A flooding list anti-joined to the
 * events, or count(distinct visitor), took two to seven times as long on PostgreSQL.)
 */
function countPeople(
  metric: Metric,
  where: SQL,
  type: Flooded,
  dimension: SQL,
  filter: SQL | undefined,
  known: SQL | undefined,
  results?: boolean,
): SQL {
  const matched = filter ?? sql`true`
  return sql`select day, ${sql.raw(`'${metric}'`)}::text as metric, dimension, count(*)::int as count, null::int as visitors,
      ${results ? sql`max(results)` : sql`null::int`} as results
    from (
      select day, ${dimension}::text as dimension, count(*) filter (where ${matched}) as matched,
        max(results) filter (where ${matched}) as results, sum(count(*)) over (partition by day, visitor) as total
      from ${analyticsEvents} where ${where} and type = ${sql.raw(`'${type}'`)}
      group by day, visitor, ${dimension}
    ) per_visitor
    where matched > 0 and total <= ${sql.raw(String(FLOODING[type]))} and dimension is not null${known ? sql` and dimension in (${known})` : sql``}
    group by day, dimension`
}

/** The daily rows of `metrics` counted from the raw events `where` selects (one scan per metric, set-based). */
export function countRawEvents(where: SQL, metrics: readonly Metric[] = METRICS): SQL {
  return sql.join(
    metrics.map((metric) => sql`(${countMetric(metric, where)})`),
    sql` union all `,
  )
}

const inRange = (column: SQL, from: string, to: string) => sql`${column} between ${from}::date and ${to}::date`

/**
 * The raw events of the days from `from` to `to` that have not been rolled up yet (today, or any day
 * before the job ran). Every day the roll-up counted has its `all` row: one index lookup a day.
 */
function notRolledUp(from: string, to: string): SQL {
  const rolledUp = sql`(select ${analyticsDaily.day} from ${analyticsDaily}
    where ${analyticsDaily.metric} = 'all' and ${inRange(sql`${analyticsDaily.day}`, from, to)})`
  return sql`${inRange(sql`day`, from, to)} and day not in ${rolledUp}`
}

/**
 * The daily rows of `metrics` for the UTC days from `from` to `to` (YYYY-MM-DD, inclusive), as a subquery
 * with the columns day, metric, dimension, count, visitors and results: a day that has been rolled up is
 * read from `analytics_daily`; a day that has not is counted from its raw events.
 */
export function dailyRows(from: string, to: string, metrics: readonly Metric[]): SQL {
  const metricList = sql.join(
    metrics.map((metric) => sql`${metric}`),
    sql`, `,
  )
  return sql`(select day, metric, dimension, count, visitors, results from ${analyticsDaily}
      where metric in (${metricList}) and ${inRange(sql`day`, from, to)}
    union all
    ${countRawEvents(notRolledUp(from, to), metrics)})`
}

/** The first day of the month of a YYYY-MM-DD day. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`

/** The first day of the month after the one `day` is in. */
export const nextMonth = (day: string) => {
  const [year, month] = day.split('-').map(Number)
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
}

/**
 * The whole calendar months within the days from `from` to `to`: [first, end) as YYYY-MM-DD, or null when
 * the range holds none.
 */
export function wholeMonths(from: string, to: string): { first: string; end: string } | null {
  const first = monthOf(from) === from ? from : nextMonth(from)
  const end = nextMonth(to) === addDays(to, 1) ? addDays(to, 1) : monthOf(to)
  return first < end ? { first, end } : null
}

/**
 * One metric's totals per dimension over the days from `from` to `to`, as a subquery with the columns
 * dimension, count, visitors, results (the most found) and last_day: the whole months of the range from
 * `analytics_monthly`, its other days from `analytics_daily`, and the days not rolled up yet from their raw
 * events. Each part is summed as it is read, so a year of a proverb's views is about twelve rows, not 365.
 */
export function dimensionTotals(from: string, to: string, metric: TotalledMetric): SQL {
  const months = wholeMonths(from, to)
  const outsideMonths = months ? sql` and not (day >= ${months.first}::date and day < ${months.end}::date)` : sql``
  const monthly = months
    ? sql`select dimension, sum(count) as count, sum(visitors) as visitors, max(results) as results, max(last_day) as day
        from ${analyticsMonthly} where metric = ${metric} and month >= ${months.first}::date and month < ${months.end}::date
        group by dimension
      union all`
    : sql``
  return sql`(select dimension, sum(count)::bigint as count, sum(visitors)::bigint as visitors, max(results) as results,
      max(day) as last_day
    from (
      ${monthly}
      select dimension, sum(count) as count, sum(visitors) as visitors, max(results) as results, max(day) as day
        from ${analyticsDaily} where metric = ${metric} and ${inRange(sql`day`, from, to)}${outsideMonths} group by dimension
      union all
      select dimension, count, visitors, results, day from (${countRawEvents(notRolledUp(from, to), [metric])}) raw
    ) parts group by dimension)`
}

/** The UTC calendar day of a time, YYYY-MM-DD: every analytics day is a UTC day (the console's day rules). */
export const utcDay = dayOf
export { addDays }

/** How many days `to` is after `from` (both YYYY-MM-DD). */
export const daysFrom = (from: string, to: string) => daysIn({ from, to }) - 1
