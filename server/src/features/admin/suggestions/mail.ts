import type { Tx } from '../../../db/client'
import { linkMail, type Mail, type Mailer } from '../../../services/mail'
import { proverbAppPath } from '../proverb-rows'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

type Suggester = { id: number; email: string }

export type SuggestionOutcome = { kind: 'approved'; proverb: string; slug: string } | { kind: 'rejected'; reason: string }

/**
 * What a suggester without an account is told by email (one with an account gets an in-app notification
 * instead). Optional mail: an address that unsubscribed gets nothing, and the footer offers the link.
 * Nobody verified the address, so the mail holds only what the admins wrote (the published text, the
 * reason), never the sender's name or words: a suggestion cannot be used to mail a stranger one's own text.
 */
export function suggestionOutcomeMail(suggester: Suggester, outcome: SuggestionOutcome, publicUrl: string): Mail {
  const greeting = 'Hello,'
  const mail =
    outcome.kind === 'approved'
      ? linkMail(
          suggester.email,
          ADMIN_API_TEXTS.approvedTitle,
          greeting,
          [ADMIN_API_TEXTS.approvedBody(outcome.proverb)],
          'Read it in Òwe',
          `${publicUrl}${proverbAppPath(outcome.slug)}`,
        )
      : linkMail(
          suggester.email,
          ADMIN_API_TEXTS.rejectedTitle,
          greeting,
          [ADMIN_API_TEXTS.rejectedByEmail(outcome.reason), ADMIN_API_TEXTS.rejectedInvite],
          'Suggest a proverb',
          `${publicUrl}/add_proverb`,
        )
  return { ...mail, optional: true }
}

/** Queued in the verdict's transaction: told of a verdict that stands, never of one rolled back. */
export async function mailSuggester(
  deps: { mailer: Mailer; publicUrl: string; tx: Tx },
  suggester: Suggester,
  outcome: SuggestionOutcome,
): Promise<void> {
  await deps.mailer.send(suggestionOutcomeMail(suggester, outcome, deps.publicUrl), { tx: deps.tx })
}
