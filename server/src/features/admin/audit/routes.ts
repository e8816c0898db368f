import { ADMIN_API } from '@core/admin/api-paths'
import { paginated, pageOf, type AdminRoutes } from '../shared'
import { listAudit } from './repository'

/** The admins' log, newest first. */
export const auditRoutes: AdminRoutes = (app, { db }) => {
  app.get(ADMIN_API.audit, async (request) => {
    const paging = pageOf(request.query)
    const { items, total } = await listAudit(db, paging)
    return paginated(items, total, paging)
  })
}
