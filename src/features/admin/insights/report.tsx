import { useMemo, type ReactNode } from 'react'
import type { Insights, InsightsDay } from '@/core/analytics/contract'
import type { DayRange } from '@/core/analytics/insights-range'
import type { ChartSpec } from '@/components/chart-config'
import { ChartFigure } from '@/components/chart-figure'
import { countColumn, dayColumn, textColumn, type Checkout, type Revenue } from './columns'
import { everyDay, funnelSteps, revenueByCurrency, type FunnelStep } from './figures'
import { InsightsTable } from './insights-table'
import { dailySummary, formatCount, formatDayShort, formatMoney, formatRange, formatShare, funnelSummary } from './summaries'
import { TopLists } from './top-lists'

type DailyKey = Exclude<keyof InsightsDay, 'day'>

/** The charts of days: each draws its first two counts, and its table holds all of them. */
const DAILY: { title: string; file: string; kind: ChartSpec['kind']; counts: [DailyKey, string][] }[] = [
  {
    title: 'Visitors and page views',
    file: 'visits-per-day',
    kind: 'line',
    counts: [
      ['visitors', 'Visitors'],
      ['pageViews', 'Page views'],
      ['proverbViews', 'Proverb views'],
      ['searches', 'Searches'],
      ['shares', 'Shares'],
    ],
  },
  {
    title: 'Installs and push opt-ins',
    file: 'installs-per-day',
    kind: 'bar',
    counts: [
      ['installs', 'Installs'],
      ['pushOptIns', 'Push opt-ins'],
    ],
  },
  {
    title: 'Quizzes started and finished',
    file: 'quizzes-per-day',
    kind: 'bar',
    counts: [
      ['quizStarts', 'Quizzes started'],
      ['quizFinishes', 'Quizzes finished'],
    ],
  },
]

/** A chart's numbers day by day, behind a disclosure: the chart's summary says them in short. */
const dayByDay = (table: ReactNode) => (
  <details className="insights-details">
    <summary>The numbers, day by day</summary>
    {table}
  </details>
)

/** Everything a range holds: the charts of days with their tables, the top lists, the sign-up funnel and the money. */
export function InsightsReport({ insights }: { insights: Insights }) {
  const { from, to } = insights
  const range: DayRange = useMemo(() => ({ from, to }), [from, to])
  const span = formatRange(range)
  const days = useMemo(() => everyDay(range, insights.days), [range, insights.days])
  const dayList = useMemo(() => days.map((day) => day.day), [days])
  const labels = useMemo(() => dayList.map(formatDayShort), [dayList])
  const dailySpecs = useMemo(
    () =>
      DAILY.map(({ kind, counts }): ChartSpec => ({
        kind,
        labels,
        series: counts.slice(0, 2).map(([key, label]) => ({ label, values: days.map((day) => day[key]) })),
      })),
    [days, labels],
  )
  const funnel = useMemo(() => funnelSteps(insights.signupFunnel), [insights.signupFunnel])
  const anySignup = funnel.some((step) => step.count > 0)
  const funnelSpec = useMemo(
    (): ChartSpec => ({
      kind: 'bar',
      horizontal: true,
      labels: funnel.map((step) => step.label),
      series: [{ label: 'Reached', values: funnel.map((step) => step.count) }],
    }),
    [funnel],
  )
  const revenue = useMemo(() => revenueByCurrency(range, insights.revenue), [range, insights.revenue])
  const revenueSpecs = useMemo(
    () =>
      revenue.map((money): ChartSpec => ({
        kind: 'bar',
        labels,
        series: [{ label: `Revenue in ${money.currency}`, values: money.amounts }],
        format: (amount) => formatMoney(amount, money.currency),
      })),
    [revenue, labels],
  )

  return (
    <>
      {DAILY.map((chart, i) => (
        <InsightsTable
          key={chart.file}
          title={chart.title}
          file={chart.file}
          range={range}
          caption={`${chart.title} per day, ${span}`}
          columns={[dayColumn<InsightsDay>(), ...chart.counts.map(([key, label]) => countColumn(label, (day: InsightsDay) => day[key]))]}
          rows={days}
          rowKey={(day) => day.day}
          empty=""
          wrap={dayByDay}
        >
          <ChartFigure
            caption={`${chart.title} per day, ${span}`}
            summary={dailySummary(`${chart.title} per day`, range, dayList, dailySpecs[i].series)}
            spec={dailySpecs[i]}
          />
        </InsightsTable>
      ))}

      <TopLists insights={insights} range={range} />

      <InsightsTable
        title="Sign-up funnel"
        file="sign-up-funnel"
        range={range}
        caption={`Sign-up steps reached, ${span}`}
        columns={[
          textColumn('Step', (row: FunnelStep) => row.label),
          countColumn('Reached', (row: FunnelStep) => row.count),
          {
            header: 'Share of step 1',
            cell: (row: FunnelStep) => (row.share === null ? '—' : formatShare(row.share)),
            csv: (row) => (row.share === null ? null : formatShare(row.share)),
            className: 'insights-number',
          },
        ]}
        rows={anySignup ? funnel : []}
        rowKey={(row) => row.step}
        empty="Nobody started signing up in this range."
      >
        {anySignup && <ChartFigure caption={`Sign-up steps reached, ${span}`} summary={funnelSummary(range, funnel)} spec={funnelSpec} />}
      </InsightsTable>

      <InsightsTable
        title="Checkouts"
        file="checkouts"
        range={range}
        caption={`Checkouts started and paid per day, ${span}`}
        columns={[
          dayColumn<Checkout>(),
          textColumn('Currency', (row: Checkout) => row.currency),
          countColumn('Started', (row: Checkout) => row.started),
          countColumn('Paid', (row: Checkout) => row.paid),
        ]}
        rows={insights.checkouts}
        rowKey={(row) => `${row.day} ${row.currency}`}
        empty="No checkout was started in this range."
      />

      <InsightsTable
        title="Revenue"
        file="revenue"
        range={range}
        caption={`Payments and revenue per day and currency, ${span}`}
        columns={[
          dayColumn<Revenue>(),
          textColumn('Currency', (row: Revenue) => row.currency),
          countColumn('Payments', (row: Revenue) => row.payments),
          {
            header: 'Amount',
            cell: (row: Revenue) => formatMoney(row.amount, row.currency),
            csv: (row) => row.amount,
            className: 'insights-number',
          },
        ]}
        rows={insights.revenue}
        rowKey={(row) => `${row.day} ${row.currency}`}
        empty="No payment was settled in this range."
      >
        {revenue.length > 0 && (
          <p>
            In all:{' '}
            {revenue
              .map(
                (money) =>
                  `${formatMoney(money.total, money.currency)} from ${formatCount(money.count)} ${money.count === 1 ? 'payment' : 'payments'}`,
              )
              .join('; ')}
            .
          </p>
        )}
        {revenue.map((money, i) => (
          <ChartFigure
            key={money.currency}
            caption={`Revenue per day in ${money.currency}, ${span}`}
            summary={dailySummary(`Revenue per day in ${money.currency}`, range, dayList, revenueSpecs[i].series, revenueSpecs[i].format)}
            spec={revenueSpecs[i]}
          />
        ))}
      </InsightsTable>
    </>
  )
}
