import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROUTES } from '@core/api-paths'
import { changedFields, correctionSchema, CORRECTION_TEXTS } from '@core/corrections'
import type { Notice } from '@core/contract'
import type { Db } from '../../db/client'
import { proverbCorrections, proverbs } from '../../db/schema'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import { badRequest, notFound } from '../../http/errors'
import { hasControlCharacters, parseId } from '../../http/params'
import { rateLimit, type Limit } from '../../http/rate-limit'
import { parseBody } from '../../http/validate'
import { normaliseEmail } from '../../services/unsubscribe'

type Deps = { db: Db; now: () => Date; limit: Limit; senderOf: (request: FastifyRequest) => Promise<number | null> }

/** A published proverb by id or slug; a malformed address names nothing. */
async function findProverb(db: Db, idOrSlug: string) {
  if (hasControlCharacters(idOrSlug) || idOrSlug.length > 200) return undefined
  const id = /^\d+$/.test(idOrSlug) ? parseId(idOrSlug) : undefined
  if (/^\d+$/.test(idOrSlug) && id === undefined) return undefined
  const [row] = await db
    .select({
      id: proverbs.id,
      proverb: proverbs.proverb,
      transliteration: proverbs.transliteration,
      interpretation: proverbs.interpretation,
    })
    .from(proverbs)
    .where(id === undefined ? eq(proverbs.slug, idOrSlug) : eq(proverbs.id, id))
  return row
}

/**
 * A reader's correction to a published proverb (visitors too, with the suggestion form's rules and limit):
 * stored pending with the texts as they read now, for an operator to compare, accept or decline. A
 * correction that changes nothing is refused, so the queue holds only real proposals.
 */
export function correctionRoutes(app: FastifyInstance, { db, now, limit, senderOf }: Deps): void {
  app.post<{ Params: { idOrSlug: string } }>(
    ROUTES.proverbCorrections,
    LONG_TEXT_BODY,
    async (request, reply): Promise<{ data: Notice }> => {
      const proverb = await findProverb(db, request.params.idOrSlug)
      if (!proverb) throw notFound(CORRECTION_TEXTS.notFound)
      await rateLimit(db, limit, request, now())
      const input = await parseBody(correctionSchema, request.body)
      if (changedFields(proverb, input).length === 0)
        throw badRequest(CORRECTION_TEXTS.nothingChanged, { proverb: CORRECTION_TEXTS.nothingChanged })
      await db.insert(proverbCorrections).values({
        proverbId: proverb.id,
        userId: await senderOf(request),
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
        createdAt: now(),
      })
      reply.code(201)
      return { data: { message: CORRECTION_TEXTS.thanks } }
    },
  )
}
