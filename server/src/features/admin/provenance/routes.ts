import type { CorrectionStatus } from '@core/admin/contract'
import { rejectSuggestionSchema, speakerCheckSchema } from '@core/admin/validation'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { acceptCorrectionSchema, CORRECTION_TEXTS } from '@core/community/corrections'
import { LONG_TEXT_BODY } from '../../../http/body-limits'
import { badRequest } from '../../../http/errors'
import { optionalString } from '../../../http/params'
import { parseBody } from '../../../http/validate'
import { paginated, pageOf, pathId, type AdminRoutes } from '../shared'
import { listCorrections, setChecked } from './repository'
import { acceptCorrection, declineCorrection } from './service'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

const STATUSES: CorrectionStatus[] = ['pending', 'accepted', 'declined']

/**
 * Readers' corrections (accept: the proverb takes the texts the admin settles on and the source, its
 * history and the audit log record the change, the sender is told; decline with a reason) and speakers'
 * checks of proverbs.
 */
export const provenanceRoutes: AdminRoutes = (app, { db, now, notifier, sendPublic, mailer, publicUrl }) => {
  const deps = { db, notifier, mailer, publicUrl }

  app.get(ADMIN_API.corrections, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status') ?? 'pending'
    const status = STATUSES.find((s) => s === raw)
    if (!status) throw badRequest(CORRECTION_TEXTS.status, { status: CORRECTION_TEXTS.status })
    const { items, total } = await listCorrections(db, status, paging)
    return paginated(items, total, paging)
  })

  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.acceptCorrection, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, CORRECTION_TEXTS.notFoundAdmin)
    const input = await parseBody(acceptCorrectionSchema, request.body)
    // Cleared even when the message after the commit fails: clearing too often costs only a rebuild.
    return { data: await acceptCorrection(deps, request.auth!.userId, id, input, now()).finally(() => sendPublic.clear()) }
  })

  app.post<{ Params: { id: string } }>(ADMIN_ROUTES.declineCorrection, async (request) => {
    const id = pathId(request.params.id, CORRECTION_TEXTS.notFoundAdmin)
    const { reason } = await parseBody(rejectSuggestionSchema, request.body)
    return { data: await declineCorrection(deps, request.auth!.userId, id, reason, now()) }
  })

  /** A speaker of the language checked the proverb: their name is shown on its page. */
  app.put<{ Params: { id: string } }>(ADMIN_ROUTES.proverbChecked, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.proverbNotFound)
    const { name } = await parseBody(speakerCheckSchema, request.body)
    return { data: await setChecked(db, request.auth!.userId, id, name, now()).finally(() => sendPublic.clear()) }
  })

  app.delete<{ Params: { id: string } }>(ADMIN_ROUTES.proverbChecked, async (request) => {
    const id = pathId(request.params.id, ADMIN_API_TEXTS.proverbNotFound)
    return { data: await setChecked(db, request.auth!.userId, id, null, now()).finally(() => sendPublic.clear()) }
  })
}
