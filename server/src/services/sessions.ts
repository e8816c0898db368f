import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { sessions } from '../db/schema'
import { unauthorized } from '../http/errors'
import { hashToken, looksLikeToken, newToken } from './tokens'

export type AuthSession = { userId: number; sessionId: number }

const DAY_MS = 24 * 60 * 60 * 1000

export async function createSession(db: Db, userId: number, now: Date, days: number): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken()
  const expiresAt = new Date(now.getTime() + days * DAY_MS)
  await db.insert(sessions).values({ userId, tokenHash: hash, expiresAt, createdAt: now })
  return { token, expiresAt }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1]
}

/**
 * The session behind the request's bearer token. 401 `unauthorized` when there is none, 401
 * `session_expired` when it has expired or was ended (logout, password change): the app signs out.
 */
export async function authenticate(db: Db, request: FastifyRequest, now: Date): Promise<AuthSession> {
  const token = bearerToken(request)
  if (!token) throw unauthorized('unauthorized', 'Please sign in to continue.')
  if (!looksLikeToken(token)) throw unauthorized('session_expired', 'Your session has ended. Please sign in again.')
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  if (!row) throw unauthorized('session_expired', 'Your session has ended. Please sign in again.')
  return { userId: row.userId, sessionId: row.id }
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** Ends every session of a user, or every one but `keep` (the one that changed the password). */
export async function revokeUserSessions(db: Db, userId: number, now: Date, keep?: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep === undefined ? undefined : ne(sessions.id, keep)))
}
