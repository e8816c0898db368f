import { asc, eq, inArray } from 'drizzle-orm'
import type { AdminProverb, ProverbInput } from '@core/admin/contract'
import { englishKey, toneKey } from '@core/proverbs/search'
import type { Db, Tx } from '../../db/client'
import { proverbSlug } from '../../db/seed/corpus'
import { categories, ethnicGroups, proverbCategories, proverbs } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { lockForTakeOver, recordOverride } from '../../db/seed/overrides'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** Proverbs admins add; seeding ('seed') never touches these. */
export type ProverbSource = 'community' | 'admin' | 'import'

/**
 * The stored columns of a proverb, made exactly as the seed makes them (slug, tone key, folded English),
 * so that admins' proverbs are searched, ranked and grouped with tone variants like the corpus.
 */
export function proverbColumns(groupSlug: string, text: { proverb: string; transliteration: string; interpretation: string }) {
  const proverb = text.proverb.normalize('NFC').trim()
  return {
    slug: proverbSlug(groupSlug, proverb),
    proverb,
    transliteration: text.transliteration.trim(),
    interpretation: text.interpretation.trim(),
    toneKey: toneKey(proverb),
    englishFolded: englishKey(text),
  }
}

/** The group's slug, or a 400 naming the field when the group or a category is unknown. */
export async function checkGroupAndCategories(db: Db | Tx, ethnicGroupId: number, categoryIds: number[]): Promise<string> {
  const [group] = await db.select({ slug: ethnicGroups.slug }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
  if (!group) throw badRequest(ADMIN_API_TEXTS.unknownGroup, { ethnicGroupId: ADMIN_API_TEXTS.unknownGroup })
  const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds))
  if (found.length !== categoryIds.length)
    throw badRequest(ADMIN_API_TEXTS.unknownCategories, { categoryIds: ADMIN_API_TEXTS.unknownCategories })
  return group.slug
}

export async function linkCategories(tx: Tx, proverbId: number, categoryIds: number[]): Promise<void> {
  await tx.delete(proverbCategories).where(eq(proverbCategories.proverbId, proverbId))
  if (categoryIds.length) await tx.insert(proverbCategories).values(categoryIds.map((categoryId) => ({ proverbId, categoryId })))
}

/** Whether a proverb with exactly this text is already in the group (its slug is made from group and text). */
export async function slugTaken(db: Db | Tx, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.slug, slug))
  return row !== undefined && row.id !== exceptId
}

/** Inserts a checked proverb with its categories; the caller has called checkGroupAndCategories. */
export async function insertProverb(tx: Tx, groupSlug: string, input: ProverbInput, source: ProverbSource, now: Date) {
  const [row] = await tx
    .insert(proverbs)
    .values({
      ...proverbColumns(groupSlug, input),
      ethnicGroupId: input.ethnicGroupId,
      source,
      sources: input.sources ?? [],
      createdAt: now,
    })
    .returning()
  await linkCategories(tx, row.id, input.categoryIds)
  return row
}

type ProverbRow = typeof proverbs.$inferSelect

export async function toAdminProverbs(db: Db | Tx, rows: ProverbRow[]): Promise<AdminProverb[]> {
  if (rows.length === 0) return []
  const links = await db
    .select()
    .from(proverbCategories)
    .where(
      inArray(
        proverbCategories.proverbId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(proverbCategories.categoryId))
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    proverb: row.proverb,
    transliteration: row.transliteration,
    interpretation: row.interpretation,
    ethnicGroupId: row.ethnicGroupId,
    categoryIds: links.filter((l) => l.proverbId === row.id).map((l) => l.categoryId),
    source: row.source,
    sources: row.sources,
    checkedBy: row.checkedBy && row.checkedAt ? { name: row.checkedBy, at: row.checkedAt.toISOString() } : null,
  }))
}

/**
 * A proverb an admin is about to change or delete (404 when there is none). A seeded one is taken over
 * first: its seed slug is recorded (seed_overrides), so the next start's seeding leaves it alone, and an
 * edited row becomes the admins' ('admin').
 */
export async function takeOver(tx: Tx, id: number, after: 'edited' | 'deleted') {
  await lockForTakeOver(tx)
  const [row] = await tx.select().from(proverbs).where(eq(proverbs.id, id)).for('update')
  if (!row) throw notFound(ADMIN_API_TEXTS.proverbNotFound)
  if (row.source === 'seed') await recordOverride(tx, 'proverb', row.slug, after === 'edited' ? id : null)
  return row
}

/** Where the app shows one proverb (src/features/proverbs/share.ts writes the same path). */
export const proverbAppPath = (slug: string) => `/search_result?proverb=${encodeURIComponent(slug)}`
