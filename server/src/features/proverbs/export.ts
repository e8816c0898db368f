import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { gzipSync } from 'node:zlib'
import { API } from '@core/api-paths'
import type { ProverbSource } from '@core/contract'
import { sourceLabel } from '@core/corrections'
import { EXPORT_COLUMNS, EXPORT_FORMATS, OPEN_DATA, type ExportFormat } from '@core/open-data'
import type { Db } from '../../db/client'
import { categories, cousinClusters, ethnicGroups, proverbCategories, proverbCousins, proverbs } from '../../db/schema'
import { badRequest } from '../../http/errors'
import { optionalString } from '../../http/params'
import { acceptedCodings } from '../../http/public-cache'

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
  const rows = await db
    .select({
      id: proverbs.id,
      slug: proverbs.slug,
      people: ethnicGroups.name,
      language: ethnicGroups.language,
      proverb: proverbs.proverb,
      transliteration: proverbs.transliteration,
      interpretation: proverbs.interpretation,
      sources: proverbs.sources,
      checkedBy: proverbs.checkedBy,
    })
    .from(proverbs)
    .innerJoin(ethnicGroups, eq(ethnicGroups.id, proverbs.ethnicGroupId))
    .orderBy(asc(ethnicGroups.position), asc(proverbs.id))
  const links = await db
    .select({ proverbId: proverbCategories.proverbId, name: categories.name })
    .from(proverbCategories)
    .innerJoin(categories, eq(categories.id, proverbCategories.categoryId))
    .orderBy(asc(categories.name))
  const cousinLinks = await db
    .select({ proverbId: proverbCousins.proverbId, key: cousinClusters.key })
    .from(proverbCousins)
    .innerJoin(cousinClusters, eq(cousinClusters.id, proverbCousins.clusterId))
  const clusters = await db
    .select({ key: cousinClusters.key, note: cousinClusters.note })
    .from(cousinClusters)
    .orderBy(asc(cousinClusters.key))

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
  const source = (s: ProverbSource) => (s.url ? `${s.title} <${s.url}>` : sourceLabel(s))
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

/**
 * GET API.proverbsExport?format=json|csv: the whole corpus as open data, a download named for its date.
 * The licence is in the JSON itself and, for both, in a `Link: …; rel="license"` header.
 */
export function exportRoutes(app: FastifyInstance, { db, now, publicUrl }: { db: Db; now: () => Date; publicUrl: string }): void {
  app.get(API.proverbsExport, async (request, reply) => {
    const raw = optionalString(request.query as Record<string, unknown>, 'format') ?? 'json'
    const format = EXPORT_FORMATS.find((f) => f === raw.toLowerCase()) as ExportFormat | undefined
    if (!format) throw badRequest('format must be json or csv.', { format: 'Use json or csv' })
    const at = now()
    const data = await corpusExport(db, publicUrl, at)
    const body = format === 'csv' ? toCsv(data) : JSON.stringify(data, null, 2)
    reply
      .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="owe-proverbs-${at.toISOString().slice(0, 10)}.${format}"`)
      .header('Link', `<${OPEN_DATA.licence.url}>; rel="license"`)
      .header('Cache-Control', 'public, max-age=3600')
      .header('Vary', 'Accept-Encoding')
    if (acceptedCodings(request.headers['accept-encoding']).has('gzip'))
      return reply.header('Content-Encoding', 'gzip').send(gzipSync(body))
    return reply.send(body)
  })
}
