import type { FastifyRequest } from 'fastify'
import { ADMIN_API } from '@core/admin/api-paths'
import { HttpError } from '../../../http/errors'
import type { AdminRoutes } from '../shared'
import { fileError, readImportFile, type ImportRow } from './file'
import { importProverbs } from './service'
import { IMPORT_MAX_BYTES } from '@core/admin/import'
import { IMPORT_TEXTS } from '@core/admin/api-texts'

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

/** Proverbs in bulk from a CSV or JSON file, checked row by row, with a report of what was added and why the rest was not. */
export const importRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.post(ADMIN_API.proverbImport, async (request) => {
    const { rows, filename } = await uploadedRows(request)
    const report = await importProverbs(db, rows, request.auth!.userId, now(), { file: filename })
    if (report.imported > 0) sendPublic.clear()
    return { data: report }
  })
}
