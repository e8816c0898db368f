import { and, eq, gt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { emailTokens } from '../db/schema'
import { hashToken, looksLikeToken, newToken } from './tokens'

/**
 * The sign-up payment token: a new account is not activated yet (no session), but the wizard's last step
 * pays for the plan. Sign-up hands out this token instead; it acts for that user on their sign-up payments
 * only (metadata.registration), for two hours, and is kept only as a digest like every other token.
 * It is not used up: the same token starts the payment and then checks its outcome.
 */
export const PAYMENT_TOKEN_MS = 2 * 60 * 60 * 1000

export async function issuePaymentToken(db: Db, userId: number, now: Date): Promise<string> {
  const { token, hash } = newToken()
  await db
    .insert(emailTokens)
    .values({ userId, purpose: 'payment', tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + PAYMENT_TOKEN_MS) })
  return token
}

/** The user a live payment token acts for, or undefined. */
export async function userOfPaymentToken(db: Db, token: unknown, now: Date): Promise<number | undefined> {
  if (!looksLikeToken(token)) return undefined
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'payment'), gt(emailTokens.expiresAt, now)))
  return row?.userId
}
