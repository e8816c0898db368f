import { and, count, desc, eq } from 'drizzle-orm'
import type { AdminCorrection, AdminProverb, CorrectionStatus } from '@core/admin/contract'
import { changedFields, CORRECTION_TEXTS } from '@core/community/corrections'
import type { Db, Tx } from '../../../db/client'
import { ethnicGroups, proverbChanges, proverbCorrections, proverbs } from '../../../db/schema'
import { conflict, notFound } from '../../../http/errors'
import { audit } from '../../../services/audit'
import { toAdminProverbs } from '../proverb-rows'
import type { Page } from '../shared'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

export type CorrectionRow = typeof proverbCorrections.$inferSelect

/** What the proverb's page names for each text. */
export const texts = (row: { proverb: string; transliteration: string; interpretation: string }) => ({
  proverb: row.proverb,
  transliteration: row.transliteration,
  interpretation: row.interpretation,
})

type Current = {
  slug: string | null
  ethnicName: string | null
  proverb: string | null
  transliteration: string | null
  interpretation: string | null
} | null

function toAdminCorrection(row: CorrectionRow, joined: Current): AdminCorrection {
  // The proverb as it reads now, unless it has been deleted (the left join found nothing).
  const current = joined?.slug
    ? {
        slug: joined.slug,
        ethnicName: joined.ethnicName ?? '',
        proverb: joined.proverb ?? '',
        transliteration: joined.transliteration ?? '',
        interpretation: joined.interpretation ?? '',
      }
    : null
  const before = { proverb: row.beforeProverb, transliteration: row.beforeTransliteration, interpretation: row.beforeInterpretation }
  const proposed = { ...texts(row), source: row.source }
  return {
    id: row.id,
    status: row.status,
    proverbId: row.proverbId,
    proverbSlug: current?.slug ?? null,
    ethnicName: current?.ethnicName ?? null,
    name: row.name,
    email: row.email,
    fromUser: row.userId !== null,
    before,
    current: current ? texts(current) : null,
    proposed,
    changes: changedFields(before, proposed),
    note: row.note,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }
}

function selectCorrections(db: Db | Tx) {
  return db
    .select({
      correction: proverbCorrections,
      current: {
        slug: proverbs.slug,
        ethnicName: ethnicGroups.name,
        proverb: proverbs.proverb,
        transliteration: proverbs.transliteration,
        interpretation: proverbs.interpretation,
      },
    })
    .from(proverbCorrections)
    .leftJoin(proverbs, eq(proverbs.id, proverbCorrections.proverbId))
    .leftJoin(ethnicGroups, eq(ethnicGroups.id, proverbs.ethnicGroupId))
}

/** A page of the corrections in one status, newest first, each with the proverb as it reads now. */
export async function listCorrections(db: Db, status: CorrectionStatus, { page, size }: Page) {
  const where = eq(proverbCorrections.status, status)
  const [{ total }] = await db.select({ total: count() }).from(proverbCorrections).where(where)
  const rows = await selectCorrections(db)
    .where(where)
    .orderBy(desc(proverbCorrections.createdAt), desc(proverbCorrections.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: rows.map((r) => toAdminCorrection(r.correction, r.current)), total }
}

export async function findCorrection(db: Db, id: number): Promise<AdminCorrection> {
  const [row] = await selectCorrections(db).where(eq(proverbCorrections.id, id))
  return toAdminCorrection(row.correction, row.current)
}

/** Moves a pending correction to its verdict once: a second admin acting at the same time gets 409. */
export async function review(tx: Tx, id: number, set: Partial<CorrectionRow> & { status: CorrectionStatus }): Promise<CorrectionRow> {
  const [row] = await tx
    .update(proverbCorrections)
    .set(set)
    .where(and(eq(proverbCorrections.id, id), eq(proverbCorrections.status, 'pending')))
    .returning()
  if (row) return row
  const [existing] = await tx.select({ status: proverbCorrections.status }).from(proverbCorrections).where(eq(proverbCorrections.id, id))
  if (!existing) throw notFound(CORRECTION_TEXTS.notFoundAdmin)
  throw conflict(CORRECTION_TEXTS.reviewed(existing.status))
}

/** The slug of a proverb's group. */
export async function groupSlugOf(tx: Tx, ethnicGroupId: number): Promise<string> {
  const [group] = await tx.select({ slug: ethnicGroups.slug }).from(ethnicGroups).where(eq(ethnicGroups.id, ethnicGroupId))
  return group.slug
}

/**
 * Marks (or unmarks) a proverb as checked by a speaker. The mark is provenance, not a change to what the
 * proverb says, so a seeded proverb stays the files' (no take-over): seeding never writes these columns.
 */
export async function setChecked(db: Db, actor: number, id: number, name: string | null, at: Date): Promise<AdminProverb> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(proverbs).where(eq(proverbs.id, id)).for('update')
    if (!before) throw notFound(ADMIN_API_TEXTS.proverbNotFound)
    const [row] = await tx
      .update(proverbs)
      .set({ checkedBy: name, checkedAt: name === null ? null : at })
      .where(eq(proverbs.id, id))
      .returning()
    if (name !== null) {
      await tx.insert(proverbChanges).values({
        proverbId: id,
        kind: 'checked',
        fields: ['checked by a speaker'],
        before: { checkedBy: before.checkedBy },
        after: { checkedBy: row.checkedBy },
        actorUserId: actor,
        createdAt: at,
      })
    }
    await audit(
      tx,
      actor,
      {
        action: name === null ? 'proverb.uncheck' : 'proverb.check',
        targetType: 'proverb',
        targetId: id,
        detail: { checkedBy: { from: before.checkedBy, to: row.checkedBy } },
      },
      at,
    )
    return row
  })
  const [admin] = await toAdminProverbs(db, [row])
  return admin
}
