import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROUTES } from '@core/http/api-paths'
import { correctionSchema, CORRECTION_TEXTS } from '@core/community/corrections'
import type { Notice } from '@core/http/contract'
import type { Db } from '../../db/client'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import { notFound } from '../../http/errors'
import { rateLimit, type Limit } from '../../http/rate-limit'
import { parseBody } from '../../http/validate'
import { correctableProverb } from './repository'
import { proposeCorrection } from './service'

type Deps = { db: Db; now: () => Date; limit: Limit; senderOf: (request: FastifyRequest) => Promise<number | null> }

/**
 * A reader's correction to a published proverb (visitors too, with the suggestion form's rules and limit);
 * the service stores it for an admin to compare, accept or decline.
 */
export function correctionRoutes(app: FastifyInstance, { db, now, limit, senderOf }: Deps): void {
  app.post<{ Params: { idOrSlug: string } }>(
    ROUTES.proverbCorrections,
    LONG_TEXT_BODY,
    async (request, reply): Promise<{ data: Notice }> => {
      const proverb = await correctableProverb(db, request.params.idOrSlug)
      if (!proverb) throw notFound(CORRECTION_TEXTS.notFound)
      await rateLimit(db, limit, request, now())
      const input = await parseBody(correctionSchema, request.body)
      await proposeCorrection(db, proverb, input, () => senderOf(request), now())
      reply.code(201)
      return { data: { message: CORRECTION_TEXTS.thanks } }
    },
  )
}
