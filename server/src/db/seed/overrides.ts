import { and, eq } from 'drizzle-orm'
import type { Db, Tx } from '../client'
import { seedOverrides } from '../schema'

/** What seeding keeps in step with Òwe's files, and so what an operator's change must be recorded for. */
export type SeedKind = 'proverb' | 'category' | 'faq' | 'quiz' | 'advert'

/**
 * Records that an operator changed or deleted a seeded row (in the same transaction as the change), so
 * that seeding leaves that key alone from now on. Recording twice keeps the first row it took over.
 */
export async function recordOverride(tx: Tx, kind: SeedKind, seedKey: string, targetId: number | null): Promise<void> {
  await tx.insert(seedOverrides).values({ kind, seedKey, targetId }).onConflictDoNothing()
}

/** The overridden keys of one kind, each with the row that took it over (null once deleted). */
export async function overridesOf(db: Db | Tx, kind: SeedKind): Promise<Map<string, number | null>> {
  const rows = await db.select({ key: seedOverrides.seedKey, targetId: seedOverrides.targetId }).from(seedOverrides).where(eq(seedOverrides.kind, kind))
  return new Map(rows.map((row) => [row.key, row.targetId]))
}

export async function isOverridden(db: Db | Tx, kind: SeedKind, seedKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: seedOverrides.seedKey })
    .from(seedOverrides)
    .where(and(eq(seedOverrides.kind, kind), eq(seedOverrides.seedKey, seedKey)))
  return Boolean(row)
}
