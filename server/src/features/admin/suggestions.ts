import { and, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { AdminSuggestion, ApproveSuggestionInput, RejectSuggestionInput, SuggestionStatus } from '@core/admin-contract'
import { proverbInputSchema, rejectSuggestionSchema } from '@core/admin-validation'
import { API, ROUTES } from '@core/api-paths'
import type { Db, Tx } from '../../db/client'
import { proverbs, suggestions } from '../../db/schema'
import { badRequest, conflict, notFound } from '../../http/errors'
import { optionalString } from '../../http/params'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { checkGroupAndCategories, insertProverb, proverbAppPath, proverbColumns, slugTaken } from './proverb-rows'
import { conflictOnUnique, paginated, pageOf, pathId, type AdminRoutes } from './shared'
import { mailSuggester } from './suggestion-mail'
import { ADMIN_TEXTS } from './texts'
import { LONG_TEXT_BODY } from '../../http/body-limits'

const STATUSES: SuggestionStatus[] = ['pending', 'approved', 'rejected']
const duplicate = alias(proverbs, 'duplicate')

type SuggestionRow = typeof suggestions.$inferSelect

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

async function listSuggestions(db: Db, status: SuggestionStatus, page: number, size: number) {
  const where = eq(suggestions.status, status)
  const [{ total }] = await db.select({ total: count() }).from(suggestions).where(where)
  const rows = await selectSuggestions(db)
    .where(where)
    .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: rows.map((r) => toAdminSuggestion(r.suggestion, r.dup)), total }
}

async function findSuggestion(db: Db, id: number): Promise<AdminSuggestion> {
  const [row] = await selectSuggestions(db).where(eq(suggestions.id, id))
  return toAdminSuggestion(row.suggestion, row.dup)
}

/**
 * Moves a pending suggestion to its verdict, once: the update only matches a pending row, so two
 * moderators acting at once cannot both succeed (the second gets 409).
 */
async function review(tx: Tx, id: number, set: Partial<SuggestionRow> & { status: SuggestionStatus }): Promise<SuggestionRow> {
  const [row] = await tx
    .update(suggestions)
    .set(set)
    .where(and(eq(suggestions.id, id), eq(suggestions.status, 'pending')))
    .returning()
  if (row) return row
  const [existing] = await tx.select({ status: suggestions.status }).from(suggestions).where(eq(suggestions.id, id))
  if (!existing) throw notFound(ADMIN_TEXTS.suggestionNotFound)
  throw conflict(ADMIN_TEXTS.suggestionReviewed(existing.status))
}

export const suggestionRoutes: AdminRoutes = (app, { db, now, notifier, sendPublic, mailer, publicUrl }) => {
  app.get(API.admin.suggestions, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status') ?? 'pending'
    const status = STATUSES.find((s) => s === raw)
    if (!status) throw badRequest(ADMIN_TEXTS.suggestionStatus, { status: ADMIN_TEXTS.suggestionStatus })
    const { items, total } = await listSuggestions(db, status, paging.page, paging.size)
    return paginated(items, total, paging)
  })

  app.post<{ Params: { id: string } }>(ROUTES.admin.approveSuggestion, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.suggestionNotFound)
    const input: ApproveSuggestionInput = await parseBody(proverbInputSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const { suggestion, proverb } = await db
      .transaction(async (tx) => {
        const groupSlug = await checkGroupAndCategories(tx, input.ethnicGroupId, input.categoryIds)
        const suggestion = await review(tx, id, { status: 'approved', reviewedBy: actor, reviewedAt: at })
        if (await slugTaken(tx, proverbColumns(groupSlug, input).slug))
          throw conflict(ADMIN_TEXTS.proverbExists, { proverb: ADMIN_TEXTS.proverbExists })
        const proverb = await insertProverb(tx, groupSlug, input, 'community', at)
        await tx.update(suggestions).set({ proverbId: proverb.id }).where(eq(suggestions.id, id))
        await audit(
          tx,
          actor,
          {
            action: 'suggestion.approve',
            targetType: 'suggestion',
            targetId: id,
            detail: { status: { from: 'pending', to: 'approved' }, proverbId: proverb.id, slug: proverb.slug },
          },
          at,
        )
        if (suggestion.userId === null)
          await mailSuggester({ mailer, publicUrl, tx }, suggestion, { kind: 'approved', proverb: proverb.proverb, slug: proverb.slug })
        return { suggestion, proverb }
      })
      .catch(conflictOnUnique(ADMIN_TEXTS.proverbExists, 'proverb'))
    mailer.wake()
    sendPublic.clear()
    // After the commit: a message about a proverb that rolled back would be untrue.
    if (suggestion.userId !== null) {
      await notifier.notify(
        suggestion.userId,
        {
          kind: 'suggestion',
          title: ADMIN_TEXTS.approvedTitle,
          body: ADMIN_TEXTS.approvedBody(proverb.proverb),
          url: proverbAppPath(proverb.slug),
          dedupeKey: `suggestion:${id}`,
        },
        { now: at },
      )
    }
    return { data: await findSuggestion(db, id) }
  })

  app.post<{ Params: { id: string } }>(ROUTES.admin.rejectSuggestion, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.suggestionNotFound)
    const { reason }: RejectSuggestionInput = await parseBody(rejectSuggestionSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const suggestion = await db.transaction(async (tx) => {
      const row = await review(tx, id, { status: 'rejected', rejectReason: reason, reviewedBy: actor, reviewedAt: at })
      await audit(
        tx,
        actor,
        {
          action: 'suggestion.reject',
          targetType: 'suggestion',
          targetId: id,
          detail: { status: { from: 'pending', to: 'rejected' }, reason },
        },
        at,
      )
      if (row.userId === null) await mailSuggester({ mailer, publicUrl, tx }, row, { kind: 'rejected', reason })
      return row
    })
    mailer.wake()
    if (suggestion.userId !== null) {
      await notifier.notify(
        suggestion.userId,
        {
          kind: 'suggestion',
          title: ADMIN_TEXTS.rejectedTitle,
          body: ADMIN_TEXTS.rejectedBody(suggestion.suggestedProverb, reason),
          dedupeKey: `suggestion:${id}`,
        },
        { now: at },
      )
    }
    return { data: await findSuggestion(db, id) }
  })
}
