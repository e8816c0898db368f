import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { SessionUser } from '@core/account/contract'
import type { Db, Tx } from '../../db/client'
import { deviceTokens, packages, payments, userLanguages, users } from '../../db/schema'

/** What a link's mail needs to greet its reader. */
export type Addressee = { id: number; email: string; firstName: string }
export type NewUser = typeof users.$inferInsert
export type UserRow = typeof users.$inferSelect

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

export async function emailExists(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
  return Boolean(row)
}

export async function phoneExists(db: Db, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone))
  return Boolean(row)
}

export async function planById(db: Db, id: number): Promise<typeof packages.$inferSelect | undefined> {
  const [plan] = await db.select().from(packages).where(eq(packages.id, id))
  return plan
}

/**
 * A sign-up never activated within its link's life releases its email and phone, so nobody can hold
 * someone else's address or number by registering it and walking away. One that paid is kept.
 */
export async function releaseStaleSignUps(db: Db, email: string, phoneNumber: string | undefined, createdBefore: Date): Promise<void> {
  await db
    .delete(users)
    .where(
      and(
        isNull(users.activatedAt),
        lt(users.createdAt, createdBefore),
        or(eq(users.email, email), phoneNumber ? eq(users.phoneNumber, phoneNumber) : undefined),
        sql`not exists (select 1 from ${payments} where ${payments.userId} = ${users.id} and ${payments.status} = 'success')`,
      ),
    )
}

/** The account and its chosen languages, in order. */
export async function insertUser(tx: Tx, values: NewUser, languages: number[]): Promise<Addressee> {
  const [created] = await tx.insert(users).values(values).returning({ id: users.id, email: users.email, firstName: users.firstName })
  if (languages.length > 0) {
    await tx.insert(userLanguages).values(languages.map((ethnicGroupId, position) => ({ userId: created.id, ethnicGroupId, position })))
  }
  return created
}

export async function activateUser(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ activatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.activatedAt)))
}

export async function addresseeByEmail(db: Db, email: string): Promise<(Addressee & { activatedAt: Date | null }) | undefined> {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
  return user
}

/** What a session's user is told about themselves (docs/requirements.md#r3-accounts-and-sign-in). */
export function sessionUserOf(user: UserRow): SessionUser {
  return { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, admin: user.role === 'admin' }
}

/** The session's user as the database holds them now; undefined once the account is gone. */
export async function sessionUserById(db: Db, userId: number): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  return user && sessionUserOf(user)
}

export async function userByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email))
  return user
}

export async function passwordHashOf(db: Db, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId))
  return user?.passwordHash
}

/** Only the caller's own row: a token another account has since saved is theirs. */
export async function forgetDevice(db: Db, userId: number, token: string): Promise<void> {
  await db.delete(deviceTokens).where(and(eq(deviceTokens.token, token), eq(deviceTokens.userId, userId)))
}

/** A new password; `activate` also activates a waiting account (an emailed reset link proves the address). Returns the account's email. */
export async function setPassword(db: Db, userId: number, passwordHash: string, activateAt?: Date): Promise<string> {
  const [user] = await db
    .update(users)
    .set(
      activateAt
        ? { passwordHash, activatedAt: sql`coalesce(${users.activatedAt}, ${activateAt.toISOString()}::timestamptz)` }
        : { passwordHash },
    )
    .where(eq(users.id, userId))
    .returning({ email: users.email })
  return user.email
}
