import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import { languagesSchema } from '@core/account/validation'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { parseBody } from '../../http/validate'
import { chooseLanguages, languagesOf } from './service'

type Deps = { db: Db; now: () => Date }

/**
 * The user's selected and unselected languages, and changing the selection within the plan
 * (docs/requirements.md#r4-profile).
 */
export function userLanguageRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.userLanguages, { preHandler: requireUser }, async (request) => ({
    data: await languagesOf(db, sessionOf(request).userId, now()),
  }))

  app.post(API.userLanguagesUpdate, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(languagesSchema, request.body)
    return { data: await chooseLanguages(db, userId, input.languages, now) }
  })
}
