import { asc, count, eq, sql } from 'drizzle-orm'
import type { AdminAdvert } from '@core/admin/contract'
import { type AdvertPatchForm, type AdvertUploadForm } from '@core/admin/validation'
import type { Db, Tx } from '../../../db/client'
import { adverts } from '../../../db/schema'
import { lockForTakeOver, recordOverride } from '../../../db/seed/overrides'
import { conflict, notFound } from '../../../http/errors'
import { audit } from '../../../services/audit'
import type { Page } from '../shared'
import { ADMIN_TEXTS } from '@core/admin/texts'
import { ADMIN_ADVERT_TEXTS } from '@core/admin/api-texts'

/** Where seeded adverts come from (server/src/db/seed/adverts.ts); admins' uploads are 'admin'. */
const SEED = 'seed'
const AUDIT_TARGET = 'advert'

const columns = {
  id: adverts.id,
  name: adverts.name,
  type: adverts.mimeType,
  alt: adverts.alt,
  link: adverts.link,
  active: adverts.active,
  bytes: sql<number>`octet_length(${adverts.content})::int`,
  source: adverts.source,
  position: adverts.position,
}

async function advertById(db: Db | Tx, id: number): Promise<AdminAdvert> {
  const [row] = await db.select(columns).from(adverts).where(eq(adverts.id, id))
  if (!row) throw notFound(ADMIN_ADVERT_TEXTS.notFound)
  return row
}

/** A page of the adverts, in the order users see them. */
export async function listAdverts(db: Db, { page, size }: Page): Promise<{ items: AdminAdvert[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(adverts)
  const items = await db
    .select(columns)
    .from(adverts)
    .orderBy(asc(adverts.position), asc(adverts.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items, total }
}

/** An uploaded advert (its type told by its bytes), placed after the others; 409 when the name is taken. */
export async function createAdvert(
  db: Db,
  actor: number,
  upload: { content: Buffer; type: AdminAdvert['type']; input: AdvertUploadForm },
  at: Date,
): Promise<AdminAdvert> {
  const { content, type, input } = upload
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adverts)
      .values({
        name: input.name,
        mimeType: type,
        content,
        alt: input.alt,
        link: input.link ?? null,
        // After the others, until an admin moves it.
        position: sql`(select coalesce(max(${adverts.position}) + 1, 0) from ${adverts})`,
        source: 'admin',
      })
      .onConflictDoNothing({ target: adverts.name })
      .returning({ id: adverts.id })
    if (!row) throw conflict(ADMIN_ADVERT_TEXTS.nameTaken, { name: ADMIN_ADVERT_TEXTS.nameTaken })
    await audit(
      tx,
      actor,
      {
        action: 'advert.create',
        targetType: AUDIT_TARGET,
        targetId: row.id,
        detail: { name: input.name, type, bytes: content.length, alt: input.alt, link: input.link ?? null },
      },
      at,
    )
    return advertById(tx, row.id)
  })
}

export async function updateAdvert(db: Db, actor: number, id: number, input: AdvertPatchForm, at: Date): Promise<AdminAdvert> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined))
  return db.transaction(async (tx) => {
    await lockForTakeOver(tx)
    const [current] = await tx.select({ name: adverts.name, source: adverts.source }).from(adverts).where(eq(adverts.id, id)).for('update')
    if (!current) throw notFound(ADMIN_ADVERT_TEXTS.notFound)
    // Seeding keeps a seeded advert's file, text and link in step with the manifest: changing the text or
    // link takes the advert over (seed_overrides), as deleting it does. Switching it off or moving it
    // does not (seeding sets neither after the first start).
    const takesOver = current.source === SEED && (['alt', 'link'] as const).some((field) => field in changes)
    if (takesOver) await recordOverride(tx, 'advert', current.name, id)
    await tx
      .update(adverts)
      .set(takesOver ? { ...changes, source: 'admin' } : changes)
      .where(eq(adverts.id, id))
    await audit(
      tx,
      actor,
      {
        action: 'advert.update',
        targetType: AUDIT_TARGET,
        targetId: id,
        detail: { ...changes, ...(takesOver ? { takenOver: true } : {}) },
      },
      at,
    )
    return advertById(tx, id)
  })
}

/**
 * The whole order at once, so that a move is never left half done. The ids must be exactly the adverts
 * there are: one uploaded or deleted meanwhile makes it a 409, and the console asks for the list again.
 */
export async function reorderAdverts(db: Db, actor: number, ids: number[], at: Date): Promise<AdminAdvert[]> {
  return db.transaction(async (tx) => {
    const current = await tx.select({ id: adverts.id }).from(adverts).orderBy(asc(adverts.id)).for('update')
    const known = new Set(current.map((row) => row.id))
    if (ids.length !== known.size || ids.some((id) => !known.has(id)))
      throw conflict(ADMIN_TEXTS.orderStale, { ids: ADMIN_TEXTS.orderStale })
    for (const [position, id] of ids.entries()) await tx.update(adverts).set({ position }).where(eq(adverts.id, id))
    await audit(tx, actor, { action: 'advert.reorder', targetType: AUDIT_TARGET, detail: { ids } }, at)
    return tx.select(columns).from(adverts).orderBy(asc(adverts.position), asc(adverts.id))
  })
}

/** A seeded advert deleted is recorded, so the next start does not bring it back. */
export async function deleteAdvert(db: Db, actor: number, id: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockForTakeOver(tx)
    await tx.select({ id: adverts.id }).from(adverts).where(eq(adverts.id, id)).for('update')
    const current = await advertById(tx, id)
    if (current.source === SEED) await recordOverride(tx, 'advert', current.name, null)
    await tx.delete(adverts).where(eq(adverts.id, id))
    await audit(
      tx,
      actor,
      {
        action: 'advert.delete',
        targetType: AUDIT_TARGET,
        targetId: id,
        detail: { name: current.name, type: current.type, bytes: current.bytes },
      },
      at,
    )
  })
}
