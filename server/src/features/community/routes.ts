import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API } from '@core/http/api-paths'
import { COMMUNITY_TEXTS } from '@core/community/texts'
import { type SuggestionResult } from '@core/community/contract'
import type { Notice } from '@core/http/contract'
import { contactSchema, suggestionSchema } from '@core/community/validation'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { rateLimit, type Limit } from '../../http/rate-limit'
import { parseBody } from '../../http/validate'
import type { Mailer } from '../../services/mail'
import { authenticate } from '../../services/sessions'
import { answerOnce, receiptScope } from '../../http/receipts'
import { correctionRoutes } from './correction-routes'
import { storeContactMessage, suggestProverb } from './service'
import { LONG_TEXT_BODY } from '../../http/body-limits'

type Deps = { db: Db; now: () => Date; config: Config; mailer: Mailer }

const HOUR = 3_600_000

/**
 * Proverb suggestions, corrections and contact messages, from visitors and signed-in users alike
 * (docs/requirements.md#r9-community).
 */
export function communityRoutes(app: FastifyInstance, { db, now, config, mailer }: Deps): void {
  const limits = {
    suggest: { name: 'suggest', max: config.communityRateLimit, windowMs: HOUR },
    contact: { name: 'contact', max: config.communityRateLimit, windowMs: HOUR },
    correct: { name: 'correct', max: config.communityRateLimit, windowMs: HOUR },
  } satisfies Record<string, Limit>

  /** A signed-in sender is remembered; a stale session does not stop a visitor's message. */
  const senderOf = (request: FastifyRequest): Promise<number | null> =>
    request.headers.authorization
      ? authenticate(db, request, now()).then(
          (session) => session.userId,
          () => null,
        )
      : Promise.resolve(null)

  // A suggestion or a correction written offline is sent later from the device's queue (src/offline/forms.ts) under
  // its Idempotency-Key: sent again, it is kept once and answered as the first time, without spending the limit.
  app.post(API.suggestProverb, LONG_TEXT_BODY, async (request, reply): Promise<{ data: SuggestionResult }> => {
    const sender = await senderOf(request)
    const scope = { scope: receiptScope(sender), what: 'suggestion', before: () => rateLimit(db, limits.suggest, request, now()) }
    return answerOnce({ db, now }, request, reply, scope, async (tx) => {
      const input = await parseBody(suggestionSchema, request.body)
      const { duplicate } = await suggestProverb(tx, input, sender)
      return { status: 201, data: { message: COMMUNITY_TEXTS.suggestionThanks, duplicate } }
    })
  })

  correctionRoutes(app, { db, now, limit: limits.correct, senderOf })

  app.post(API.contact, LONG_TEXT_BODY, async (request, reply): Promise<{ data: Notice }> => {
    await rateLimit(db, limits.contact, request, now())
    const input = await parseBody(contactSchema, request.body)
    await storeContactMessage({ db, mailer, log: request.log, contactEmail: config.contactEmail }, input, await senderOf(request))
    reply.code(201)
    return { data: { message: COMMUNITY_TEXTS.contactThanks } }
  })
}
