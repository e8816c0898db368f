import { groupPagePath, proverbPagePath } from '@/core/proverbs/pages'
import { Link } from 'react-router-dom'
import type { Insights } from '@/core/analytics/contract'
import type { DayRange } from '@/core/analytics/insights-range'
import { addProverbPath, countColumn, textColumn, type TopGroup, type TopProverb, type TopSearch, type ZeroResultSearch } from './columns'
import { InsightsTable } from './insights-table'
import { formatDay, formatRange } from './summaries'

/** What was read and looked for: the top proverbs and peoples, the top searches, and the searches that found nothing. */
export function TopLists({ insights, range }: { insights: Insights; range: DayRange }) {
  const span = formatRange(range)
  return (
    <div className="insights-grid">
      <InsightsTable
        title="Top proverbs"
        file="top-proverbs"
        range={range}
        caption={`Most viewed proverbs, ${span}`}
        columns={[
          {
            header: 'Proverb',
            cell: (row: TopProverb) => <Link to={proverbPagePath(row.slug)}>{row.proverb ?? row.slug}</Link>,
            csv: (row) => row.proverb ?? row.slug,
          },
          countColumn('Views', (row: TopProverb) => row.views),
        ]}
        rows={insights.topProverbs}
        rowKey={(row) => row.slug}
        empty="No proverb was opened in this range."
      />
      <InsightsTable
        title="Top groups"
        file="top-groups"
        range={range}
        caption={`Most viewed peoples, ${span}`}
        columns={[
          {
            header: 'Group',
            cell: (row: TopGroup) => <Link to={groupPagePath(row.slug)}>{row.name ?? row.slug}</Link>,
            csv: (row) => row.name ?? row.slug,
          },
          countColumn('Views', (row: TopGroup) => row.views),
        ]}
        rows={insights.topGroups}
        rowKey={(row) => row.slug}
        empty="No people’s page was opened in this range."
      />
      <InsightsTable
        title="Top searches"
        file="top-searches"
        range={range}
        caption={`Most made searches, ${span}`}
        columns={[
          textColumn('Search', (row: TopSearch) => row.q),
          countColumn('Times searched', (row: TopSearch) => row.searches),
          countColumn('Proverbs found', (row: TopSearch) => row.results),
        ]}
        rows={insights.topSearches}
        rowKey={(row) => row.q}
        empty="No search was made in this range."
      />
      <InsightsTable
        title="Searches that found nothing"
        file="searches-that-found-nothing"
        range={range}
        caption={`Searches that found nothing, most made first, ${span}`}
        columns={[
          textColumn('Search', (row: ZeroResultSearch) => row.q),
          countColumn('Times searched', (row: ZeroResultSearch) => row.searches),
          { header: 'Last searched', cell: (row: ZeroResultSearch) => formatDay(row.lastDay, true), csv: (row) => row.lastDay },
          {
            header: 'Add',
            cell: (row: ZeroResultSearch) => (
              <Link to={addProverbPath(row.q)} aria-label={`Add as a proverb: ${row.q}`}>
                Add as a proverb
              </Link>
            ),
          },
        ]}
        rows={insights.zeroResultSearches}
        rowKey={(row) => row.q}
        empty="Every search in this range found something."
      >
        <p className="field__hint">What readers looked for and Òwe does not have yet: each can become a proverb.</p>
      </InsightsTable>
    </div>
  )
}
