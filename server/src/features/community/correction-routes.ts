import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ROUTES } from '@core/http/api-paths'
import { correctionSchema, CORRECTION_TEXTS } from '@core/community/corrections'
import type { Notice } from '@core/http/contract'
import type { Db } from '../../db/client'
import { LONG_TEXT_BODY } from '../../http/body-limits'
import { notFound } from '../../http/errors'
import { rateLimit, type Limit } from '../../http/rate-limit'
import { answerOnce, receiptScope } from '../../http/receipts'
import { parseBody } from '../../http/validate'
import { correctableProverb } from './repository'
import { proposeCorrection } from './service'

type Deps = { db: Db; now: () => Date; limit: Limit; senderOf: (request: FastifyRequest) => Promise<number | null> }

/**
 * A reader's correction to a published proverb (visitors too, with the suggestion form's rules and limit);
 * the service stores it for an admin to compare, accept or decline. Sent again under its Idempotency-Key (from the
 * device's queue), it is kept once.
 */
export function correctionRoutes(app: FastifyInstance, { db, now, limit, senderOf }: Deps): void {
  app.post<{ Params: { idOrSlug: string } }>(
    ROUTES.proverbCorrections,
    LONG_TEXT_BODY,
    async (request, reply): Promise<{ data: Notice }> => {
      const proverb = await correctableProverb(db, request.params.idOrSlug)
      if (!proverb) throw notFound(CORRECTION_TEXTS.notFound)
      const sender = await senderOf(request)
      const scope = { scope: receiptScope(sender), what: `correction ${proverb.id}`, before: () => rateLimit(db, limit, request, now()) }
      return answerOnce({ db, now }, request, reply, scope, async (tx) => {
        const input = await parseBody(correctionSchema, request.body)
        await proposeCorrection(tx, proverb, input, async () => sender, now())
        return { status: 201, data: { message: CORRECTION_TEXTS.thanks } }
      })
    },
  )
}
