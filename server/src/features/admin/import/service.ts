import { inArray } from 'drizzle-orm'
import type { ImportReport, ImportRejection } from '@core/admin/contract'
import { CATEGORIES_PER_PROVERB, PROVERB_TEXT_MAX } from '@core/admin/validation'
import { cleanText } from '@core/shared/text'
import type { Db } from '../../../db/client'
import { categories, ethnicGroups, proverbCategories, proverbs } from '../../../db/schema'
import { hasControlCharacters } from '../../../http/params'
import { audit } from '../../../services/audit'
import { proverbColumns } from '../proverb-rows'
import type { ImportRow } from './file'
import { IMPORT_TEXTS } from '@core/admin/api-texts'
import { type ImportField } from '@core/admin/import'

type Checked = {
  ethnicGroupId: number
  groupSlug: string
  categoryIds: number[]
  text: Record<'proverb' | 'transliteration' | 'interpretation', string>
}

/** One cell as clean text (the one sanitiser, on one line: the meaning too); or why not. */
function cell(row: ImportRow, field: ImportField): string | { reason: string } {
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
