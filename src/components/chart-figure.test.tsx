// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CHART_FAILED } from '@/core/shared/texts'
import type { ChartSpec } from './chart-config'

const SPEC: ChartSpec = {
  kind: 'bar',
  labels: ['1 Nov', '2 Nov'],
  series: [
    { label: 'Installs', values: [2, 5] },
    { label: 'Push opt-ins', values: [1, 3] },
  ],
}
const SUMMARY =
  'Installs and push opt-ins per day, 1–2 November 2026. Installs: 7 in all, most on 2 November (5). Push opt-ins: 4 in all, most on 2 November (3).'

// Each test loads the figure afresh, with its own stand-in for the module that draws on the canvas (jsdom has none).
beforeEach(() => {
  vi.resetModules()
})
afterEach(() => {
  cleanup()
  vi.doUnmock('./draw-chart')
})

test('the chart is drawn on the canvas named by its summary, and taken away with the figure', async () => {
  const erase = vi.fn()
  const drawChart = vi.fn(() => erase)
  vi.doMock('./draw-chart', () => ({ drawChart }))
  const { ChartFigure } = await import('./chart-figure')
  const { unmount } = render(<ChartFigure caption="Installs and push opt-ins per day" summary={SUMMARY} spec={SPEC} />)
  expect(screen.getByRole('figure', { name: 'Installs and push opt-ins per day' })).toBeTruthy()
  const canvas = screen.getByRole('img', { name: SUMMARY })
  await waitFor(() => expect(drawChart).toHaveBeenCalledWith(canvas, SPEC))
  expect(screen.queryByText(CHART_FAILED)).toBeNull()
  unmount()
  expect(erase).toHaveBeenCalledOnce()
})

test('the legend names each series beside its colour and line', async () => {
  vi.doMock('./draw-chart', () => ({ drawChart: () => () => undefined }))
  const { ChartFigure } = await import('./chart-figure')
  const { container } = render(<ChartFigure caption="Installs" summary={SUMMARY} spec={{ ...SPEC, kind: 'line' }} />)
  const items = [...container.querySelectorAll('.chart-figure__legend li')]
  expect(items.map((item) => [item.textContent, item.firstElementChild?.className])).toEqual([
    ['Installs', 'chart-figure__swatch chart-figure__swatch--1 chart-figure__swatch--line'],
    ['Push opt-ins', 'chart-figure__swatch chart-figure__swatch--2 chart-figure__swatch--line'],
  ])
})

test('when Chart.js cannot be loaded (offline, say), the figure keeps its text alternative and says where the numbers are', async () => {
  vi.doMock('./draw-chart', () => {
    throw new Error('Failed to fetch dynamically imported module')
  })
  const { ChartFigure } = await import('./chart-figure')
  render(<ChartFigure caption="Installs and push opt-ins per day" summary={SUMMARY} spec={SPEC} />)
  expect(await screen.findByText(CHART_FAILED)).toBeTruthy()
  expect(screen.getByRole('img', { name: SUMMARY })).toBeTruthy()
})
