import { count, desc, eq } from 'drizzle-orm'
import type { AuditEntry } from '@core/admin-contract'
import { API } from '@core/api-paths'
import { auditLog, users } from '../../db/schema'
import { paginated, pageOf, type AdminRoutes } from './shared'

/** The operators' log, newest first; the actor is null for the command-line tools (or a deleted account). */
export const auditRoutes: AdminRoutes = (app, { db }) => {
  app.get(API.admin.audit, async (request) => {
    const paging = pageOf(request.query)
    const [{ total }] = await db.select({ total: count() }).from(auditLog)
    const rows = await db
      .select({ entry: auditLog, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
    const data: AuditEntry[] = rows.map(({ entry, email }) => ({
      id: entry.id,
      actor: entry.actorUserId !== null && email !== null ? { id: entry.actorUserId, email } : null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      detail: entry.detail,
      createdAt: entry.createdAt.toISOString(),
    }))
    return paginated(data, total, paging)
  })
}
