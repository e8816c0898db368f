import type { DayRange } from '@/core/analytics/insights-range'
import { CURRENCIES, type CurrencyCode } from '@/core/shared/constants'
import { formatThousands } from '@/core/shared/format'
import { formatCurrency } from '@/core/shared/money'

// How the Insights write days, ranges, counts and money, and the charts' text alternatives: what a screen
// reader hears in place of each chart, and what a sighted admin reads as its summary.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const parts = (day: string) => {
  const [year, month, date] = day.split('-').map(Number)
  return { year, month: MONTHS[month - 1], date }
}

/** "12 November", or "12 November 2026" with the year. */
export function formatDay(day: string, withYear = false): string {
  const { year, month, date } = parts(day)
  return `${date} ${month}${withYear ? ` ${year}` : ''}`
}

/** "12 Nov": a chart's axis. */
export function formatDayShort(day: string): string {
  const { month, date } = parts(day)
  return `${date} ${month.slice(0, 3)}`
}

/** "1–30 November 2026", "28 October – 3 November 2026", "20 December 2025 – 5 January 2026", "12 November 2026". */
export function formatRange({ from, to }: DayRange): string {
  const a = parts(from)
  const b = parts(to)
  if (from === to) return formatDay(to, true)
  if (a.year !== b.year) return `${formatDay(from, true)} – ${formatDay(to, true)}`
  if (a.month !== b.month) return `${formatDay(from)} – ${formatDay(to, true)}`
  return `${a.date}–${b.date} ${b.month} ${b.year}`
}

/** A count with thousands separators: "1,204". */
export const formatCount = (n: number): string => formatThousands(n)

/** An amount in its currency: "₦25,000", "$4.99"; a currency Òwe does not price in reads "12.50 GHS". */
export function formatMoney(amount: number, currency: string): string {
  return currency in CURRENCIES ? formatCurrency(amount, currency as CurrencyCode) : `${formatThousands(amount, 2)} ${currency}`
}

/** A share of a whole: "64%", "0.4%", "100%". */
export const formatShare = (share: number): string =>
  new Intl.NumberFormat('en', { style: 'percent', maximumSignificantDigits: 2 }).format(share)

/** One line of a chart: its name and a value per label. */
export type Series = { label: string; values: number[] }

/**
 * "Visitors: 1,204 in all, most on 12 November (88)"; "Visitors: none". The first of equal days counts as
 * the most; the day carries its year when the range spans two years.
 */
export function seriesSummary(days: string[], { label, values }: Series, format: (n: number) => string = formatCount): string {
  const total = values.reduce((sum, value) => sum + value, 0)
  if (total === 0) return `${label}: none`
  const most = values.indexOf(Math.max(...values))
  const withYear = days[0]?.slice(0, 4) !== days.at(-1)?.slice(0, 4)
  return `${label}: ${format(total)} in all, most on ${formatDay(days[most], withYear)} (${format(values[most])})`
}

/** A chart of days: "Visitors and page views per day, 1–30 November 2026. Visitors: … . Page views: … ." */
export function dailySummary(title: string, range: DayRange, days: string[], series: Series[], format?: (n: number) => string): string {
  return `${title}, ${formatRange(range)}. ${series.map((line) => `${seriesSummary(days, line, format)}.`).join(' ')}`
}

/** The funnel: "Sign-up funnel, 1–30 November 2026: Step 1: about you, 500; Step 2: account, 320 (64% of step 1); …." */
export function funnelSummary(range: DayRange, steps: { label: string; count: number; share: number | null }[]): string {
  const said = steps.map(({ label, count, share }, i) =>
    i === 0 || share === null ? `${label}, ${formatCount(count)}` : `${label}, ${formatCount(count)} (${formatShare(share)} of step 1)`,
  )
  return `Sign-up funnel, ${formatRange(range)}: ${said.join('; ')}.`
}
