import { and, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { API } from '@core/api-paths'
import type { ActivePackage, ReferralCode } from '@core/contract'
import { PAYMENT_TEXTS } from '@core/payment'
import type { Db } from '../../db/client'
import { userPackages } from '../../db/schema'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { notFound } from '../../http/errors'
import { activePackageOf, lastPackageOf } from '../../services/user-packages'
import { referralCodeOf } from './referral-code'

type Deps = { db: Db; now: () => Date }

/**
 * The user's package (in force, or the last one), turning auto-renewal off, and their referral code
 * (docs/requirements.md#r5-plans-and-payments).
 */
export function activePackageRoutes(app: FastifyInstance, { db, now }: Deps): void {
  const requireUser = authGuard(app, db, now)

  app.get(API.activePackage, { preHandler: requireUser }, async (request): Promise<{ data: ActivePackage }> => {
    const active = await activePackageOf(db, sessionOf(request).userId, now())
    if (!active) throw notFound(PAYMENT_TEXTS.noActivePackage)
    return { data: active }
  })

  app.get(API.lastActivePackage, { preHandler: requireUser }, async (request): Promise<{ data: ActivePackage }> => {
    const last = await lastPackageOf(db, sessionOf(request).userId, now())
    if (!last) throw notFound(PAYMENT_TEXTS.noPackage)
    return { data: last }
  })

  // Off for the package in force and any bought ahead of it: nothing the user holds renews after this.
  // Idempotent; the expiry notice then warns before the package ends, as for any plan that will not renew.
  app.post(API.cancelAutoRenewal, { preHandler: requireUser }, async (request): Promise<{ data: ActivePackage; message: string }> => {
    const { userId } = sessionOf(request)
    const at = now()
    if (!(await activePackageOf(db, userId, at))) throw notFound(PAYMENT_TEXTS.noActivePackage)
    await db
      .update(userPackages)
      .set({ autoRenew: false })
      .where(and(eq(userPackages.userId, userId), gt(userPackages.endsAt, at)))
    return { data: (await activePackageOf(db, userId, at))!, message: PAYMENT_TEXTS.autoRenewCancelled }
  })

  app.get(API.referralCode, { preHandler: requireUser }, async (request): Promise<{ data: ReferralCode }> => ({
    data: await referralCodeOf(db, sessionOf(request).userId, now()),
  }))
}
