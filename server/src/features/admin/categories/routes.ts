import type { CategoryInput } from '@core/admin/contract'
import { categoryInputSchema } from '@core/admin/validation'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { createCategory, deleteCategory, listCategories, renameCategory } from './repository'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** The categories proverbs are filed under; the public caches are cleared on every change. */
export const categoryRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.get(ADMIN_API.categories, async (request) => {
    const paging = pageOf(request.query)
    const { items, total } = await listCategories(db, paging)
    return paginated(items, total, paging)
  })

  app.post(ADMIN_API.categories, async (request, reply) => {
    const { name }: CategoryInput = await parseBody(categoryInputSchema, request.body)
    const data = await createCategory(db, request.auth!.userId, name, now()).finally(() => sendPublic.clear())
    return reply.code(201).send({ data })
  })

  app.put<{ Params: { id: string } }>(ADMIN_ROUTES.category, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.categoryNotFound)
    const { name }: CategoryInput = await parseBody(categoryInputSchema, request.body)
    const data = await renameCategory(db, request.auth!.userId, id, name, now()).finally(() => sendPublic.clear())
    return { data }
  })

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.category, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.categoryNotFound)
    await deleteCategory(db, request.auth!.userId, id, now()).finally(() => sendPublic.clear())
    return { data: { id, deleted: true } }
  })
}
