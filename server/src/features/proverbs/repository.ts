import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { ProverbMarks } from '@core/proverbs/contract'
import type { Db, Tx } from '../../db/client'
import {
  categories,
  cousinClusters,
  ethnicGroups,
  favourites,
  proverbCategories,
  proverbCousins,
  proverbLikes,
  proverbs,
} from '../../db/schema'

/** Whether a proverb has this id. */
export async function proverbExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.id, id))
  return Boolean(row)
}

/** The proverbs the user keeps as favourites and those they like, by id. */
export async function marksOf(db: Db, userId: number): Promise<ProverbMarks> {
  const [fav, liked] = await Promise.all([
    db.select({ id: favourites.proverbId }).from(favourites).where(eq(favourites.userId, userId)),
    db.select({ id: proverbLikes.proverbId }).from(proverbLikes).where(eq(proverbLikes.userId, userId)),
  ])
  return { favourites: fav.map((r) => r.id), likes: liked.map((r) => r.id) }
}

/** Idempotent both ways: keeping a kept favourite or dropping a dropped one changes nothing. */
export async function setFavourite(db: Db | Tx, userId: number, proverbId: number, favourite: boolean, now: Date): Promise<void> {
  if (favourite) await db.insert(favourites).values({ userId, proverbId, createdAt: now }).onConflictDoNothing()
  else await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.proverbId, proverbId)))
}

/** A like and the proverb's count change together; the count is recomputed, so replays cannot skew it. */
export async function setLike(db: Db | Tx, userId: number, proverbId: number, liked: boolean, now: Date) {
  return db.transaction(async (tx) => {
    // Locking the proverb first serialises likes of one proverb, so each count sees the one before.
    await tx.select({ id: proverbs.id }).from(proverbs).where(eq(proverbs.id, proverbId)).for('update')
    if (liked) await tx.insert(proverbLikes).values({ userId, proverbId, createdAt: now }).onConflictDoNothing()
    else await tx.delete(proverbLikes).where(and(eq(proverbLikes.userId, userId), eq(proverbLikes.proverbId, proverbId)))
    const [{ likes }] = await tx.select({ likes: count() }).from(proverbLikes).where(eq(proverbLikes.proverbId, proverbId))
    await tx
      .update(proverbs)
      .set({ likes: sql`${likes}` })
      .where(eq(proverbs.id, proverbId))
    return { proverbId, liked, likes }
  })
}

/** Every proverb with its people (in the peoples' order), its categories by name, and the cousin clusters. */
export async function corpusRows(db: Db) {
  const rows = await db
    .select({
      id: proverbs.id,
      slug: proverbs.slug,
      people: ethnicGroups.name,
      language: ethnicGroups.language,
      proverb: proverbs.proverb,
      transliteration: proverbs.transliteration,
      interpretation: proverbs.interpretation,
      sources: proverbs.sources,
      checkedBy: proverbs.checkedBy,
    })
    .from(proverbs)
    .innerJoin(ethnicGroups, eq(ethnicGroups.id, proverbs.ethnicGroupId))
    .orderBy(asc(ethnicGroups.position), asc(proverbs.id))
  const categoryLinks = await db
    .select({ proverbId: proverbCategories.proverbId, name: categories.name })
    .from(proverbCategories)
    .innerJoin(categories, eq(categories.id, proverbCategories.categoryId))
    .orderBy(asc(categories.name))
  const cousinLinks = await db
    .select({ proverbId: proverbCousins.proverbId, key: cousinClusters.key })
    .from(proverbCousins)
    .innerJoin(cousinClusters, eq(cousinClusters.id, proverbCousins.clusterId))
  const clusters = await db
    .select({ key: cousinClusters.key, note: cousinClusters.note })
    .from(cousinClusters)
    .orderBy(asc(cousinClusters.key))
  return { proverbs: rows, categoryLinks, cousinLinks, clusters }
}
