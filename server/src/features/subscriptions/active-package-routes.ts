import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import { PAYMENT_API } from '@core/payments/api-paths'
import type { ActivePackage, Plan, ReferralCode } from '@core/payments/contract'
import { PAYMENT_TEXTS } from '@core/payments/payment'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { notFound } from '../../http/errors'
import { activePackageOf, lastPackageOf } from '../../services/user-packages'
import { planToPayOf, stayOnFree } from './plan-to-pay'
import { referralCodeOf } from './referral-code'
import { cancelAutoRenewal } from './service'

type Deps = { db: Db; now: () => Date }

/**
 * The user's package (in force, or the last one), turning auto-renewal off, the plan chosen at sign-up still to pay
 * for, and their referral code (docs/requirements.md#r5-plans-and-payments).
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

  app.post(API.cancelAutoRenewal, { preHandler: requireUser }, async (request): Promise<{ data: ActivePackage; message: string }> => ({
    data: await cancelAutoRenewal(db, sessionOf(request).userId, now()),
    message: PAYMENT_TEXTS.autoRenewCancelled,
  }))

  app.get(PAYMENT_API.planToPay, { preHandler: requireUser }, async (request): Promise<{ data: Plan | null }> => ({
    data: await planToPayOf(db, sessionOf(request).userId),
  }))

  app.delete(PAYMENT_API.planToPay, { preHandler: requireUser }, async (request): Promise<{ data: null; message: string }> => {
    // Once a package was paid for, the plan is the one bought: leave it as it is.
    const userId = sessionOf(request).userId
    if (await planToPayOf(db, userId)) await stayOnFree(db, userId)
    return { data: null, message: PAYMENT_TEXTS.stayOnFree }
  })

  app.get(API.referralCode, { preHandler: requireUser }, async (request): Promise<{ data: ReferralCode }> => ({
    data: await referralCodeOf(db, sessionOf(request).userId, now()),
  }))
}
