import type { FastifyInstance } from 'fastify'
import * as yup from 'yup'
import { API } from '@core/http/api-paths'
import { COMMUNITY_TEXTS } from '@core/community/texts'
import { type UnsubscribeResult } from '@core/community/contract'
import type { Db } from '../../db/client'
import { badRequest } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { isValidUnsubscribeToken, normaliseEmail } from '../../services/unsubscribe'
import { unsubscribe } from './repository'

type Deps = { db: Db; linkSecret: () => string }

// Trimmed only when text: yup's trim() would throw on an object or array (a 500), not refuse it.
const field = () =>
  yup
    .string()
    .strict()
    .typeError(COMMUNITY_TEXTS.unsubscribeInvalid)
    .transform((value: unknown) => (typeof value === 'string' ? value.trim() : value))
    .required(COMMUNITY_TEXTS.unsubscribeIncomplete)
    .max(200, COMMUNITY_TEXTS.unsubscribeInvalid)
const unsubscribeBody = yup.object({ email: field(), token: field() })

/**
 * Ours: the signed link at the foot of every email. No session needed: the token proves the mail was
 * ours to that address. Asking twice answers the same.
 */
export function unsubscribeRoutes(app: FastifyInstance, { db, linkSecret }: Deps): void {
  app.post(API.unsubscribe, async (request): Promise<{ data: UnsubscribeResult }> => {
    const input = await parseBody(unsubscribeBody, request.body)
    const email = normaliseEmail(input.email)
    if (!isValidUnsubscribeToken(linkSecret(), email, input.token))
      throw badRequest(COMMUNITY_TEXTS.unsubscribeInvalid, { token: COMMUNITY_TEXTS.unsubscribeInvalid })
    await unsubscribe(db, email)
    return { data: { message: COMMUNITY_TEXTS.unsubscribed(email), email } }
  })
}
