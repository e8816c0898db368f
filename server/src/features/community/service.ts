import type { FastifyBaseLogger } from 'fastify'
import { changedFields, CORRECTION_TEXTS, type CorrectionInput } from '@core/community/corrections'
import { foldForSearch } from '@core/proverbs/search'
import type { ContactInput, SuggestionInput } from '@core/community/validation'
import type { Db, Tx } from '../../db/client'
import { contactMessages } from '../../db/schema'
import { badRequest } from '../../http/errors'
import type { Mailer } from '../../services/mail'
import { normaliseEmail } from '../../services/unsubscribe'
import { forwardContactMessage } from './contact-mail'
import { correctableProverb, insertCorrection, insertSuggestion, proverbWithToneKey } from './repository'

/** Stores a suggestion; `duplicate` when a published proverb already reads the same (by its tone-folded text). */
export async function suggestProverb(db: Db | Tx, input: SuggestionInput, userId: number | null): Promise<{ duplicate: boolean }> {
  const toneKey = foldForSearch(input.suggestedProverb)
  // Only published proverbs are checked: repeats among pending suggestions share a tone_key the moderator can group by.
  const same = toneKey ? await proverbWithToneKey(db, toneKey) : undefined
  await insertSuggestion(db, { ...input, email: normaliseEmail(input.email), userId, toneKey, duplicateOfProverbId: same?.id ?? null })
  return { duplicate: Boolean(same) }
}

/**
 * Stored pending with the texts as they read now, for an admin to compare, accept or decline. A
 * correction that changes nothing is refused, so the queue holds only real proposals.
 */
export async function proposeCorrection(
  db: Db | Tx,
  proverb: NonNullable<Awaited<ReturnType<typeof correctableProverb>>>,
  input: CorrectionInput,
  senderOf: () => Promise<number | null>,
  now: Date,
): Promise<void> {
  if (changedFields(proverb, input).length === 0)
    throw badRequest(CORRECTION_TEXTS.nothingChanged, { proverb: CORRECTION_TEXTS.nothingChanged })
  await insertCorrection(db, {
    proverbId: proverb.id,
    userId: await senderOf(),
    email: normaliseEmail(input.email),
    name: input.name,
    beforeProverb: proverb.proverb,
    beforeTransliteration: proverb.transliteration,
    beforeInterpretation: proverb.interpretation,
    proverb: input.proverb.normalize('NFC'),
    transliteration: input.transliteration,
    interpretation: input.interpretation,
    source: input.source,
    note: input.note,
    createdAt: now,
  })
}

/** The message and its forwards to the admins are one change: stored and queued together. */
export async function storeContactMessage(
  { db, mailer, log, contactEmail }: { db: Db; mailer: Mailer; log: FastifyBaseLogger; contactEmail: string | null },
  input: ContactInput,
  userId: number | null,
): Promise<void> {
  const values = { ...input, email: normaliseEmail(input.email) }
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(contactMessages)
      .values({ ...values, userId })
      .returning({ id: contactMessages.id })
    await forwardContactMessage({ tx, mailer, log, contactEmail }, { ...values, id: saved.id })
  })
  mailer.wake()
}
