import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { UserLanguages } from '@core/contract'
import { languagesSchema } from '@core/validation'
import type { Db } from '../../db/client'
import { userLanguages } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { assertKnownGroups, entitlementOf, tooManyGroupsMessage } from '../../services/entitlements'
import { listGroups } from '../../services/proverbs'

type Deps = { db: Db; now: () => Date }

/**
 * The user's selected and unselected languages, and changing the selection within the plan
 * (docs/requirements.md#r4-profile).
 */
export function userLanguageRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  async function languagesOf(userId: number): Promise<UserLanguages> {
    const [entitlement, groups] = await Promise.all([entitlementOf(db, userId, now()), listGroups(db)])
    const selected = entitlement.selected.map((id) => groups.find((g) => g.id === id)!).filter(Boolean)
    return {
      languages: groups,
      selected,
      unselected: groups.filter((g) => !entitlement.selected.includes(g.id)),
      maxSelectable: entitlement.maxSelectable,
      readable: entitlement.readable,
    }
  }

  app.get(API.userLanguages, { preHandler: requireUser }, async (request) => ({ data: await languagesOf(sessionOf(request).userId) }))

  app.post(API.userLanguagesUpdate, { preHandler: requireUser }, async (request) => {
    const { userId } = sessionOf(request)
    const input = await parseBody(languagesSchema, request.body)
    const chosen = [...new Set(input.languages)]
    const { plan, maxSelectable } = await entitlementOf(db, userId, now())
    if (chosen.length > maxSelectable) {
      const message = tooManyGroupsMessage(plan, maxSelectable)
      throw badRequest(message, { languages: message })
    }
    await assertKnownGroups(db, chosen)
    await db.transaction(async (tx) => {
      await tx.delete(userLanguages).where(eq(userLanguages.userId, userId))
      if (chosen.length > 0)
        await tx.insert(userLanguages).values(chosen.map((ethnicGroupId, position) => ({ userId, ethnicGroupId, position })))
    })
    return { data: await languagesOf(userId) }
  })
}
