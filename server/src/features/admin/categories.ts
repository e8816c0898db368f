import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm'
import type { AdminCategory, CategoryInput } from '../../../../src/core/admin-contract'
import { categoryInputSchema } from '../../../../src/core/admin-validation'
import { API } from '../../../../src/core/api-paths'
import type { Db, Tx } from '../../db/client'
import { slugify } from '../../db/seed/corpus'
import { CATEGORIES } from '../../db/seed/groups'
import { categories, proverbCategories } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { conflictOnUnique, paginated, pageOf, pathId, type AdminRoutes } from './shared'
import { ADMIN_TEXTS } from './texts'

// Seeding upserts the built-in categories by name: renamed or deleted, they would come back at the next start.
const BUILT_IN = new Set<string>(CATEGORIES)

const usage = sql<number>`(select count(*)::int from ${proverbCategories} where ${proverbCategories.categoryId} = ${categories.id})`

async function findCategory(db: Db | Tx, id: number): Promise<AdminCategory> {
  const [row] = await db.select({ id: categories.id, name: categories.name, slug: categories.slug, proverbCount: usage }).from(categories).where(eq(categories.id, id))
  if (!row) throw notFound(ADMIN_TEXTS.categoryNotFound)
  return row
}

/** The name's slug, refused when empty or when another category has the same name or slug. */
async function freeSlug(tx: Tx, name: string, exceptId = 0): Promise<string> {
  const slug = slugify(name)
  if (!slug) throw badRequest(ADMIN_TEXTS.categoryNeedsLetters, { name: ADMIN_TEXTS.categoryNeedsLetters })
  const [clash] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(or(eq(categories.slug, slug), sql`lower(${categories.name}) = ${name.toLowerCase()}`), ne(categories.id, exceptId)))
  if (clash) throw conflict(ADMIN_TEXTS.categoryExists, { name: ADMIN_TEXTS.categoryExists })
  return slug
}

async function changeable(tx: Tx, id: number): Promise<AdminCategory> {
  const category = await findCategory(tx, id)
  if (BUILT_IN.has(category.name)) throw conflict(ADMIN_TEXTS.seedCategory(category.name))
  return category
}

export const categoryRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.get(API.admin.categories, async (request) => {
    const paging = pageOf(request.query)
    const [{ total }] = await db.select({ total: count() }).from(categories)
    const rows = await db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, proverbCount: usage })
      .from(categories)
      .orderBy(asc(categories.name))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
    return paginated(rows, total, paging)
  })

  app.post(API.admin.categories, async (request, reply) => {
    const { name }: CategoryInput = await parseBody(categoryInputSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(categories).values({ name, slug: await freeSlug(tx, name) }).returning({ id: categories.id })
      await audit(tx, actor, { action: 'category.create', targetType: 'category', targetId: row.id, detail: { name } }, at)
      return row.id
    }).catch(conflictOnUnique(ADMIN_TEXTS.categoryExists, 'name'))
    sendPublic.clear()
    return reply.code(201).send({ data: await findCategory(db, id) })
  })

  app.put<{ Params: { id: string } }>(`${API.admin.categories}/:id`, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.categoryNotFound)
    const { name }: CategoryInput = await parseBody(categoryInputSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    await db.transaction(async (tx) => {
      const before = await changeable(tx, id)
      await tx.update(categories).set({ name, slug: await freeSlug(tx, name, id) }).where(eq(categories.id, id))
      await audit(tx, actor, { action: 'category.rename', targetType: 'category', targetId: id, detail: { from: before.name, to: name } }, at)
    }).catch(conflictOnUnique(ADMIN_TEXTS.categoryExists, 'name'))
    sendPublic.clear()
    return { data: await findCategory(db, id) }
  })

  app.delete<{ Params: { id: string } }>(`${API.admin.categories}/:id`, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.categoryNotFound)
    const actor = request.auth!.userId
    const at = now()
    await db.transaction(async (tx) => {
      const category = await changeable(tx, id)
      if (category.proverbCount > 0) throw conflict(ADMIN_TEXTS.categoryInUse(category.name, category.proverbCount))
      await tx.delete(categories).where(eq(categories.id, id))
      await audit(tx, actor, { action: 'category.delete', targetType: 'category', targetId: id, detail: { name: category.name } }, at)
    })
    sendPublic.clear()
    return { data: { id, deleted: true } }
  })
}
