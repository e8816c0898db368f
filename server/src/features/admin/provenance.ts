import { and, count, desc, eq } from 'drizzle-orm'
import type { AdminCorrection, CorrectionStatus } from '@core/admin-contract'
import { speakerCheckSchema, rejectSuggestionSchema } from '@core/admin-validation'
import { API, ROUTES } from '@core/api-paths'
import type { ProverbSource } from '@core/contract'
import { acceptCorrectionSchema, changedFields, CORRECTION_TEXTS, parseSource } from '@core/corrections'
import type { Db, Tx } from '../../db/client'
import { ethnicGroups, proverbChanges, proverbCorrections, proverbs } from '../../db/schema'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import { badRequest, conflict, notFound } from '../../http/errors'
import { optionalString } from '../../http/params'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { linkMail, type Mailer } from '../../services/mail'
import { proverbAppPath, proverbColumns, slugTaken, takeOver, toAdminProverbs } from './proverb-rows'
import { conflictOnUnique, paginated, pageOf, pathId, type AdminRoutes } from './shared'
import { ADMIN_TEXTS } from './texts'

const STATUSES: CorrectionStatus[] = ['pending', 'accepted', 'declined']
type CorrectionRow = typeof proverbCorrections.$inferSelect

/** What the proverb's page names for each text. */
const texts = (row: { proverb: string; transliteration: string; interpretation: string }) => ({
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

async function findCorrection(db: Db, id: number): Promise<AdminCorrection> {
  const [row] = await selectCorrections(db).where(eq(proverbCorrections.id, id))
  return toAdminCorrection(row.correction, row.current)
}

/** Moves a pending correction to its verdict once: a second operator acting at the same time gets 409. */
async function review(tx: Tx, id: number, set: Partial<CorrectionRow> & { status: CorrectionStatus }): Promise<CorrectionRow> {
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

/** A source not already listed (the same address, or the same title for a book), added last. */
function withSource(sources: ProverbSource[], added: ProverbSource | null): ProverbSource[] {
  if (!added) return sources
  const same = sources.some((s) => (added.url ? s.url === added.url : !s.url && s.title === added.title))
  return same ? sources : [...sources, added]
}

/**
 * What a sender without an account is told by email (one with an account is told in the app). As with
 * suggestions, nobody verified the address, so the mail carries only what the operators wrote or published.
 */
async function mailSender(
  deps: { mailer: Mailer; publicUrl: string; tx: Tx },
  to: string,
  outcome: { kind: 'accepted'; proverb: string; slug: string } | { kind: 'declined'; reason: string },
) {
  const mail =
    outcome.kind === 'accepted'
      ? linkMail(
          to,
          CORRECTION_TEXTS.acceptedTitle,
          'Hello,',
          [CORRECTION_TEXTS.acceptedBody(outcome.proverb)],
          'Read it in Òwe',
          `${deps.publicUrl}${proverbAppPath(outcome.slug)}`,
        )
      : linkMail(
          to,
          CORRECTION_TEXTS.declinedTitle,
          'Hello,',
          [CORRECTION_TEXTS.declinedByEmail(outcome.reason), ADMIN_TEXTS.rejectedInvite],
          'Read Òwe',
          deps.publicUrl,
        )
  await deps.mailer.send({ ...mail, optional: true }, { tx: deps.tx })
}

/**
 * Readers' corrections (accept: the proverb takes the texts the operator settles on and the source, its
 * history and the audit log record the change, the sender is told; decline with a reason) and speakers'
 * checks of proverbs.
 */
export const provenanceRoutes: AdminRoutes = (app, { db, now, notifier, sendPublic, mailer, publicUrl }) => {
  app.get(API.admin.corrections, async (request) => {
    const paging = pageOf(request.query)
    const raw = optionalString(request.query as Record<string, unknown>, 'status') ?? 'pending'
    const status = STATUSES.find((s) => s === raw)
    if (!status) throw badRequest(CORRECTION_TEXTS.status, { status: CORRECTION_TEXTS.status })
    const where = eq(proverbCorrections.status, status)
    const [{ total }] = await db.select({ total: count() }).from(proverbCorrections).where(where)
    const rows = await selectCorrections(db)
      .where(where)
      .orderBy(desc(proverbCorrections.createdAt), desc(proverbCorrections.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
    return paginated(
      rows.map((r) => toAdminCorrection(r.correction, r.current)),
      total,
      paging,
    )
  })

  app.post<{ Params: { id: string } }>(ROUTES.admin.acceptCorrection, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, CORRECTION_TEXTS.notFoundAdmin)
    const input = await parseBody(acceptCorrectionSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const { correction, proverb } = await db
      .transaction(async (tx) => {
        const correction = await review(tx, id, { status: 'accepted', reviewedBy: actor, reviewedAt: at })
        if (correction.proverbId === null) throw conflict(ADMIN_TEXTS.correctionProverbGone)
        const before = await takeOver(tx, correction.proverbId, 'edited')
        const [group] = await tx.select({ slug: ethnicGroups.slug }).from(ethnicGroups).where(eq(ethnicGroups.id, before.ethnicGroupId))
        const columns = proverbColumns(group.slug, input)
        if (await slugTaken(tx, columns.slug, before.id)) throw conflict(ADMIN_TEXTS.proverbExists, { proverb: ADMIN_TEXTS.proverbExists })
        const sources = withSource(before.sources, parseSource(input.source))
        const fields = changedFields(texts(before), { ...columns, source: sources.length > before.sources.length ? input.source : '' })
        const [proverb] = await tx
          .update(proverbs)
          .set({ ...columns, sources, ...(before.source === 'seed' ? { source: 'admin' } : {}) })
          .where(eq(proverbs.id, before.id))
          .returning()
        const was = { ...texts(before), sources: before.sources }
        const is = { ...texts(proverb), sources: proverb.sources }
        await tx.insert(proverbChanges).values({
          proverbId: proverb.id,
          kind: 'correction',
          fields,
          before: was,
          after: is,
          correctionId: id,
          actorUserId: actor,
          createdAt: at,
        })
        await audit(
          tx,
          actor,
          {
            action: 'correction.accept',
            targetType: 'correction',
            targetId: id,
            detail: {
              status: { from: 'pending', to: 'accepted' },
              before: { ...texts(before), slug: before.slug },
              ...texts(proverb),
              slug: proverb.slug,
            },
          },
          at,
        )
        if (correction.userId === null)
          await mailSender({ mailer, publicUrl, tx }, correction.email, { kind: 'accepted', proverb: proverb.proverb, slug: proverb.slug })
        return { correction, proverb }
      })
      .catch(conflictOnUnique(ADMIN_TEXTS.proverbExists, 'proverb'))
    mailer.wake()
    sendPublic.clear()
    // After the commit: a message about a change that rolled back would be untrue.
    if (correction.userId !== null) {
      await notifier.notify(
        correction.userId,
        {
          kind: 'suggestion',
          title: CORRECTION_TEXTS.acceptedTitle,
          body: CORRECTION_TEXTS.acceptedBody(proverb.proverb),
          url: proverbAppPath(proverb.slug),
          dedupeKey: `correction:${id}`,
        },
        { now: at },
      )
    }
    return { data: await findCorrection(db, id) }
  })

  app.post<{ Params: { id: string } }>(ROUTES.admin.declineCorrection, async (request) => {
    const id = pathId(request.params.id, CORRECTION_TEXTS.notFoundAdmin)
    const { reason } = await parseBody(rejectSuggestionSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const correction = await db.transaction(async (tx) => {
      const row = await review(tx, id, { status: 'declined', declineReason: reason, reviewedBy: actor, reviewedAt: at })
      await audit(
        tx,
        actor,
        {
          action: 'correction.decline',
          targetType: 'correction',
          targetId: id,
          detail: { status: { from: 'pending', to: 'declined' }, reason },
        },
        at,
      )
      if (row.userId === null) await mailSender({ mailer, publicUrl, tx }, row.email, { kind: 'declined', reason })
      return row
    })
    mailer.wake()
    if (correction.userId !== null) {
      await notifier.notify(
        correction.userId,
        {
          kind: 'suggestion',
          title: CORRECTION_TEXTS.declinedTitle,
          body: CORRECTION_TEXTS.declinedBody(correction.beforeProverb, reason),
          dedupeKey: `correction:${id}`,
        },
        { now: at },
      )
    }
    return { data: await findCorrection(db, id) }
  })

  /** A speaker of the language checked the proverb: their name is shown on its page. */
  app.put<{ Params: { id: string } }>(ROUTES.admin.proverbChecked, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.proverbNotFound)
    const { name } = await parseBody(speakerCheckSchema, request.body)
    return { data: await setChecked(db, request.auth!.userId, id, name, now()).finally(() => sendPublic.clear()) }
  })

  app.delete<{ Params: { id: string } }>(ROUTES.admin.proverbChecked, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.proverbNotFound)
    return { data: await setChecked(db, request.auth!.userId, id, null, now()).finally(() => sendPublic.clear()) }
  })
}

/**
 * Marks (or unmarks) a proverb as checked by a speaker. The mark is provenance, not a change to what the
 * proverb says, so a seeded proverb stays the files' (no take-over): seeding never writes these columns.
 */
async function setChecked(db: Db, actor: number, id: number, name: string | null, at: Date) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(proverbs).where(eq(proverbs.id, id)).for('update')
    if (!before) throw notFound(ADMIN_TEXTS.proverbNotFound)
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
