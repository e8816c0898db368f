import { BarController, BarElement, CategoryScale, Chart, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'
import { chartConfig, type ChartSpec, type Palette } from './chart-config'

// Loaded only when a page draws its first chart (chart-figure.tsx imports this module lazily: the console's
// Insights, Learn's progress), so Chart.js travels with no other page. Only what they draw is registered: lines
// and bars on a category axis against a linear one, with tooltips; the legend is the figure's own HTML.
Chart.register(LineController, LineElement, PointElement, BarController, BarElement, CategoryScale, LinearScale, Tooltip)

const darkMode = matchMedia('(prefers-color-scheme: dark)')
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)')

/** The chart colours the canvas inherits (chart-figure.css sets them for light and dark mode), and the page's font. */
function paletteOf(canvas: HTMLCanvasElement): Palette {
  const style = getComputedStyle(canvas)
  const value = (name: string) => style.getPropertyValue(name).trim()
  return {
    series: [value('--chart-1'), value('--chart-2')],
    grid: value('--chart-grid'),
    text: value('--chart-text'),
    font: style.fontFamily,
  }
}

/** Draws the spec on the canvas, and again in the new colours when the device turns dark mode on or off. Returns what takes it away. */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): () => void {
  const chart = new Chart(canvas, chartConfig(spec, paletteOf(canvas), reducedMotion.matches))
  const recolour = () => {
    // The stylesheet's dark-mode rules apply before this runs: the colours read here are the new ones.
    const { data, options } = chartConfig(spec, paletteOf(canvas), true)
    chart.data = data
    chart.options = options ?? {}
    chart.update('none')
  }
  darkMode.addEventListener('change', recolour)
  return () => {
    darkMode.removeEventListener('change', recolour)
    chart.destroy()
  }
}
