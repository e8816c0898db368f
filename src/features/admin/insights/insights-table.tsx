import { useId, type ReactNode } from 'react'
import type { DayRange } from '@/core/analytics/insights-range'
import { DataTable, type Column } from '../components/paged'
import { csvFileName, toCsv, type CsvCell } from './csv'

/** A column of an Insights table; `csv` is its cell in the export (a column without one, such as a link to act on, is left out). */
export type InsightsColumn<T> = Column<T> & { csv?: (row: T) => CsvCell }

/** The columns' CSV: the header row and exactly the rows shown. */
export function tableCsv<T>(columns: InsightsColumn<T>[], rows: T[]): string {
  const exported = columns.filter((column) => column.csv)
  return toCsv(
    exported.map((column) => column.header),
    rows.map((row) => exported.map((column) => column.csv!(row))),
  )
}

/** Saves text as a UTF-8 file (with a byte-order mark, so a spreadsheet reads its tone marks as they are). */
function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * A block of the Insights: its heading, an "Export CSV" of the table, what comes before the table (a
 * chart, a note), and the table, or `empty` when the range has no rows for it.
 */
export function InsightsTable<T>({
  title,
  file,
  range,
  caption,
  columns,
  rows,
  rowKey,
  empty,
  wrap = (table) => table,
  children,
}: {
  title: string
  /** The file's name part: "top-searches" makes owe-top-searches-<from>-to-<to>.csv. */
  file: string
  range: DayRange
  caption: string
  columns: InsightsColumn<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  empty: string
  /** Puts the table in something (a disclosure). */
  wrap?: (table: ReactNode) => ReactNode
  children?: ReactNode
}) {
  const id = useId()
  return (
    <section className="insights-block" aria-labelledby={id}>
      <div className="insights-block__head">
        <h3 id={id}>{title}</h3>
        {rows.length > 0 && (
          <button
            type="button"
            className="button button--small"
            aria-label={`Export CSV: ${title}`}
            onClick={() => download(csvFileName(file, range), tableCsv(columns, rows))}
          >
            Export CSV
          </button>
        )}
      </div>
      {children}
      {rows.length > 0 ? (
        wrap(<DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />)
      ) : (
        <p className="subtle">{empty}</p>
      )}
    </section>
  )
}
