import { and, count, desc, eq, or, sql } from 'drizzle-orm'
import type { AdminProverb, ProverbInput } from '@core/admin/contract'
import type { ProverbSource } from '@core/proverbs/contract'
import { CHANGE_LABELS, changedFields } from '@core/community/corrections'
import { searchTerms } from '@core/proverbs/search'
import type { Db } from '../../../db/client'
import { ethnicGroups, proverbChanges, proverbs } from '../../../db/schema'
import { badRequest, conflict } from '../../../http/errors'
import { parseId } from '../../../http/params'
import { audit } from '../../../services/audit'
import {
  checkGroupAndCategories,
  insertProverb,
  linkCategories,
  proverbColumns,
  slugTaken,
  takeOver,
  toAdminProverbs,
} from '../proverb-rows'
import { conflictOnUnique, type Page } from '../shared'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

async function groupIdOf(db: Db, idOrSlug: string): Promise<number> {
  const id = parseId(idOrSlug)
  const [row] = await db
    .select({ id: ethnicGroups.id })
    .from(ethnicGroups)
    .where(id === undefined ? eq(ethnicGroups.slug, idOrSlug.toLowerCase()) : eq(ethnicGroups.id, id))
  if (!row) throw badRequest(`Unknown ethnic group "${idOrSlug}".`, { ethnic: 'Unknown ethnic group' })
  return row.id
}

/** The same sources, whatever order the keys of each came in (the database keeps JSON keys in its own order). */
function sameSources(a: ProverbSource[], b: ProverbSource[]): boolean {
  const canonical = (sources: ProverbSource[]) =>
    JSON.stringify(sources.map((s) => [s.title, s.url ?? null, s.author ?? null, s.year ?? null, s.locator ?? null, s.original ?? null]))
  return canonical(a) === canonical(b)
}

/** Proverbs of every source, newest first, matched on the text and the English; one group's (id or slug) when asked. */
export async function listProverbs(
  db: Db,
  filter: { q: string; ethnic: string | undefined },
  { page, size }: Page,
): Promise<{ items: AdminProverb[]; total: number }> {
  const terms = searchTerms(filter.q)
  const ethnicId = filter.ethnic === undefined ? undefined : await groupIdOf(db, filter.ethnic)
  const where = and(
    ethnicId === undefined ? undefined : eq(proverbs.ethnicGroupId, ethnicId),
    ...terms.map((term) => or(sql`${proverbs.toneKey} like ${likeTerm(term)}`, sql`${proverbs.englishFolded} like ${likeTerm(term)}`)),
  )
  const [{ total }] = await db.select({ total: count() }).from(proverbs).where(where)
  const rows = await db
    .select()
    .from(proverbs)
    .where(where)
    .orderBy(desc(proverbs.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await toAdminProverbs(db, rows), total }
}

/** An admin's proverb; 409 when the group already has this text. */
export async function createProverb(db: Db, actor: number, input: ProverbInput, at: Date): Promise<AdminProverb> {
  const row = await db
    .transaction(async (tx) => {
      const groupSlug = await checkGroupAndCategories(tx, input.ethnicGroupId, input.categoryIds)
      if (await slugTaken(tx, proverbColumns(groupSlug, input).slug))
        throw conflict(ADMIN_API_TEXTS.proverbExists, { proverb: ADMIN_API_TEXTS.proverbExists })
      const row = await insertProverb(tx, groupSlug, input, 'admin', at)
      await audit(tx, actor, { action: 'proverb.create', targetType: 'proverb', targetId: row.id, detail: { slug: row.slug } }, at)
      return row
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.proverbExists, 'proverb'))
  const [created] = await toAdminProverbs(db, [row])
  return created
}

/** A proverb edited (a seeded one taken over), its published history and the audit log recording what changed. */
export async function updateProverb(db: Db, actor: number, id: number, input: ProverbInput, at: Date): Promise<AdminProverb> {
  const row = await db
    .transaction(async (tx) => {
      const before = await takeOver(tx, id, 'edited')
      const groupSlug = await checkGroupAndCategories(tx, input.ethnicGroupId, input.categoryIds)
      // The slug follows the text (as the seed's does): a corrected proverb gets a new address.
      const columns = proverbColumns(groupSlug, input)
      if (await slugTaken(tx, columns.slug, id)) throw conflict(ADMIN_API_TEXTS.proverbExists, { proverb: ADMIN_API_TEXTS.proverbExists })
      const [row] = await tx
        .update(proverbs)
        .set({
          ...columns,
          ethnicGroupId: input.ethnicGroupId,
          ...(input.sources ? { sources: input.sources } : {}),
          ...(before.source === 'seed' ? { source: 'admin' } : {}),
        })
        .where(eq(proverbs.id, id))
        .returning()
      await linkCategories(tx, id, input.categoryIds)
      const sourcesChanged = !sameSources(before.sources, row.sources)
      const was = { proverb: before.proverb, transliteration: before.transliteration, interpretation: before.interpretation }
      const is = { proverb: row.proverb, transliteration: row.transliteration, interpretation: row.interpretation }
      const changed = [...changedFields(was, is), ...(sourcesChanged ? [CHANGE_LABELS.source] : [])]
      if (changed.length) {
        await tx.insert(proverbChanges).values({
          proverbId: id,
          kind: 'edit',
          fields: changed,
          before: { ...was, sources: before.sources },
          after: { ...is, sources: row.sources },
          actorUserId: actor,
          createdAt: at,
        })
      }
      // Before and after, field by field: the console's log shows what changed.
      const fields = (p: typeof row) => ({
        proverb: p.proverb,
        transliteration: p.transliteration,
        interpretation: p.interpretation,
        ethnicGroupId: p.ethnicGroupId,
        slug: p.slug,
        source: p.source,
      })
      const detail = { before: fields(before), ...fields(row) }
      await audit(tx, actor, { action: 'proverb.update', targetType: 'proverb', targetId: id, detail }, at)
      return row
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.proverbExists, 'proverb'))
  const [updated] = await toAdminProverbs(db, [row])
  return updated
}

export async function deleteProverb(db: Db, actor: number, id: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await takeOver(tx, id, 'deleted')
    // Links, likes and favourites go with it (cascades); quiz questions and suggestions keep their rows.
    await tx.delete(proverbs).where(eq(proverbs.id, id))
    await audit(
      tx,
      actor,
      {
        action: 'proverb.delete',
        targetType: 'proverb',
        targetId: id,
        detail: { slug: row.slug, proverb: row.proverb, source: row.source },
      },
      at,
    )
  })
}
