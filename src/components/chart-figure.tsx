import './chart-figure.css'
import { useEffect, useId, useRef, useState } from 'react'
import { CHART_FAILED } from '@/core/shared/texts'
import type { ChartSpec } from './chart-config'

let loading: Promise<typeof import('./draw-chart')> | undefined
/** Chart.js and its drawing, asked for once for all the charts (again after a failure, say offline). */
function loadDrawChart() {
  loading ??= import('./draw-chart').catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/**
 * A chart as a figure: its caption, a legend in HTML (each series' colour and line), and the canvas as an
 * image named by `summary`, its text alternative; the numbers are in a table beside it. Chart.js comes
 * with the first chart drawn (a module of its own, `draw-chart`, which the worker does not precache), so a page
 * shows its tables without waiting for it, and offline keeps them and the text alternative.
 * `spec` should keep its identity while its data does: a new one draws the chart again.
 */
export function ChartFigure({ caption, summary, spec }: { caption: string; summary: string; spec: ChartSpec }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [failed, setFailed] = useState(false)
  const id = useId()
  useEffect(() => {
    let live = true
    let erase: (() => void) | undefined
    loadDrawChart().then(
      ({ drawChart }) => {
        if (live && canvas.current) erase = drawChart(canvas.current, spec)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
      erase?.()
    }
  }, [spec])
  return (
    // Named by its caption outright: not every browser and screen reader takes the name from <figcaption>.
    <figure className="chart-figure" aria-labelledby={id}>
      <figcaption id={id}>{caption}</figcaption>
      {spec.series.length > 1 && (
        // Said by the canvas's name already; shown for the eye.
        <ul className="chart-figure__legend" aria-hidden="true">
          {spec.series.map((series, i) => (
            <li key={series.label}>
              <span className={`chart-figure__swatch chart-figure__swatch--${(i % 2) + 1} chart-figure__swatch--${spec.kind}`} />
              {series.label}
            </li>
          ))}
        </ul>
      )}
      <div className={`chart-figure__canvas${spec.horizontal ? ' chart-figure__canvas--tall' : ''}`}>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      {failed && <p className="field__hint">{CHART_FAILED}</p>}
    </figure>
  )
}
