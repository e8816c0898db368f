import { createHash, randomBytes } from 'node:crypto'

/** A random 256-bit token for a link or a session, and the hash that is all the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/**
 * Tokens are looked up by their SHA-256: the database compares digests, never the secret, so a timing
 * difference reveals nothing an attacker can steer.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Tokens we issue are 43 base64url characters; anything else is refused before touching the database. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
