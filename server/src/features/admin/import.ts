import { inArray } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ImportReport, ImportRejection } from '@core/admin-contract'
import { CATEGORIES_PER_PROVERB, PROVERB_TEXT_MAX } from '@core/admin-validation'
import { cleanText } from '@core/text'
import { API } from '@core/api-paths'
import type { Db } from '../../db/client'
import { categories, ethnicGroups, proverbCategories, proverbs } from '../../db/schema'
import { HttpError } from '../../http/errors'
import { hasControlCharacters } from '../../http/params'
import { audit } from '../../services/audit'
import { CsvError, parseCsv } from './csv'
import { proverbColumns } from './proverb-rows'
import type { AdminRoutes } from './shared'

export const IMPORT_MAX_BYTES = 2 * 1024 * 1024
export const IMPORT_MAX_ROWS = 5000
export const IMPORT_FIELDS = ['ethnic', 'proverb', 'transliteration', 'interpretation', 'categories'] as const
type Field = (typeof IMPORT_FIELDS)[number]

export const IMPORT_TEXTS = {
  slugClash:
    'its address on Òwe would be the same as another proverb’s: add it on its own from the console, where the clash can be resolved',
  notMultipart: 'Send the file as multipart/form-data.',
  noFile: 'Choose a CSV or JSON file to import.',
  unreadable: 'The upload could not be read. Please try again.',
  tooLarge: `The file must be ${IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS} proverbs; split it.`,
  wrongType: 'Upload a CSV file (UTF-8, with a header row) or a JSON array of proverbs.',
  badJson: 'The JSON file is not valid JSON.',
  jsonShape: 'The JSON file must hold an array of objects with ethnic, proverb, transliteration, interpretation and categories.',
  badCsv: (message: string) => `The CSV file cannot be read: ${message}.`,
  missingColumns: (names: string[]) => `The CSV header lacks the column${names.length === 1 ? '' : 's'} ${names.join(', ')}.`,
  missing: (field: Field) => `${field} is missing`,
  notText: (field: Field) => `${field} must be text`,
  controlCharacters: (field: Field) => `${field} contains control characters`,
  tooLong: (field: Field) => `${field} is longer than ${PROVERB_TEXT_MAX} characters`,
  unknownGroup: (name: string) => `unknown ethnic group "${name}" (use a group's slug or name)`,
  categoryCount: `give ${CATEGORIES_PER_PROVERB.min} to ${CATEGORIES_PER_PROVERB.max} categories, separated by ";"`,
  unknownCategory: (name: string) => `unknown category "${name}" (add it under Categories first)`,
} as const

const fileError = (status: 400 | 413 | 415, message: string) =>
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

/** Reads the single file of a multipart upload: 413 over the limit, 415 when not CSV or JSON. */
async function uploadedRows(request: FastifyRequest): Promise<{ rows: ImportRow[]; filename: string }> {
  if (!request.isMultipart()) throw fileError(415, IMPORT_TEXTS.notMultipart)
  let content: Buffer
  let filename: string
  try {
    const file = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } })
    if (!file) throw fileError(400, IMPORT_TEXTS.noFile)
    content = await file.toBuffer()
    filename = file.filename.slice(0, 200)
    if (file.file.truncated) throw fileError(413, IMPORT_TEXTS.tooLarge)
  } catch (error) {
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(413, IMPORT_TEXTS.tooLarge)
    throw fileError(400, IMPORT_TEXTS.unreadable)
  }
  return { rows: readImportFile(content), filename }
}

type Checked = {
  ethnicGroupId: number
  groupSlug: string
  categoryIds: number[]
  text: Record<'proverb' | 'transliteration' | 'interpretation', string>
}

/** One cell as clean text (the one sanitiser, on one line: the meaning too); or why not. */
function cell(row: ImportRow, field: Field): string | { reason: string } {
  const raw = row[field]
  if (raw === undefined || raw === null) return { reason: IMPORT_TEXTS.missing(field) }
  if (typeof raw !== 'string') return { reason: IMPORT_TEXTS.notText(field) }
  if (hasControlCharacters(raw.replace(/[\t\n\r]/g, ' '))) return { reason: IMPORT_TEXTS.controlCharacters(field) }
  const value = cleanText(raw)
  if (value === '') return { reason: IMPORT_TEXTS.missing(field) }
  if (value.length > PROVERB_TEXT_MAX) return { reason: IMPORT_TEXTS.tooLong(field) }
  return value
}

type Lookups = { groups: Map<string, { id: number; slug: string }>; categories: Map<string, number> }

function checkRow(row: ImportRow, lookups: Lookups): Checked | { reason: string } {
  const reasons: string[] = []
  const text = {} as Checked['text']
  for (const field of ['proverb', 'transliteration', 'interpretation'] as const) {
    const value = cell(row, field)
    if (typeof value === 'string') text[field] = value
    else reasons.push(value.reason)
  }
  const ethnic = cell(row, 'ethnic')
  const group = typeof ethnic === 'string' ? lookups.groups.get(ethnic.toLowerCase()) : undefined
  if (typeof ethnic !== 'string') reasons.push(ethnic.reason)
  else if (!group) reasons.push(IMPORT_TEXTS.unknownGroup(ethnic))

  // JSON may give the categories as an array; CSV gives them as "Wisdom; Patience".
  const rawCategories =
    Array.isArray(row.categories) && row.categories.every((c) => typeof c === 'string') ? row.categories.join(';') : row.categories
  const listed = cell({ categories: rawCategories }, 'categories')
  const categoryIds: number[] = []
  if (typeof listed !== 'string') reasons.push(listed.reason)
  else {
    const names = [
      ...new Set(
        listed
          .split(';')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ]
    const unknown = names.filter((name) => !lookups.categories.has(name.toLowerCase()))
    if (unknown.length) reasons.push(...unknown.map(IMPORT_TEXTS.unknownCategory))
    else if (names.length < CATEGORIES_PER_PROVERB.min || names.length > CATEGORIES_PER_PROVERB.max)
      reasons.push(IMPORT_TEXTS.categoryCount)
    else categoryIds.push(...new Set(names.map((name) => lookups.categories.get(name.toLowerCase())!)))
  }
  if (reasons.length || !group) return { reason: reasons.join('; ') }
  return { ethnicGroupId: group.id, groupSlug: group.slug, categoryIds, text }
}

async function lookups(db: Db): Promise<Lookups> {
  const groups = new Map<string, { id: number; slug: string }>()
  for (const g of await db.select().from(ethnicGroups)) {
    for (const key of [g.slug, g.name, g.language]) groups.set(key.toLowerCase(), { id: g.id, slug: g.slug })
  }
  const categoryMap = new Map<string, number>()
  for (const c of await db.select().from(categories)) {
    categoryMap.set(c.name.toLowerCase(), c.id)
    categoryMap.set(c.slug, c.id)
  }
  return { groups, categories: categoryMap }
}

const CHUNK = 500

/**
 * Checks every row, then adds the good ones in one transaction with one audit entry for the counts.
 * A proverb whose tone key its group already has (in the database or earlier in the file) is counted
 * as a duplicate and skipped: tone variants are told apart by hand, not by an import.
 */
export async function importProverbs(
  db: Db,
  rows: ImportRow[],
  actor: number | null,
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<ImportReport> {
  const known = await lookups(db)
  const rejected: ImportRejection[] = []
  const good: (Checked & { key: string; row: number })[] = []
  rows.forEach((row, index) => {
    const checked = checkRow(row, known)
    if ('reason' in checked) rejected.push({ row: index + 1, reason: checked.reason })
    else
      good.push({ ...checked, row: index + 1, key: `${checked.ethnicGroupId}:${proverbColumns(checked.groupSlug, checked.text).toneKey}` })
  })

  return db.transaction(async (tx) => {
    const toneKeys = [...new Set(good.map((g) => g.key.slice(g.key.indexOf(':') + 1)))]
    const seen = new Set<string>()
    for (let i = 0; i < toneKeys.length; i += CHUNK) {
      const existing = await tx
        .select({ groupId: proverbs.ethnicGroupId, toneKey: proverbs.toneKey })
        .from(proverbs)
        .where(inArray(proverbs.toneKey, toneKeys.slice(i, i + CHUNK)))
      for (const p of existing) seen.add(`${p.groupId}:${p.toneKey}`)
    }
    let duplicates = 0
    const fresh = good.filter((g) => {
      if (seen.has(g.key)) {
        duplicates++
        return false
      }
      seen.add(g.key)
      return true
    })
    // Two different proverbs can still land on one address (slugs end in a short hash; Ethiopic ones are
    // all hash): such a row is refused with its reason rather than failing the whole import.
    const withColumns = fresh.map((g) => ({ ...g, columns: proverbColumns(g.groupSlug, g.text) }))
    const taken = new Set<string>()
    const slugs = withColumns.map((g) => g.columns.slug)
    for (let i = 0; i < slugs.length; i += CHUNK) {
      const existing = await tx
        .select({ slug: proverbs.slug })
        .from(proverbs)
        .where(inArray(proverbs.slug, slugs.slice(i, i + CHUNK)))
      for (const p of existing) taken.add(p.slug)
    }
    const placed = withColumns.filter((g) => {
      if (!taken.has(g.columns.slug)) {
        taken.add(g.columns.slug)
        return true
      }
      rejected.push({ row: g.row, reason: IMPORT_TEXTS.slugClash })
      return false
    })
    rejected.sort((a, b) => a.row - b.row)
    for (let i = 0; i < placed.length; i += CHUNK) {
      const chunk = placed.slice(i, i + CHUNK)
      const inserted = await tx
        .insert(proverbs)
        .values(chunk.map((g) => ({ ...g.columns, ethnicGroupId: g.ethnicGroupId, source: 'import', createdAt: now })))
        .returning({ id: proverbs.id, slug: proverbs.slug })
      const ids = new Map(inserted.map((p) => [p.slug, p.id]))
      const links = chunk.flatMap((g) => g.categoryIds.map((categoryId) => ({ proverbId: ids.get(g.columns.slug)!, categoryId })))
      await tx.insert(proverbCategories).values(links)
    }
    const report: ImportReport = { received: rows.length, imported: placed.length, duplicates, rejected }
    const counts = { received: report.received, imported: report.imported, duplicates, rejected: rejected.length }
    await audit(tx, actor, { action: 'proverb.import', targetType: 'proverb', detail: { ...counts, ...detail } }, now)
    return report
  })
}

export const importRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.post(API.admin.proverbImport, async (request) => {
    const { rows, filename } = await uploadedRows(request)
    const report = await importProverbs(db, rows, request.auth!.userId, now(), { file: filename })
    if (report.imported > 0) sendPublic.clear()
    return { data: report }
  })
}
