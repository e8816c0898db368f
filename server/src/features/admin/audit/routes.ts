import { API } from '@core/http/api-paths'
import { paginated, pageOf, type AdminRoutes } from '../shared'
import { listAudit } from './repository'

/** The admins' log, newest first. */
export const auditRoutes: AdminRoutes = (app, { db }) => {
  app.get(API.admin.audit, async (request) => {
    const paging = pageOf(request.query)
    const { items, total } = await listAudit(db, paging)
    return paginated(items, total, paging)
  })
}
