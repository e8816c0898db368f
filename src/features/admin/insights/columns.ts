import type { Insights } from '@/core/analytics/contract'
import type { InsightsColumn } from './insights-table'
import { formatCount, formatDay } from './summaries'

// The Insights' rows and the columns their tables share.

export type TopProverb = Insights['topProverbs'][number]
export type TopGroup = Insights['topGroups'][number]
export type TopSearch = Insights['topSearches'][number]
export type ZeroResultSearch = Insights['zeroResultSearches'][number]
export type Checkout = Insights['checkouts'][number]
export type Revenue = Insights['revenue'][number]

/** A count: "1,204" on screen, 1204 in the CSV. */
export const countColumn = <T>(header: string, value: (row: T) => number): InsightsColumn<T> => ({
  header,
  cell: (row) => formatCount(value(row)),
  csv: value,
  className: 'insights-number',
})

/** A day: "12 November" on screen (the range says the year), 2026-11-12 in the CSV. */
export const dayColumn = <T extends { day: string }>(): InsightsColumn<T> => ({
  header: 'Day',
  cell: (row) => formatDay(row.day),
  csv: (row) => row.day,
})

/** A text as it is, on screen and in the CSV. */
export const textColumn = <T>(header: string, value: (row: T) => string): InsightsColumn<T> => ({ header, cell: value, csv: value })

/** The console's proverb editor with the search's words in the proverb field (routes/proverbs.tsx reads ?add=). */
export const addProverbPath = (q: string) => `/admin/proverbs?${new URLSearchParams({ add: q })}`
