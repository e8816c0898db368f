import { expect, test } from 'vitest'
import { chartConfig, type ChartSpec } from './chart-config'

const PALETTE = { series: ['#1f2a5a', '#a34f00'], grid: '#ddd5c6', text: '#5b5549', font: 'Noto Sans' }
const DAYS: ChartSpec = {
  kind: 'line',
  labels: ['1 Nov', '2 Nov'],
  series: [
    { label: 'Visitors', values: [3, 9] },
    { label: 'Page views', values: [10, 20] },
  ],
}

test('each series is drawn in the page’s colours, the second also dashed with diamond points', () => {
  const { data } = chartConfig(DAYS, PALETTE, false)
  expect(data.labels).toEqual(['1 Nov', '2 Nov'])
  expect(data.datasets.map((set) => [set.label, set.data, set.borderColor])).toEqual([
    ['Visitors', [3, 9], '#1f2a5a'],
    ['Page views', [10, 20], '#a34f00'],
  ])
  expect(data.datasets.map((set) => ('borderDash' in set ? set.borderDash : null))).toEqual([[], [6, 4]])
  expect(data.datasets.map((set) => ('pointStyle' in set ? set.pointStyle : null))).toEqual(['circle', 'rectRot'])
})

test('nothing moves when reduced motion is asked for', () => {
  expect(chartConfig(DAYS, PALETTE, true).options?.animation).toBe(false)
  expect(chartConfig(DAYS, PALETTE, false).options?.animation).toEqual({ duration: 300 })
})

test('axes take the grid and text colours; values count from zero and read in the spec’s format', () => {
  const spec: ChartSpec = { kind: 'bar', labels: ['1 Nov'], series: [{ label: 'Revenue in NGN', values: [2500] }], format: (n) => `₦${n}` }
  const scales = chartConfig(spec, PALETTE, true).options?.scales as Record<string, Record<string, never>>
  expect(scales.x.grid).toEqual({ color: '#ddd5c6' })
  expect(scales.y.beginAtZero).toBe(true)
  expect((scales.y.ticks as { callback: (value: number) => string; color: string }).callback(2500)).toBe('₦2500')
  expect((scales.y.ticks as { color: string }).color).toBe('#5b5549')
})

test('a share ends its axis at 100 %, whatever the values', () => {
  const spec: ChartSpec = {
    kind: 'line',
    labels: ['27 Nov'],
    series: [{ label: 'Remembered', values: [83] }],
    format: (n) => `${n}%`,
    max: 100,
  }
  expect((chartConfig(spec, PALETTE, true).options?.scales as Record<string, { max?: number }>).y.max).toBe(100)
  expect((chartConfig(DAYS, PALETTE, true).options?.scales as Record<string, { max?: number }>).y.max).toBeUndefined()
})

test('a horizontal chart lays its labels along the side and its values across', () => {
  const spec: ChartSpec = { kind: 'bar', horizontal: true, labels: ['Step 1: about you'], series: [{ label: 'Reached', values: [40] }] }
  const options = chartConfig(spec, PALETTE, true).options!
  expect(options.indexAxis).toBe('y')
  expect((options.scales as Record<string, { beginAtZero?: boolean }>).x.beginAtZero).toBe(true)
})

test('over two months of days, a line drops its points', () => {
  const labels = Array.from({ length: 90 }, (_, i) => String(i))
  const { data } = chartConfig({ kind: 'line', labels, series: [{ label: 'Visitors', values: labels.map(() => 1) }] }, PALETTE, true)
  expect('pointRadius' in data.datasets[0] && data.datasets[0].pointRadius).toBe(0)
})
