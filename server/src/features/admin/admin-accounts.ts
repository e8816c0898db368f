import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import * as yup from 'yup'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { audit } from '../../services/audit'
import { hashPassword } from '../../services/passwords'
import { revokeUserSessions } from '../../services/sessions'
import { issueEmailToken, resetMail } from '../../services/email-tokens'

export type AdminCreated =
  { outcome: 'promoted' | 'already-admin'; userId: number; activated: boolean } | { outcome: 'created'; userId: number; resetLink: string }

export class AdminCreateError extends Error {}

// The new account's name until the admin changes it in their profile.
const NEW_ADMIN_NAME = { firstName: 'Òwe', lastName: 'Admin' }

/**
 * `npm run admin:create -- <email>`: gives an existing account the admin role, or makes an activated
 * admin account with a random password nobody sees and returns a one-time password-reset link for it
 * (the only way in). Never through sign-up. Audited with no actor: whoever runs it holds the server.
 */
export async function createAdmin(db: Db, rawEmail: string, now: Date, publicUrl: string): Promise<AdminCreated> {
  const email = rawEmail.trim().toLowerCase()
  if (!yup.string().email().max(200).isValidSync(email) || email === '')
    throw new AdminCreateError(`"${rawEmail}" is not an email address.`)
  const [existing] = await db
    .select({ id: users.id, role: users.role, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.email, email))
  if (existing && existing.activatedAt === null) {
    // Anyone may have registered this address and chosen its password: it becomes an admin only as a new
    // account would — a password nobody knows, every session ended, and the one-time link.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin', passwordHash, activatedAt: now }).where(eq(users.id, existing.id))
      await revokeUserSessions(tx, existing.id, now)
      await audit(
        tx,
        null,
        { action: 'user.create-admin', targetType: 'user', targetId: existing.id, detail: { email, via: 'cli', unactivatedAccount: true } },
        now,
      )
    })
    const token = await issueEmailToken(db, existing.id, 'reset', now)
    return { outcome: 'created', userId: existing.id, resetLink: resetMail({ email, ...NEW_ADMIN_NAME }, token, publicUrl).link }
  }
  if (existing) {
    const activated = true
    if (existing.role === 'admin') return { outcome: 'already-admin', userId: existing.id, activated }
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id))
      await audit(tx, null, { action: 'user.promote', targetType: 'user', targetId: existing.id, detail: { email, via: 'cli' } }, now)
    })
    return { outcome: 'promoted', userId: existing.id, activated }
  }
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'))
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, ...NEW_ADMIN_NAME, role: 'admin', activatedAt: now, createdAt: now })
      .returning({ id: users.id })
    await audit(tx, null, { action: 'user.create-admin', targetType: 'user', targetId: user.id, detail: { email, via: 'cli' } }, now)
    return user.id
  })
  const token = await issueEmailToken(db, userId, 'reset', now)
  return { outcome: 'created', userId, resetLink: resetMail({ email, ...NEW_ADMIN_NAME }, token, publicUrl).link }
}
