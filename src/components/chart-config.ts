import type { ChartConfiguration, TooltipItem } from 'chart.js'

/**
 * What a chart shows, as a page describes it: the kind, a label per point and one or more series.
 * draw-chart.ts hands it to Chart.js; the tests read it as it is handed over.
 */
export type ChartSpec = {
  kind: 'line' | 'bar'
  /** Bars laid along, for long labels (the funnel's steps) on a narrow screen. */
  horizontal?: boolean
  labels: string[]
  series: { label: string; values: number[] }[]
  /** How a value reads on the axis and in the tooltip (money in its currency); counts by default. */
  format?: (value: number) => string
  /** Where the value axis ends whatever the values (a share: 100), instead of just above the largest. */
  max?: number
}

/** The colours a chart takes from the page (its CSS variables, so light and dark mode both hold), and its font. */
export type Palette = { series: string[]; grid: string; text: string; font: string }

type Kind = 'line' | 'bar'

/** Beyond about two months of days the points would touch: the line alone reads better. */
const POINTS_UP_TO = 62

/**
 * Chart.js's configuration for a spec. Series differ by more than colour: the second line is dashed and
 * its points are diamonds. With reduced motion asked for, nothing animates.
 */
export function chartConfig(spec: ChartSpec, palette: Palette, reducedMotion: boolean): ChartConfiguration<Kind> {
  const format = spec.format ?? ((value: number) => value.toLocaleString('en'))
  const valueAxis = spec.horizontal ? 'x' : 'y'
  const labelAxis = spec.horizontal ? 'y' : 'x'
  const colour = (i: number) => palette.series[i % palette.series.length]
  const axis = {
    grid: { color: palette.grid },
    border: { color: palette.grid },
    ticks: { color: palette.text, font: { family: palette.font } },
  }
  return {
    type: spec.kind,
    data: {
      labels: spec.labels,
      datasets: spec.series.map((series, i) => ({
        label: series.label,
        data: series.values,
        borderColor: colour(i),
        backgroundColor: colour(i),
        ...(spec.kind === 'line'
          ? {
              borderWidth: 2,
              borderDash: i % 2 === 1 ? [6, 4] : [],
              pointStyle: i % 2 === 1 ? 'rectRot' : 'circle',
              pointRadius: spec.labels.length > POINTS_UP_TO ? 0 : 3,
              pointHoverRadius: 5,
              tension: 0,
            }
          : { borderWidth: 0, maxBarThickness: 28 }),
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : { duration: 300 },
      indexAxis: labelAxis,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        tooltip: {
          callbacks: {
            label: (item: TooltipItem<Kind>) => `${item.dataset.label}: ${format(item.parsed[valueAxis] ?? 0)}`,
          },
        },
      },
      scales: {
        [labelAxis]: { ...axis, ticks: { ...axis.ticks, autoSkip: true, maxRotation: 0 } },
        [valueAxis]: {
          ...axis,
          beginAtZero: true,
          ...(spec.max === undefined ? {} : { max: spec.max }),
          ticks: { ...axis.ticks, precision: 0, callback: (value: string | number) => format(Number(value)) },
        },
      },
    },
  }
}
