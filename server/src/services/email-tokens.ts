import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm'
import { TOKEN_TEXTS, type TokenPurpose } from '@core/account/texts'
import type { Db, Tx } from '../db/client'
import { emailTokens, users } from '../db/schema'
import { HttpError } from '../http/errors'
import { linkMail, type Mail } from './mail'
import { hashToken, looksLikeToken, newToken } from './tokens'

const HOUR_MS = 60 * 60 * 1000
/** An activation link lasts two days; a reset link one hour. */
export const ACTIVATION_LINK_MS = 48 * HOUR_MS
const LIFETIME_MS: Record<TokenPurpose, number> = { activate: ACTIVATION_LINK_MS, reset: HOUR_MS }

/**
 * At most this many link mails (activation and reset together) go to one account in any hour, however many
 * clients ask for them: a reader who lost a mail can ask again, nobody can fill their inbox. A link cannot be
 * sent again instead (only its digest is kept), so past the bound no new link is made and no mail goes.
 */
export const LINK_MAILS_PER_HOUR = 3

/**
 * Whether another link mail may go to this account now (fewer than LINK_MAILS_PER_HOUR links made for it in
 * the last hour). It locks the account's row until the transaction ends, so requests racing each other
 * are counted one after another and a burst cannot all read "under the bound" first.
 */
export async function mayMailLink(tx: Tx, userId: number, now: Date): Promise<boolean> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
  const [{ made }] = await tx
    .select({ made: count() })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        inArray(emailTokens.purpose, ['activate', 'reset']),
        gt(emailTokens.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
  return made < LINK_MAILS_PER_HOUR
}

export async function issueEmailToken(db: Db | Tx, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const { token, hash } = newToken()
  await db
    .insert(emailTokens)
    .values({ userId, purpose, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + LIFETIME_MS[purpose]) })
  return token
}

/**
 * Checks a token from an emailed link and, unless peeking, marks it used (once only: the update is
 * conditional, so two clicks racing each other cannot both succeed). Returns the user's id, or a 400
 * saying whether the link is unknown, expired or already used.
 */
export async function consumeEmailToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
  now: Date,
  options: { peek?: boolean } = {},
): Promise<number> {
  if (!looksLikeToken(token)) throw new HttpError(400, 'invalid_token', TOKEN_TEXTS.invalid(purpose))
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
  if (!row) throw new HttpError(400, 'invalid_token', TOKEN_TEXTS.invalid(purpose))
  if (row.usedAt) throw new HttpError(400, 'token_used', TOKEN_TEXTS.used(purpose))
  if (row.expiresAt <= now) throw new HttpError(400, 'token_expired', TOKEN_TEXTS.expired(purpose))
  if (options.peek) return row.userId
  const used = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id })
  if (used.length === 0) throw new HttpError(400, 'token_used', TOKEN_TEXTS.used(purpose))
  return row.userId
}

/** Marks every open link of that kind used: after a password change or reset, older reset links die. */
export async function retireEmailTokens(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
}

export function activationMail(user: { email: string; firstName: string }, token: string, publicUrl: string): Mail {
  return linkMail(
    user.email,
    'Activate your Òwe account',
    `Hello ${user.firstName},`,
    ['Welcome to Òwe. Open the link below to activate your account; it works once and lasts two days.'],
    'Activate your account',
    `${publicUrl}/auth/activate?token=${token}`,
  )
}

export function resetMail(user: { email: string; firstName: string }, token: string, publicUrl: string): Mail {
  return linkMail(
    user.email,
    'Reset your Òwe password',
    `Hello ${user.firstName},`,
    [
      'Someone asked to reset the password of your Òwe account. If it was you, open the link below within an hour. If not, ignore this email.',
    ],
    'Choose a new password',
    `${publicUrl}/auth/reset_password?token=${token}`,
  )
}
