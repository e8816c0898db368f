import { count, desc, eq } from 'drizzle-orm'
import type { AuditEntry } from '@core/admin/contract'
import type { Db } from '../../../db/client'
import { auditLog, users } from '../../../db/schema'
import type { Page } from '../shared'

/** A page of the admins' log, newest first; the actor is null for the command-line tools (or a deleted account). */
export async function listAudit(db: Db, { page, size }: Page): Promise<{ items: AuditEntry[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(auditLog)
  const rows = await db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size)
  const items = rows.map(({ entry, email }) => ({
    id: entry.id,
    actor: entry.actorUserId !== null && email !== null ? { id: entry.actorUserId, email } : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail,
    createdAt: entry.createdAt.toISOString(),
  }))
  return { items, total }
}
