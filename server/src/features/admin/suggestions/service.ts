import type { AdminSuggestion, ApproveSuggestionInput } from '@core/admin/contract'
import type { Db } from '../../../db/client'
import { conflict } from '../../../http/errors'
import { audit } from '../../../services/audit'
import type { Mailer } from '../../../services/mail'
import type { Notifier } from '../../../services/notify'
import { checkGroupAndCategories, insertProverb, proverbAppPath, proverbColumns, slugTaken } from '../proverb-rows'
import { conflictOnUnique } from '../shared'
import { mailSuggester } from './mail'
import { findSuggestion, linkProverb, review } from './repository'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

/** What a verdict needs besides the database: the suggester is told in the app, or by mail without an account. */
export type VerdictDeps = { db: Db; notifier: Notifier; mailer: Mailer; publicUrl: string }

/**
 * Publishes a pending suggestion as the admin edited it: the proverb, the verdict and the audit entry
 * in one transaction (the mail to a suggester without an account queued in it), then the in-app message.
 */
export async function approveSuggestion(
  deps: VerdictDeps,
  actor: number,
  id: number,
  input: ApproveSuggestionInput,
  at: Date,
): Promise<AdminSuggestion> {
  const { db, notifier, mailer, publicUrl } = deps
  const { suggestion, proverb } = await db
    .transaction(async (tx) => {
      const groupSlug = await checkGroupAndCategories(tx, input.ethnicGroupId, input.categoryIds)
      const suggestion = await review(tx, id, { status: 'approved', reviewedBy: actor, reviewedAt: at })
      if (await slugTaken(tx, proverbColumns(groupSlug, input).slug))
        throw conflict(ADMIN_API_TEXTS.proverbExists, { proverb: ADMIN_API_TEXTS.proverbExists })
      const proverb = await insertProverb(tx, groupSlug, input, 'community', at)
      await linkProverb(tx, id, proverb.id)
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
    .catch(conflictOnUnique(ADMIN_API_TEXTS.proverbExists, 'proverb'))
  mailer.wake()
  // After the commit: a message about a proverb that rolled back would be untrue.
  if (suggestion.userId !== null) {
    await notifier.notify(
      suggestion.userId,
      {
        kind: 'suggestion',
        title: ADMIN_API_TEXTS.approvedTitle,
        body: ADMIN_API_TEXTS.approvedBody(proverb.proverb),
        url: proverbAppPath(proverb.slug),
        dedupeKey: `suggestion:${id}`,
      },
      { now: at },
    )
  }
  return findSuggestion(db, id)
}

/** Rejects a pending suggestion with the admin's reason, and tells the suggester. */
export async function rejectSuggestion(deps: VerdictDeps, actor: number, id: number, reason: string, at: Date): Promise<AdminSuggestion> {
  const { db, notifier, mailer, publicUrl } = deps
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
        title: ADMIN_API_TEXTS.rejectedTitle,
        body: ADMIN_API_TEXTS.rejectedBody(suggestion.suggestedProverb, reason),
        dedupeKey: `suggestion:${id}`,
      },
      { now: at },
    )
  }
  return findSuggestion(db, id)
}
