import { HttpError } from '../../../http/errors'
import { CsvError, parseCsv } from './csv'
import { IMPORT_FIELDS, IMPORT_MAX_ROWS } from '@core/admin/import'
import { IMPORT_TEXTS } from '@core/admin/api-texts'

/** A 400, 413 or 415 about the uploaded file, naming the file field. */
export const fileError = (status: 400 | 413 | 415, message: string) =>
  new HttpError(status, status === 400 ? 'bad_request' : status === 413 ? 'payload_too_large' : 'unsupported_media_type', message, {
    file: message,
  })

/** A row as the file gives it: CSV cells by header name, or a JSON object. */
export type ImportRow = Record<string, unknown>

/**
 * The rows of an uploaded file, its type told by its content (never its name or claimed type): JSON
 * when it starts with `[`, otherwise CSV with a header row. Not UTF-8 text (an image, a spreadsheet) is 415.
 */
export function readImportFile(bytes: Uint8Array): ImportRow[] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw fileError(415, IMPORT_TEXTS.wrongType)
  }
  // NUL and other C0 bytes (bar tab and line breaks) mean a binary file that happens to decode.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (text.trim() === '' || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw fileError(415, IMPORT_TEXTS.wrongType)
  const rows = /^\s*[[{]/.test(text) ? jsonRows(text) : csvRows(text)
  if (rows.length > IMPORT_MAX_ROWS) throw fileError(413, IMPORT_TEXTS.tooManyRows)
  return rows
}

function jsonRows(text: string): ImportRow[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw fileError(400, IMPORT_TEXTS.badJson)
  }
  if (!Array.isArray(parsed)) throw fileError(400, IMPORT_TEXTS.jsonShape)
  // A non-object entry is kept as an empty row, so it is reported with its row number.
  return parsed.map((row: unknown) => (row !== null && typeof row === 'object' && !Array.isArray(row) ? (row as ImportRow) : {}))
}

function csvRows(text: string): ImportRow[] {
  let records: string[][]
  try {
    records = parseCsv(text)
  } catch (error) {
    if (error instanceof CsvError) throw fileError(400, IMPORT_TEXTS.badCsv(error.message))
    throw error
  }
  const header = (records[0] ?? []).map((name) => name.trim().toLowerCase())
  const missing = IMPORT_FIELDS.filter((field) => !header.includes(field))
  // No known column at all: not our CSV (or not CSV). Some: our CSV with a column forgotten.
  if (missing.length === IMPORT_FIELDS.length) throw fileError(415, IMPORT_TEXTS.wrongType)
  if (missing.length) throw fileError(400, IMPORT_TEXTS.missingColumns(missing))
  return records.slice(1).map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])))
}
