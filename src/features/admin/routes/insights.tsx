import '../insights/insights.css'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { Insights } from '@/core/analytics/contract'
import { checkInsightsRange, defaultInsightsRange, type DayRange } from '@/core/analytics/insights-range'
import { INSIGHTS_TEXTS } from '@/core/analytics/texts'
import { EmptyState, ErrorState } from '@/components/query-state'
import { useAdminId } from '@/entities/admin/queries'
import { AdminSection } from '../components/list-section'
import { isEmpty } from '../insights/figures'
import { RangeForm } from '../insights/range-form'
import { InsightsReport } from '../insights/report'
import { insightsQuery } from '../queries'

/**
 * /admin/insights?from=&to=: what readers did over a range of UTC days, counted without identifying anyone
 * (docs/requirements.md#r17-analytics). The range lives in the address; without one, the last 30 days.
 */
export default function InsightsSection() {
  const [params, setParams] = useSearchParams()
  // Today as the section opened: the default range does not move under an admin reading it past midnight.
  const [fallback] = useState(() => defaultInsightsRange(new Date()))
  const range: DayRange = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to }
  const problems = checkInsightsRange(range)
  const valid = !problems.from && !problems.to
  const query = useQuery({ ...insightsQuery(useAdminId(), range), enabled: valid })
  return (
    <AdminSection title="Insights">
      <p className="field__hint insights-about">
        Days are UTC calendar days. Nothing here identifies a reader: there are no cookies or stored identifiers, and a visitor is counted
        once a day.
      </p>
      <RangeForm
        range={range}
        onShow={(next) => {
          if (next.from === range.from && next.to === range.to) void query.refetch()
          else setParams(new URLSearchParams(next))
        }}
      />
      {valid && <InsightsResult query={query} />}
    </AdminSection>
  )
}

function InsightsResult({ query }: { query: UseQueryResult<Insights> }) {
  if (query.data) {
    if (isEmpty(query.data)) {
      return (
        <EmptyState title={INSIGHTS_TEXTS.empty}>
          <p>{INSIGHTS_TEXTS.emptyDetail}</p>
        </EmptyState>
      )
    }
    return <InsightsReport insights={query.data} />
  }
  if (query.isError) return <ErrorState title="Could not load the insights" error={query.error} onRetry={() => void query.refetch()} />
  return <InsightsLoading />
}

/** Placeholders the size of what comes: the first charts and a top list. */
function InsightsLoading() {
  return (
    <div className="loading insights-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading the insights</span>
      {['chart', 'chart', 'table'].map((kind, i) => (
        <div key={i} className={`skeleton insights-skeleton--${kind}`} aria-hidden="true" />
      ))}
    </div>
  )
}
