import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import type { AdminAdvert } from '@core/admin/contract'
import type { Paginated } from '@core/http/contract'
import { advertOrderSchema, advertPatchSchema, advertUploadSchema } from '@core/admin/validation'
import { HttpError } from '../../../http/errors'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { createAdvert, deleteAdvert, listAdverts, reorderAdverts, updateAdvert } from './repository'
import { readUpload, sniffAdvertType } from './upload'
import { ADMIN_ADVERT_TEXTS } from '@core/admin/api-texts'

/**
 * The adverts users see (docs/requirements.md#r8-adverts): admins upload, edit, order, deactivate and delete them.
 */
export const advertRoutes: AdminRoutes = (app, { db, now }) => {
  app.get(ADMIN_API.adverts, async (request): Promise<Paginated<AdminAdvert>> => {
    const paging = pageOf(request.query)
    const { items, total } = await listAdverts(db, paging)
    return paginated(items, total, paging)
  })

  app.post(ADMIN_API.adverts, async (request, reply) => {
    const { content, fields } = await readUpload(request)
    const type = sniffAdvertType(content)
    if (!type) throw new HttpError(415, 'unsupported_media_type', ADMIN_ADVERT_TEXTS.wrongType, { file: ADMIN_ADVERT_TEXTS.wrongType })
    const input = await parseBody(advertUploadSchema, fields)
    const data = await createAdvert(db, request.auth!.userId, { content, type, input }, now())
    return reply.code(201).send({ data })
  })

  app.patch<{ Params: { id: string } }>(ADMIN_ROUTES.advert, async (request): Promise<{ data: AdminAdvert }> => {
    const id = pathId(request.params.id, ADMIN_ADVERT_TEXTS.notFound)
    const input = await parseBody(advertPatchSchema, request.body)
    return { data: await updateAdvert(db, request.auth!.userId, id, input, now()) }
  })

  app.put(ADMIN_API.advertOrder, async (request): Promise<{ data: AdminAdvert[] }> => {
    const { ids } = await parseBody(advertOrderSchema, request.body)
    return { data: await reorderAdverts(db, request.auth!.userId, ids, now()) }
  })

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.advert, async (request): Promise<{ data: { id: number } }> => {
    const id = pathId(request.params.id, ADMIN_ADVERT_TEXTS.notFound)
    await deleteAdvert(db, request.auth!.userId, id, now())
    return { data: { id } }
  })
}
