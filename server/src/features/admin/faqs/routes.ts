import type { FaqInput } from '@core/admin/contract'
import { faqInputSchema } from '@core/admin/validation'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { createFaq, deleteFaq, listFaqs, updateFaq } from './repository'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** The public FAQ (API.faq) lists these by position; its cache is cleared on every change. */
export const faqRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.get(ADMIN_API.faqs, async (request) => {
    const paging = pageOf(request.query)
    const { items, total } = await listFaqs(db, paging)
    return paginated(items, total, paging)
  })

  app.post(ADMIN_API.faqs, LONG_TEXT_BODY, async (request, reply) => {
    const input: FaqInput = await parseBody(faqInputSchema, request.body)
    const data = await createFaq(db, request.auth!.userId, input, now()).finally(() => sendPublic.clear())
    return reply.code(201).send({ data })
  })

  app.put<{ Params: { id: string } }>(ADMIN_ROUTES.faq, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.faqNotFound)
    const input: FaqInput = await parseBody(faqInputSchema, request.body)
    const data = await updateFaq(db, request.auth!.userId, id, input, now()).finally(() => sendPublic.clear())
    return { data }
  })

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.faq, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.faqNotFound)
    await deleteFaq(db, request.auth!.userId, id, now()).finally(() => sendPublic.clear())
    return { data: { id, deleted: true } }
  })
}
