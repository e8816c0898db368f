import { eq } from 'drizzle-orm'
import type { AdminCorrection } from '@core/admin/contract'
import type { ProverbSource } from '@core/proverbs/contract'
import { changedFields, CORRECTION_TEXTS, parseSource, type AcceptCorrectionInput } from '@core/community/corrections'
import type { Db } from '../../../db/client'
import { proverbChanges, proverbs } from '../../../db/schema'
import { conflict } from '../../../http/errors'
import { audit } from '../../../services/audit'
import type { Mailer } from '../../../services/mail'
import type { Notifier } from '../../../services/notify'
import { proverbAppPath, proverbColumns, slugTaken, takeOver } from '../proverb-rows'
import { conflictOnUnique } from '../shared'
import { mailSender } from './mail'
import { findCorrection, groupSlugOf, review, texts } from './repository'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** What a verdict needs besides the database: the sender is told in the app, or by mail without an account. */
export type VerdictDeps = { db: Db; notifier: Notifier; mailer: Mailer; publicUrl: string }

/** A source not already listed (the same address, or the same title for a book), added last. */
function withSource(sources: ProverbSource[], added: ProverbSource | null): ProverbSource[] {
  if (!added) return sources
  const same = sources.some((s) => (added.url ? s.url === added.url : !s.url && s.title === added.title))
  return same ? sources : [...sources, added]
}

/**
 * The proverb takes the texts the admin settles on and the source; its history and the audit log
 * record the change, and the sender is told (by mail in the transaction, or in the app after the commit).
 */
export async function acceptCorrection(
  deps: VerdictDeps,
  actor: number,
  id: number,
  input: AcceptCorrectionInput,
  at: Date,
): Promise<AdminCorrection> {
  const { db, notifier, mailer, publicUrl } = deps
  const { correction, proverb } = await db
    .transaction(async (tx) => {
      const correction = await review(tx, id, { status: 'accepted', reviewedBy: actor, reviewedAt: at })
      if (correction.proverbId === null) throw conflict(ADMIN_API_TEXTS.correctionProverbGone)
      const before = await takeOver(tx, correction.proverbId, 'edited')
      const columns = proverbColumns(await groupSlugOf(tx, before.ethnicGroupId), input)
      if (await slugTaken(tx, columns.slug, before.id))
        throw conflict(ADMIN_API_TEXTS.proverbExists, { proverb: ADMIN_API_TEXTS.proverbExists })
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
    .catch(conflictOnUnique(ADMIN_API_TEXTS.proverbExists, 'proverb'))
  mailer.wake()
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
  return findCorrection(db, id)
}

/** Declines a pending correction with the admin's reason, and tells the sender. */
export async function declineCorrection(deps: VerdictDeps, actor: number, id: number, reason: string, at: Date): Promise<AdminCorrection> {
  const { db, notifier, mailer, publicUrl } = deps
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
  return findCorrection(db, id)
}
