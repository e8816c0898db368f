import type { ApproveSuggestionInput, RejectSuggestionInput, SuggestionStatus } from '@core/admin/contract'
import { proverbInputSchema, rejectSuggestionSchema } from '@core/admin/validation'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { badRequest } from '../../../http/errors'
import { optionalString } from '../../../http/params'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { listSuggestions } from './repository'
import { approveSuggestion, rejectSuggestion } from './service'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

const STATUSES: SuggestionStatus[] = ['pending', 'approved', 'rejected']

/** Proverbs suggested by readers and visitors: listed by status, approved (as the admin edits them) or rejected with a reason. */
export const suggestionRoutes: AdminRoutes = (app, { db, now, notifier, sendPublic, mailer, publicUrl }) => {
  const deps = { db, notifier, mailer, publicUrl }

  app.get(ADMIN_API.suggestions, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status') ?? 'pending'
    const status = STATUSES.find((s) => s === raw)
    if (!status) throw badRequest(ADMIN_API_TEXTS.suggestionStatus, { status: ADMIN_API_TEXTS.suggestionStatus })
    const { items, total } = await listSuggestions(db, status, paging)
    return paginated(items, total, paging)
  })

  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.approveSuggestion, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.suggestionNotFound)
    const input: ApproveSuggestionInput = await parseBody(proverbInputSchema, request.body)
    // Cleared even when the message after the commit fails: clearing too often costs only a rebuild.
    const data = await approveSuggestion(deps, request.auth!.userId, id, input, now()).finally(() => sendPublic.clear())
    return { data }
  })

  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.rejectSuggestion, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.suggestionNotFound)
    const { reason }: RejectSuggestionInput = await parseBody(rejectSuggestionSchema, request.body)
    return { data: await rejectSuggestion(deps, request.auth!.userId, id, reason, now()) }
  })
}
