import type { FastifyRequest } from 'fastify'
import { HttpError } from '../../http/errors'

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024

const NOT_AN_IMAGE = 'Upload a PNG, JPEG or WebP image.'
const TOO_LARGE = 'The picture must be 2 MB or smaller.'

/** The image type told by the file's first bytes — never by its name or the type the browser claims. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp'
  return null
}

/** Reads the single file of a multipart upload: 413 over 2 MB, 415 when it is not a PNG, JPEG or WebP. */
export async function readPicture(request: FastifyRequest): Promise<{ content: Buffer; mimeType: string }> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the picture as multipart/form-data.')
  }
  let content: Buffer
  try {
    const file = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 10, parts: 11 } })
    if (!file) throw new HttpError(400, 'bad_request', 'Choose a picture to upload.', { picture: 'Choose a picture to upload.' })
    content = await file.toBuffer()
    if (file.file.truncated) throw new HttpError(413, 'payload_too_large', TOO_LARGE, { picture: TOO_LARGE })
  } catch (error) {
    if (error instanceof HttpError) throw error
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'payload_too_large', TOO_LARGE, { picture: TOO_LARGE })
    // Broken multipart bodies (cut short, bad boundary) are the client's problem, never a 500.
    throw new HttpError(400, 'bad_request', 'The upload could not be read. Please try again.')
  }
  const mimeType = sniffImageType(content)
  if (!mimeType) throw new HttpError(415, 'unsupported_media_type', NOT_AN_IMAGE, { picture: NOT_AN_IMAGE })
  return { content, mimeType }
}
