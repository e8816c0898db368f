import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm'
import type { AdminCategory } from '@core/admin/contract'
import type { Db, Tx } from '../../../db/client'
import { categories, proverbCategories } from '../../../db/schema'
import { slugify } from '../../../db/seed/corpus'
import { CATEGORIES } from '../../../db/seed/groups'
import { lockForTakeOver, overridesOf, recordOverride } from '../../../db/seed/overrides'
import { badRequest, conflict, notFound } from '../../../http/errors'
import { audit } from '../../../services/audit'
import { conflictOnUnique, type Page } from '../shared'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

// Seeding upserts the built-in categories by name, except those an admin renamed or deleted (seed_overrides).
const BUILT_IN = new Set<string>(CATEGORIES)

const usage = sql<number>`(select count(*)::int from ${proverbCategories} where ${proverbCategories.categoryId} = ${categories.id})`
const columns = { id: categories.id, name: categories.name, slug: categories.slug, proverbCount: usage }

/** Marks the rows seeding still keeps in step with groups.ts. */
async function withBuiltIn(db: Db | Tx, rows: Omit<AdminCategory, 'builtIn'>[]): Promise<AdminCategory[]> {
  const overridden = await overridesOf(db, 'category')
  return rows.map((row) => ({ ...row, builtIn: BUILT_IN.has(row.name) && !overridden.has(row.name) }))
}

async function findCategory(db: Db | Tx, id: number): Promise<AdminCategory> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id))
  if (!row) throw notFound(ADMIN_API_TEXTS.categoryNotFound)
  const [category] = await withBuiltIn(db, [row])
  return category
}

/** The name's slug, refused when empty or when another category has the same name or slug. */
async function freeSlug(tx: Tx, name: string, exceptId = 0): Promise<string> {
  const slug = slugify(name)
  if (!slug) throw badRequest(ADMIN_API_TEXTS.categoryNeedsLetters, { name: ADMIN_API_TEXTS.categoryNeedsLetters })
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(or(eq(categories.slug, slug), sql`lower(${categories.name}) = ${name.toLowerCase()}`), ne(categories.id, exceptId)))
  if (clash) throw conflict(ADMIN_API_TEXTS.categoryExists, { name: ADMIN_API_TEXTS.categoryExists })
  return slug
}

/** A category about to be renamed or deleted; a built-in one is taken over (recorded) first. */
async function takeOver(tx: Tx, id: number, after: 'renamed' | 'deleted'): Promise<AdminCategory> {
  await lockForTakeOver(tx)
  const [locked] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update')
  if (!locked) throw notFound(ADMIN_API_TEXTS.categoryNotFound)
  const category = await findCategory(tx, id)
  if (category.builtIn) await recordOverride(tx, 'category', category.name, after === 'renamed' ? id : null)
  return category
}

/** A page of the categories by name, each with how many proverbs use it. */
export async function listCategories(db: Db, { page, size }: Page): Promise<{ items: AdminCategory[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(categories)
  const rows = await db
    .select(columns)
    .from(categories)
    .orderBy(asc(categories.name))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await withBuiltIn(db, rows), total }
}

export async function createCategory(db: Db, actor: number, name: string, at: Date): Promise<AdminCategory> {
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(categories)
        .values({ name, slug: await freeSlug(tx, name) })
        .returning({ id: categories.id })
      await audit(tx, actor, { action: 'category.create', targetType: 'category', targetId: row.id, detail: { name } }, at)
      return row.id
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.categoryExists, 'name'))
  return findCategory(db, id)
}

export async function renameCategory(db: Db, actor: number, id: number, name: string, at: Date): Promise<AdminCategory> {
  await db
    .transaction(async (tx) => {
      const before = await takeOver(tx, id, 'renamed')
      await tx
        .update(categories)
        .set({ name, slug: await freeSlug(tx, name, id) })
        .where(eq(categories.id, id))
      await audit(
        tx,
        actor,
        {
          action: 'category.rename',
          targetType: 'category',
          targetId: id,
          detail: { from: before.name, to: name, builtIn: before.builtIn },
        },
        at,
      )
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.categoryExists, 'name'))
  return findCategory(db, id)
}

/** Only a category no proverb uses (409 naming how many do). */
export async function deleteCategory(db: Db, actor: number, id: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const category = await takeOver(tx, id, 'deleted')
    if (category.proverbCount > 0) throw conflict(ADMIN_API_TEXTS.categoryInUse(category.name, category.proverbCount))
    await tx.delete(categories).where(eq(categories.id, id))
    await audit(
      tx,
      actor,
      { action: 'category.delete', targetType: 'category', targetId: id, detail: { name: category.name, builtIn: category.builtIn } },
      at,
    )
  })
}
