import type { FastifyRequest } from 'fastify'
import type { AdminAdvert } from '@core/admin/contract'
import { ADVERT_MAX_BYTES } from '@core/admin/validation'
import { HttpError } from '../../../http/errors'
import { ADMIN_ADVERT_TEXTS } from '@core/admin/api-texts'

/** MP4's major brands (ISO base media): other ISO files (QuickTime, HEIC, AVIF) share the 'ftyp' box. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'mmp4', 'M4V '])

/** The advert type told by the file's bytes, never by its name or the type the browser claims. */
export function sniffAdvertType(bytes: Buffer): AdminAdvert['type'] | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && MP4_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'video/mp4'
  return null
}

const tooLarge = () => new HttpError(413, 'payload_too_large', ADMIN_ADVERT_TEXTS.tooLarge, { file: ADMIN_ADVERT_TEXTS.tooLarge })

/** The file and the text fields of an upload, in whatever order the form sent them. */
export async function readUpload(request: FastifyRequest): Promise<{ content: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', ADMIN_ADVERT_TEXTS.notMultipart)
  let content: Buffer | undefined
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts({ limits: { fileSize: ADVERT_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        content = await part.toBuffer()
        if (part.file.truncated) throw tooLarge()
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    // Broken multipart bodies (cut short, bad boundary, too many parts) are the client's problem, never a 500.
    throw new HttpError(400, 'bad_request', ADMIN_ADVERT_TEXTS.unreadable)
  }
  if (!content || content.length === 0)
    throw new HttpError(400, 'bad_request', ADMIN_ADVERT_TEXTS.noFile, { file: ADMIN_ADVERT_TEXTS.noFile })
  return { content, fields }
}
