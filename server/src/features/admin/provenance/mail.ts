import { CORRECTION_TEXTS } from '@core/community/corrections'
import type { Tx } from '../../../db/client'
import { linkMail, type Mailer } from '../../../services/mail'
import { proverbAppPath } from '../proverb-rows'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

export type CorrectionOutcome = { kind: 'accepted'; proverb: string; slug: string } | { kind: 'declined'; reason: string }

/**
 * What a sender without an account is told by email (one with an account is told in the app). As with
 * suggestions, nobody verified the address, so the mail carries only what the admins wrote or published.
 * Queued in the verdict's transaction.
 */
export async function mailSender(deps: { mailer: Mailer; publicUrl: string; tx: Tx }, to: string, outcome: CorrectionOutcome) {
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
          [CORRECTION_TEXTS.declinedByEmail(outcome.reason), ADMIN_API_TEXTS.rejectedInvite],
          'Read Òwe',
          deps.publicUrl,
        )
  await deps.mailer.send({ ...mail, optional: true }, { tx: deps.tx })
}
