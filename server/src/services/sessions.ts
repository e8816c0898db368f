import { and, eq, gt, inArray, isNull, ne, type Placeholder, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '../db/client'
import { deviceTokens, sessions } from '../db/schema'
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

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (typeof header !== 'string') return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim())
  return match?.[1]
}

const SIGN_IN = 'Please sign in to continue.'
const SESSION_ENDED = 'Your session has ended. Please sign in again.'

/**
 * The digest of the request's bearer token, as sessions.token_hash holds it. 401 `unauthorized` when there
 * is no token, 401 `session_expired` when it cannot be one of ours.
 */
export function sessionTokenHash(request: FastifyRequest): string {
  const token = bearerToken(request)
  if (!token) throw unauthorized('unauthorized', SIGN_IN)
  if (!looksLikeToken(token)) throw unauthorized('session_expired', SESSION_ENDED)
  return hashToken(token)
}

/** The 401 for a token that names no live session (expired, or ended by logout or a password change). */
export const sessionEnded = () => unauthorized('session_expired', SESSION_ENDED)

/**
 * The condition a live session meets: its token, not ended, not expired. Values, or placeholders for a
 * prepared statement.
 */
export const liveSession = (tokenHash: string | Placeholder, now: Date | SQL) =>
  and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))

/**
 * The session behind the request's bearer token. 401 `unauthorized` when there is none, 401
 * `session_expired` when it has expired or was ended (logout, password change): the app signs out.
 */
export async function authenticate(db: Db, request: FastifyRequest, now: Date): Promise<AuthSession> {
  const tokenHash = sessionTokenHash(request)
  const [row] = await db.select({ id: sessions.id, userId: sessions.userId }).from(sessions).where(liveSession(tokenHash, now))
  if (!row) throw sessionEnded()
  return { userId: row.userId, sessionId: row.id }
}

/**
 * Ends the sessions `where` picks that are still live, and deletes the push tokens they saved: that browser
 * gets no more of the account's pushes. Runs inside the caller's transaction.
 */
async function endSessions(tx: Db | Tx, where: SQL | undefined, now: Date): Promise<void> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  if (ended.length > 0)
    await tx.delete(deviceTokens).where(
      inArray(
        deviceTokens.sessionId,
        ended.map((row) => row.id),
      ),
    )
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.transaction((tx) => endSessions(tx, eq(sessions.id, sessionId), now))
}

/** Ends every session of a user, or every one but `keep` (the one that changed the password). */
export async function revokeUserSessions(db: Db | Tx, userId: number, now: Date, keep?: number): Promise<void> {
  const where = and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep))
  // Inside a caller's transaction (a Tx) the work joins it; on the pool it gets one of its own.
  if ('rollback' in db) await endSessions(db, where, now)
  else await db.transaction((tx) => endSessions(tx, where, now))
}
