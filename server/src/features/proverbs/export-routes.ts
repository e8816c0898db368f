import type { FastifyInstance } from 'fastify'
import { gzipSync } from 'node:zlib'
import { API } from '@core/http/api-paths'
import { EXPORT_FORMATS, OPEN_DATA, type ExportFormat } from '@core/proverbs/open-data'
import type { Db } from '../../db/client'
import { badRequest } from '../../http/errors'
import { optionalString } from '../../http/params'
import { acceptedCodings } from '../../http/public-cache'
import { corpusExport, toCsv } from './export-service'

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
