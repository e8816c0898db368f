import { and, asc, eq, sql } from 'drizzle-orm'
import type { AdToggle, AdvertFile } from '@core/adverts/contract'
import type { Db } from '../../db/client'
import { adverts, users } from '../../db/schema'

/** The active adverts, in the admins' order; admins run the adverts and are not shown them (an empty list). */
export async function advertsFor(db: Db, userId: number): Promise<AdvertFile[]> {
  const [caller] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId))
  if (caller?.role === 'admin') return []
  return db
    .select({ id: adverts.id, type: adverts.mimeType, name: adverts.name })
    .from(adverts)
    .where(eq(adverts.active, true))
    .orderBy(asc(adverts.position), asc(adverts.id))
}

/** An active advert by id, or by name when there is no id; its ETag is the digest of its content. */
export async function activeAdvert(db: Db, by: { id: number } | { name: string }) {
  const [row] = await db
    .select({
      id: adverts.id,
      type: adverts.mimeType,
      name: adverts.name,
      content: adverts.content,
      alt: adverts.alt,
      link: adverts.link,
      etag: sql<string>`md5(${adverts.content})`,
    })
    .from(adverts)
    .where(and(eq(adverts.active, true), 'id' in by ? eq(adverts.id, by.id) : eq(adverts.name, by.name)))
  return row
}

export async function toggleOf(db: Db, userId: number): Promise<AdToggle> {
  const [row] = await db.select({ toggle: users.showAds }).from(users).where(eq(users.id, userId))
  return { toggle: row?.toggle ?? false }
}

export async function setToggle(db: Db, userId: number, toggle: boolean): Promise<AdToggle> {
  const [row] = await db.update(users).set({ showAds: toggle }).where(eq(users.id, userId)).returning({ toggle: users.showAds })
  return { toggle: row?.toggle ?? toggle }
}
