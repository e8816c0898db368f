import { asc, count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/api-paths'
import type { AdminAdvert } from '@core/admin-contract'
import type { Paginated } from '@core/contract'
import { ADVERT_MAX_BYTES, advertOrderSchema, advertPatchSchema, advertUploadSchema, OPERATOR_TEXTS } from '@core/operator-validation'
import type { Db, Tx } from '../../db/client'
import { adverts } from '../../db/schema'
import { lockForTakeOver, recordOverride } from '../../db/seed/overrides'
import { conflict, HttpError, notFound } from '../../http/errors'
import { paging, parseId } from '../../http/params'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import type { AdminDeps } from './shared'
import { paginated } from '../../http/paginated'

export const ADVERT_TEXTS = {
  notFound: 'No advert has that id.',
  notMultipart: 'Send the advert as multipart/form-data: the file, with name, alt and link.',
  noFile: 'Choose a WebP image or an MP4 video to upload.',
  tooLarge: `The advert must be ${ADVERT_MAX_BYTES / 1024 / 1024} MB or smaller.`,
  wrongType: 'Upload a WebP image or an MP4 video.',
  unreadable: 'The upload could not be read. Please try again.',
  nameTaken: 'An advert with this name exists already.',
} as const

/** Where seeded adverts come from (server/src/db/seed/adverts.ts); operators' uploads are 'admin'. */
const SEED = 'seed'
const AUDIT_TARGET = 'advert'

/** MP4's major brands (ISO base media): other ISO files (QuickTime, HEIC, AVIF) share the 'ftyp' box. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'mmp4', 'M4V '])

/** The advert type told by the file's bytes, never by its name or the type the browser claims. */
export function sniffAdvertType(bytes: Buffer): AdminAdvert['type'] | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp'
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp' && MP4_BRANDS.has(bytes.toString('latin1', 8, 12))) return 'video/mp4'
  return null
}

const columns = {
  id: adverts.id,
  name: adverts.name,
  type: adverts.mimeType,
  alt: adverts.alt,
  link: adverts.link,
  active: adverts.active,
  bytes: sql<number>`octet_length(${adverts.content})::int`,
  source: adverts.source,
  position: adverts.position,
}

async function advertById(db: Db | Tx, id: number): Promise<AdminAdvert> {
  const [row] = await db.select(columns).from(adverts).where(eq(adverts.id, id))
  if (!row) throw notFound(ADVERT_TEXTS.notFound)
  return row
}

const tooLarge = () => new HttpError(413, 'payload_too_large', ADVERT_TEXTS.tooLarge, { file: ADVERT_TEXTS.tooLarge })

/** The file and the text fields of an upload, in whatever order the form sent them. */
async function readUpload(request: FastifyRequest): Promise<{ content: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', ADVERT_TEXTS.notMultipart)
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
    throw new HttpError(400, 'bad_request', ADVERT_TEXTS.unreadable)
  }
  if (!content || content.length === 0) throw new HttpError(400, 'bad_request', ADVERT_TEXTS.noFile, { file: ADVERT_TEXTS.noFile })
  return { content, fields }
}

/**
 * The adverts users see (docs/requirements.md#r8-adverts): operators upload, edit, order, deactivate and delete them.
 */
export function advertRoutes(app: FastifyInstance, { db, now }: AdminDeps): void {
  const idOf = (raw: string) => {
    const id = parseId(raw)
    if (id === undefined) throw notFound(ADVERT_TEXTS.notFound)
    return id
  }

  app.get<{ Querystring: Record<string, unknown> }>(API.admin.adverts, async (request): Promise<Paginated<AdminAdvert>> => {
    const { page, size } = paging(request.query)
    const [{ total }] = await db.select({ total: count() }).from(adverts)
    const data = await db
      .select(columns)
      .from(adverts)
      .orderBy(asc(adverts.position), asc(adverts.id))
      .limit(size)
      .offset((page - 1) * size)
    return paginated(data, total, { page, size })
  })

  app.post(API.admin.adverts, async (request, reply) => {
    const { content, fields } = await readUpload(request)
    const type = sniffAdvertType(content)
    if (!type) throw new HttpError(415, 'unsupported_media_type', ADVERT_TEXTS.wrongType, { file: ADVERT_TEXTS.wrongType })
    const input = await parseBody(advertUploadSchema, fields)
    const data = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adverts)
        .values({
          name: input.name,
          mimeType: type,
          content,
          alt: input.alt,
          link: input.link ?? null,
          // After the others, until an operator moves it.
          position: sql`(select coalesce(max(${adverts.position}) + 1, 0) from ${adverts})`,
          source: 'admin',
        })
        .onConflictDoNothing({ target: adverts.name })
        .returning({ id: adverts.id })
      if (!row) throw conflict(ADVERT_TEXTS.nameTaken, { name: ADVERT_TEXTS.nameTaken })
      await audit(
        tx,
        request.auth!.userId,
        {
          action: 'advert.create',
          targetType: AUDIT_TARGET,
          targetId: row.id,
          detail: { name: input.name, type, bytes: content.length, alt: input.alt, link: input.link ?? null },
        },
        now(),
      )
      return advertById(tx, row.id)
    })
    return reply.code(201).send({ data })
  })

  app.patch<{ Params: { id: string } }>(ROUTES.admin.advert, async (request): Promise<{ data: AdminAdvert }> => {
    const id = idOf(request.params.id)
    const input = await parseBody(advertPatchSchema, request.body)
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
    const data = await db.transaction(async (tx) => {
      await lockForTakeOver(tx)
      const [current] = await tx
        .select({ name: adverts.name, source: adverts.source })
        .from(adverts)
        .where(eq(adverts.id, id))
        .for('update')
      if (!current) throw notFound(ADVERT_TEXTS.notFound)
      // Seeding keeps a seeded advert's file, text and link in step with the manifest: changing the text or
      // link takes the advert over (seed_overrides), as deleting it does. Switching it off or moving it
      // does not (seeding sets neither after the first start).
      const takesOver = current.source === SEED && (['alt', 'link'] as const).some((field) => field in changes)
      if (takesOver) await recordOverride(tx, 'advert', current.name, id)
      await tx
        .update(adverts)
        .set(takesOver ? { ...changes, source: 'admin' } : changes)
        .where(eq(adverts.id, id))
      await audit(
        tx,
        request.auth!.userId,
        {
          action: 'advert.update',
          targetType: AUDIT_TARGET,
          targetId: id,
          detail: { ...changes, ...(takesOver ? { takenOver: true } : {}) },
        },
        now(),
      )
      return advertById(tx, id)
    })
    return { data }
  })

  // The whole order at once, so that a move is never left half done. The ids must be exactly the adverts
  // there are: one uploaded or deleted meanwhile makes it a 409, and the console asks for the list again.
  app.put(API.admin.advertOrder, async (request): Promise<{ data: AdminAdvert[] }> => {
    const { ids } = await parseBody(advertOrderSchema, request.body)
    const data = await db.transaction(async (tx) => {
      const current = await tx.select({ id: adverts.id }).from(adverts).orderBy(asc(adverts.id)).for('update')
      const known = new Set(current.map((row) => row.id))
      if (ids.length !== known.size || ids.some((id) => !known.has(id)))
        throw conflict(OPERATOR_TEXTS.orderStale, { ids: OPERATOR_TEXTS.orderStale })
      for (const [position, id] of ids.entries()) await tx.update(adverts).set({ position }).where(eq(adverts.id, id))
      await audit(tx, request.auth!.userId, { action: 'advert.reorder', targetType: AUDIT_TARGET, detail: { ids } }, now())
      return tx.select(columns).from(adverts).orderBy(asc(adverts.position), asc(adverts.id))
    })
    return { data }
  })

  // A seeded advert deleted is recorded, so the next start does not bring it back.
  app.delete<{ Params: { id: string } }>(ROUTES.admin.advert, async (request): Promise<{ data: { id: number } }> => {
    const id = idOf(request.params.id)
    await db.transaction(async (tx) => {
      await lockForTakeOver(tx)
      await tx.select({ id: adverts.id }).from(adverts).where(eq(adverts.id, id)).for('update')
      const current = await advertById(tx, id)
      if (current.source === SEED) await recordOverride(tx, 'advert', current.name, null)
      await tx.delete(adverts).where(eq(adverts.id, id))
      await audit(
        tx,
        request.auth!.userId,
        {
          action: 'advert.delete',
          targetType: AUDIT_TARGET,
          targetId: id,
          detail: { name: current.name, type: current.type, bytes: current.bytes },
        },
        now(),
      )
    })
    return { data: { id } }
  })
}
