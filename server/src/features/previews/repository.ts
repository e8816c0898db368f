import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { ethnicGroups, proverbs } from '../../db/schema'

/** Every proverb's address key, oldest first (a sitemap that grows at its end). */
export async function proverbSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: proverbs.slug }).from(proverbs).orderBy(asc(proverbs.id))
  return rows.map((row) => row.slug)
}

/** Every people's address key, in the site's order. */
export async function groupSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: ethnicGroups.slug }).from(ethnicGroups).orderBy(asc(ethnicGroups.position))
  return rows.map((row) => row.slug)
}
