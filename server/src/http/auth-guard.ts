import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { authenticate, type AuthSession } from '../services/sessions'

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthSession | null
  }
}

/**
 * `preHandler` for authenticated routes: resolves the bearer token to a session or answers 401.
 * Handlers read the caller with `sessionOf(request)` and act only on that user's rows.
 */
export function authGuard(app: FastifyInstance, db: Db, now: () => Date) {
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null)
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(db, request, now())
  }
}

export function sessionOf(request: FastifyRequest): AuthSession {
  if (!request.auth) throw new Error('sessionOf() on a route without authGuard')
  return request.auth
}
