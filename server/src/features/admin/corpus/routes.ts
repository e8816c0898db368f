import type { ProverbInput } from '@core/admin/contract'
import { proverbInputSchema } from '@core/admin/validation'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { optionalString } from '../../../http/params'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { createProverb, deleteProverb, listProverbs, updateProverb } from './repository'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** Proverbs of every source, newest first; seeded ones among them (source 'seed') until an admin changes them. */
export const corpusRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.get(ADMIN_API.proverbs, async (request) => {
    const query = request.query as Record<string, unknown>
    const paging = pageOf(query)
    const q = optionalString(query, 'q') ?? ''
    const ethnic = optionalString(query, 'ethnic')
    const { items, total } = await listProverbs(db, { q, ethnic }, paging)
    return paginated(items, total, paging)
  })

  app.post(ADMIN_API.proverbs, LONG_TEXT_BODY, async (request, reply) => {
    const input: ProverbInput = await parseBody(proverbInputSchema, request.body)
    const data = await createProverb(db, request.auth!.userId, input, now()).finally(() => sendPublic.clear())
    return reply.code(201).send({ data })
  })

  app.put<{ Params: { id: string } }>(ADMIN_ROUTES.proverb, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.proverbNotFound)
    const input: ProverbInput = await parseBody(proverbInputSchema, request.body)
    const data = await updateProverb(db, request.auth!.userId, id, input, now()).finally(() => sendPublic.clear())
    return { data }
  })

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.proverb, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.proverbNotFound)
    await deleteProverb(db, request.auth!.userId, id, now()).finally(() => sendPublic.clear())
    return { data: { id, deleted: true } }
  })
}
