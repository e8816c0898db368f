import type { FastifyBaseLogger } from 'fastify'
import { linkMail, type Mail, type Mailer } from '../../services/mail'
import { proverbAppPath } from './proverb-rows'
import { ADMIN_TEXTS } from './texts'

type Suggester = { id: number; email: string }

export type SuggestionOutcome = { kind: 'approved'; proverb: string; slug: string } | { kind: 'rejected'; reason: string }

/**
 * What a suggester without an account is told by email (one with an account gets an in-app notification
 * instead). Optional mail: an address that unsubscribed gets nothing, and the footer offers the link.
 * Nobody verified the address, so the mail holds only what the operators wrote (the published text, the
 * reason), never the sender's name or words: a suggestion cannot be used to mail a stranger one's own text.
 */
export function suggestionOutcomeMail(suggester: Suggester, outcome: SuggestionOutcome, publicUrl: string): Mail {
  const greeting = 'Hello,'
  const mail =
    outcome.kind === 'approved'
      ? linkMail(suggester.email, ADMIN_TEXTS.approvedTitle, greeting, [ADMIN_TEXTS.approvedBody(outcome.proverb)], 'Read it in Òwe', `${publicUrl}${proverbAppPath(outcome.slug)}`)
      : linkMail(
          suggester.email,
          ADMIN_TEXTS.rejectedTitle,
          greeting,
          [ADMIN_TEXTS.rejectedByEmail(outcome.reason), ADMIN_TEXTS.rejectedInvite],
          'Suggest a proverb',
          `${publicUrl}/add_proverb`,
        )
  return { ...mail, optional: true }
}

/** Sent after the verdict is committed; a failure is logged and changes nothing (the verdict stands). */
export async function mailSuggester(deps: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger }, suggester: Suggester, outcome: SuggestionOutcome): Promise<void> {
  try {
    await deps.mailer.send(suggestionOutcomeMail(suggester, outcome, deps.publicUrl))
  } catch (error) {
    deps.log.error({ err: error, suggestionId: suggester.id }, 'telling a suggester by email failed; the verdict stands')
  }
}
