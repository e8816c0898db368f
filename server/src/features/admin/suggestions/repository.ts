import { and, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminSuggestion, SuggestionStatus } from '@core/admin/contract'
import type { Db, Tx } from '../../../db/client'
import { proverbs, suggestions } from '../../../db/schema'
import { conflict, notFound } from '../../../http/errors'
import type { Page } from '../shared'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

const duplicate = alias(proverbs, 'duplicate')

export type SuggestionRow = typeof suggestions.$inferSelect

function toAdminSuggestion(row: SuggestionRow, dup: { id: number; slug: string; proverb: string } | null): AdminSuggestion {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    ethnic: row.ethnic,
    language: row.language,
    suggestedCategory: row.suggestedCategory,
    suggestedProverb: row.suggestedProverb,
    suggestedEnglishTransliteration: row.suggestedEnglishTransliteration,
    suggestedEnglishInterpretation: row.suggestedEnglishInterpretation,
    status: row.status,
    duplicateOf: dup,
    rejectReason: row.rejectReason,
    proverbId: row.proverbId,
    fromUser: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }
}

function selectSuggestions(db: Db) {
  return db
    .select({ suggestion: suggestions, dup: { id: duplicate.id, slug: duplicate.slug, proverb: duplicate.proverb } })
    .from(suggestions)
    .leftJoin(duplicate, eq(duplicate.id, suggestions.duplicateOfProverbId))
}

/** A page of the suggestions in one status, newest first, each with the proverb it may duplicate. */
export async function listSuggestions(db: Db, status: SuggestionStatus, { page, size }: Page) {
  const where = eq(suggestions.status, status)
  const [{ total }] = await db.select({ total: count() }).from(suggestions).where(where)
  const rows = await selectSuggestions(db)
    .where(where)
    .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: rows.map((r) => toAdminSuggestion(r.suggestion, r.dup)), total }
}

export async function findSuggestion(db: Db, id: number): Promise<AdminSuggestion> {
  const [row] = await selectSuggestions(db).where(eq(suggestions.id, id))
  return toAdminSuggestion(row.suggestion, row.dup)
}

/**
 * Moves a pending suggestion to its verdict, once: the update only matches a pending row, so two
 * moderators acting at once cannot both succeed (the second gets 409).
 */
export async function review(tx: Tx, id: number, set: Partial<SuggestionRow> & { status: SuggestionStatus }): Promise<SuggestionRow> {
  const [row] = await tx
    .update(suggestions)
    .set(set)
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'pending')))
    .returning()
  if (row) return row
  const [existing] = await tx.select({ status: suggestions.status }).from(suggestions).where(eq(suggestions.id, id))
  if (!existing) throw notFound(ADMIN_API_TEXTS.suggestionNotFound)
  throw conflict(ADMIN_API_TEXTS.suggestionReviewed(existing.status))
}

/** The proverb an approved suggestion became. */
export async function linkProverb(tx: Tx, id: number, proverbId: number): Promise<void> {
  await tx.update(suggestions).set({ proverbId }).where(eq(suggestions.id, id))
}
