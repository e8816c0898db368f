import { and, eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { authGuard } from './auth-guard'
import { forbidden } from './errors'

export const ADMIN_ONLY = 'Only the admins of Òwe can do this.'

/**
 * `preHandler` for /api/admin/ routes: a session (401 without one, as for any private route), and the
 * admin role, read from the database at every request so a demoted admin loses access at once (403).
 */
export function adminGuard(app: FastifyInstance, db: Db, now: () => Date) {
  const requireUser = authGuard(app, db, now)
  return async (request: FastifyRequest) => {
    await requireUser(request)
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, request.auth!.userId), eq(users.role, 'admin')))
    if (!admin) throw forbidden(ADMIN_ONLY)
  }
}
