import { API } from '@core/http/api-paths'
import type { ProverbSource } from '@core/proverbs/contract'
import { sourceLabel } from '@core/proverbs/sources'
import { EXPORT_COLUMNS, OPEN_DATA } from '@core/proverbs/open-data'
import type { Db } from '../../db/client'
import { corpusRows } from './repository'

export type ExportedProverb = {
  slug: string
  people: string
  language: string
  proverb: string
  transliteration: string
  interpretation: string
  categories: string[]
  sources: ProverbSource[]
  cousins: string | null
  checkedBy: string | null
  url: string
}

export type CorpusExport = {
  name: string
  licence: { name: string; url: string; statement: string }
  citation: string
  exportedAt: string
  proverbs: ExportedProverb[]
  cousins: { key: string; note: string; proverbs: string[] }[]
}

/** Every proverb with its people, categories, sources and cousin cluster; the clusters with their notes. */
export async function corpusExport(db: Db, publicUrl: string, now: Date): Promise<CorpusExport> {
  const { proverbs: rows, categoryLinks: links, cousinLinks, clusters } = await corpusRows(db)
  const categoriesOf = new Map<number, string[]>()
  for (const { proverbId, name } of links) categoriesOf.set(proverbId, [...(categoriesOf.get(proverbId) ?? []), name])
  const clusterOf = new Map(cousinLinks.map((l) => [l.proverbId, l.key]))
  const exported = rows.map((row) => ({
    slug: row.slug,
    people: row.people,
    language: row.language,
    proverb: row.proverb,
    transliteration: row.transliteration,
    interpretation: row.interpretation,
    categories: categoriesOf.get(row.id) ?? [],
    sources: row.sources,
    cousins: clusterOf.get(row.id) ?? null,
    checkedBy: row.checkedBy,
    url: `${publicUrl}/search_result?proverb=${encodeURIComponent(row.slug)}`,
  }))
  return {
    name: OPEN_DATA.name,
    licence: OPEN_DATA.licence,
    citation: OPEN_DATA.citation(now.getUTCFullYear(), `${publicUrl}${API.proverbsExport}`),
    exportedAt: now.toISOString(),
    proverbs: exported,
    cousins: clusters
      .map(({ key, note }) => ({ key, note, proverbs: exported.filter((p) => p.cousins === key).map((p) => p.slug) }))
      .filter((c) => c.proverbs.length > 1),
  }
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** One row per proverb; several categories or sources are joined with "; ", a source as "Title <address>". */
export function toCsv(data: CorpusExport): string {
  const notes = new Map(data.cousins.map((c) => [c.key, c.note]))
  const source = (s: ProverbSource) => `${s.url ? `${s.title} <${s.url}>` : sourceLabel(s)}${s.original ? `: ${s.original}` : ''}`
  const lines = data.proverbs.map((p) =>
    [
      p.slug,
      p.people,
      p.language,
      p.proverb,
      p.transliteration,
      p.interpretation,
      p.categories.join('; '),
      p.sources.map(source).join('; '),
      p.cousins ?? '',
      (p.cousins && notes.get(p.cousins)) ?? '',
      p.checkedBy ?? '',
      p.url,
    ]
      .map(csvField)
      .join(','),
  )
  return `${[EXPORT_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`
}
