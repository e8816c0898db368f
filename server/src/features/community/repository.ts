import { eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client'
import { dailyReminders, proverbCorrections, proverbs, suggestions, unsubscribes, users } from '../../db/schema'
import { hasControlCharacters, parseId } from '../../http/params'

/** The published proverb with this tone key, if any (only published ones: pending repeats share the key). */
export async function proverbWithToneKey(db: Db | Tx, toneKey: string): Promise<{ id: number } | undefined> {
  const [same] = await db.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.toneKey, toneKey)).limit(1)
  return same
}

export async function insertSuggestion(db: Db | Tx, values: typeof suggestions.$inferInsert): Promise<void> {
  await db.insert(suggestions).values(values)
}

/** A published proverb by id or slug, with the texts a correction is compared with; a malformed address names nothing. */
export async function correctableProverb(db: Db, idOrSlug: string) {
  if (hasControlCharacters(idOrSlug) || idOrSlug.length > 200) return undefined
  const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : undefined
  if (/^\d+$/.test(idOrSlug) && id === undefined) return undefined
  const [row] = await db
    .select({
      id: proverbs.id,
      proverb: proverbs.proverb,
      transliteration: proverbs.transliteration,
      interpretation: proverbs.interpretation,
    })
    .from(proverbs)
    .where(id === undefined ? eq(proverbs.slug, idOrSlug) : eq(proverbs.id, id))
  return row
}

export async function insertCorrection(db: Db | Tx, values: typeof proverbCorrections.$inferInsert): Promise<void> {
  await db.insert(proverbCorrections).values(values)
}

/** The address gets no optional mail again, and its account's daily reminder stops. Asking twice changes nothing. */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(unsubscribes).values({ email }).onConflictDoNothing()
    await tx
      .delete(dailyReminders)
      .where(inArray(dailyReminders.userId, tx.select({ id: users.id }).from(users).where(eq(users.email, email))))
  })
}
