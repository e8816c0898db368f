import type { Db, Tx } from '../db/client'
import { auditLog } from '../db/schema'

export type AuditEntry = {
  /** What was done, as `thing.verb`: 'suggestion.approve', 'proverb.update', 'broadcast.send'. */
  action: string
  targetType?: string
  targetId?: string | number
  /** A short account of what changed (kept as JSON text). */
  detail?: Record<string, unknown>
}

/**
 * Records an admin's action. Call it in the same transaction as the change, so the log holds exactly
 * what happened: no entry for a change that rolled back, no change without its entry. The actor is null
 * for the command-line tools (`npm run admin:create`, `proverbs:import`): whoever runs them holds the server.
 */
export async function audit(db: Db | Tx, actorUserId: number | null, entry: AuditEntry, now: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    detail: entry.detail ? JSON.stringify(entry.detail) : null,
    createdAt: now,
  })
}
