import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../client'
import { seedOverrides } from '../schema'

/** One key for the seeding lock (an arbitrary 64-bit number: "owe-seed"). */
const SEED_LOCK = sql`7959395063318095204`

/**
 * Seeding and take-overs exclude each other, so that with several instances on one PostgreSQL a change
 * committed while another instance seeds is never undone by it: seeding reads the overrides once, under
 * this lock held exclusively to its commit. Each take-over holds it shared, taken before any row lock
 * (taking it after would deadlock with a seeding that waits for that row).
 */
export async function lockForSeeding(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
}

export async function lockForTakeOver(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${SEED_LOCK})`)
}

/** What seeding keeps in step with Òwe's files, and so what an admin's change must be recorded for. */
export type SeedKind = 'proverb' | 'category' | 'faq' | 'quiz' | 'advert'

/**
 * Records that an admin changed or deleted a seeded row (in the same transaction as the change), so
 * that seeding leaves that key alone from now on. Recording twice keeps the first row it took over.
 */
export async function recordOverride(tx: Tx, kind: SeedKind, seedKey: string, targetId: number | null): Promise<void> {
  await tx.insert(seedOverrides).values({ kind, seedKey, targetId }).onConflictDoNothing()
}

/** The overridden keys of one kind, each with the row that took it over (null once deleted). */
export async function overridesOf(db: Db | Tx, kind: SeedKind): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ key: seedOverrides.seedKey, targetId: seedOverrides.targetId })
    .from(seedOverrides)
    .where(eq(seedOverrides.kind, kind))
  return new Map(rows.map((row) => [row.key, row.targetId]))
}

export async function isOverridden(db: Db | Tx, kind: SeedKind, seedKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: seedOverrides.seedKey })
    .from(seedOverrides)
    .where(and(eq(seedOverrides.kind, kind), eq(seedOverrides.seedKey, seedKey)))
  return Boolean(row)
}
