import { useMemo, useState, type ReactNode } from 'react'
import type { ChartSpec } from '@/components/chart-config'
import { ChartFigure } from '@/components/chart-figure'
import { localDayOf } from '@/core/learning/days'
import { PROGRESS_TEXTS } from '@/core/learning/review-texts'
import type { LearningProgress } from '@/core/learning/schedule'
import { formatLongDate } from '@/core/shared/format'
import { busiestDay, PROGRESS_DAYS, rememberedPerDay, shortDay, windowDays } from '../progress-figures'

/** A chart's numbers, behind a disclosure: its text alternative says them in short. */
function Numbers({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <details className="progress-numbers">
      <summary>{PROGRESS_TEXTS.numbers}</summary>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, i) => (
              <th key={cell} scope="col" className={i > 0 ? 'progress-numbers__count' : undefined}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest], i) => (
            <tr key={i}>
              <th scope="row">{first}</th>
              {rest.map((cell, j) => (
                <td key={j} className="progress-numbers__count">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

/**
 * The progress charts (Chart.js, loaded with the first one drawn): reviews per day over the last 30 days, the
 * deck learned and still being learned, and the share remembered on each day with reviews. Each is a figure
 * with a text alternative, its numbers in a table.
 */
export function ProgressCharts({ progress }: { progress: LearningProgress }) {
  const [today] = useState(() => localDayOf(new Date()).day)
  const days = useMemo(() => windowDays(progress, today), [progress, today])
  const remembered = useMemo(() => rememberedPerDay(days), [days])
  const learning = progress.deck - progress.learned
  const perDay: ChartSpec = useMemo(
    () => ({
      kind: 'bar',
      labels: days.map((row) => shortDay(row.day)),
      series: [
        { label: PROGRESS_TEXTS.reviews, values: days.map((row) => row.reviews) },
        { label: PROGRESS_TEXTS.again, values: days.map((row) => row.again) },
      ],
    }),
    [days],
  )
  const deck: ChartSpec = useMemo(
    () => ({
      kind: 'bar',
      horizontal: true,
      labels: [PROGRESS_TEXTS.learned, PROGRESS_TEXTS.stillLearning],
      series: [{ label: PROGRESS_TEXTS.proverbs, values: [progress.learned, learning] }],
    }),
    [progress.learned, learning],
  )
  const share: ChartSpec = useMemo(
    () => ({
      kind: 'line',
      labels: remembered.map((row) => shortDay(row.day)),
      series: [{ label: PROGRESS_TEXTS.share, values: remembered.map((row) => row.percent) }],
      format: (value: number) => `${value}%`,
      // A share: the axis runs to 100 %, not to just above the best day (a single day at 83 % topped it at 90 %).
      max: 100,
    }),
    [remembered],
  )
  const total = days.reduce((sum, row) => sum + row.reviews, 0)
  const again = days.reduce((sum, row) => sum + row.again, 0)
  const busiest = busiestDay(days)
  const mean = remembered.length ? Math.round(remembered.reduce((sum, row) => sum + row.percent, 0) / remembered.length) : null
  return (
    <div className="progress-charts">
      <section className="progress-block">
        <ChartFigure
          caption={PROGRESS_TEXTS.perDay(PROGRESS_DAYS)}
          summary={PROGRESS_TEXTS.perDaySummary(PROGRESS_DAYS, total, again, busiest && formatLongDate(busiest.day))}
          spec={perDay}
        />
        <Numbers
          caption={PROGRESS_TEXTS.perDay(PROGRESS_DAYS)}
          head={[PROGRESS_TEXTS.day, PROGRESS_TEXTS.reviews, PROGRESS_TEXTS.again]}
          rows={days.map((row) => [formatLongDate(row.day), row.reviews, row.again])}
        />
      </section>
      <section className="progress-block">
        <ChartFigure caption={PROGRESS_TEXTS.cards} summary={PROGRESS_TEXTS.cardsSummary(progress.learned, learning)} spec={deck} />
        <Numbers
          caption={PROGRESS_TEXTS.cards}
          head={[PROGRESS_TEXTS.stage, PROGRESS_TEXTS.proverbs]}
          rows={[
            [PROGRESS_TEXTS.learned, progress.learned],
            [PROGRESS_TEXTS.stillLearning, learning],
          ]}
        />
      </section>
      <section className="progress-block">
        <ChartFigure
          caption={PROGRESS_TEXTS.remembered(PROGRESS_DAYS)}
          summary={PROGRESS_TEXTS.rememberedSummary(PROGRESS_DAYS, mean)}
          spec={share}
        />
        <Numbers
          caption={PROGRESS_TEXTS.remembered(PROGRESS_DAYS)}
          head={[PROGRESS_TEXTS.day, PROGRESS_TEXTS.share]}
          rows={remembered.map((row) => [formatLongDate(row.day), `${row.percent}%`])}
        />
      </section>
    </div>
  )
}
