import { ANALYTICS_API_TEXTS as T, INSIGHTS_MAX_DAYS } from '@core/analytics/texts'
import { badRequest } from '../../../http/errors'
import { calendarDate } from '../../../http/params'
import { addDays, daysIn, INSIGHTS_RANGE_DEFAULT_DAYS } from '@core/analytics/insights-range'

/**
 * The UTC days Insights cover, from `?from=&to=` (YYYY-MM-DD, inclusive): by default the last 30 days up
 * to today; `to` alone means the 30 days up to it. 400 for a date that is not one, `from` after `to`, or
 * more than INSIGHTS_MAX_DAYS days.
 */
export function insightsRange(query: Record<string, unknown>, now: Date): { from: string; to: string } {
  const to = calendarDate(query, 'to', now)
  const from =
    query.from === undefined || query.from === '' ? addDays(to, 1 - INSIGHTS_RANGE_DEFAULT_DAYS) : calendarDate(query, 'from', now)
  if (from > to) throw badRequest(T.insightsOrder, { from: T.insightsOrder })
  if (daysIn({ from, to }) > INSIGHTS_MAX_DAYS) throw badRequest(T.insightsRange, { from: T.insightsRange })
  return { from, to }
}
