import type { DayRange } from '@/core/analytics/insights-range'

/** A CSV cell: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null

/** Text a spreadsheet would run as a formula: readers type the searches these tables list. */
const FORMULA_START = /^[=+\-@\t\r]/

function field(cell: CsvCell): string {
  const text = cell === null ? '' : typeof cell === 'number' ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell
  return `"${text.replaceAll('"', '""')}"`
}

/**
 * A table as CSV (RFC 4180): the header row, then one line per row, each field in double quotes with any
 * quote inside it doubled, lines ended by CRLF. Text keeps its letters as they are (tone marks, under-dots,
 * Ethiopic); text starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe, so a
 * spreadsheet shows it rather than running it. Numbers stay bare digits inside their quotes.
 */
export function toCsv(header: readonly string[], rows: readonly CsvCell[][]): string {
  return [header, ...rows].map((row) => `${row.map(field).join(',')}\r\n`).join('')
}

/** "owe-top-searches-2026-11-01-to-2026-11-30.csv": the table's name and the range it covers. */
export const csvFileName = (table: string, { from, to }: DayRange): string => `owe-${table}-${from}-to-${to}.csv`
