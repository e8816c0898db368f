import type { ActivePackage } from '@core/payments/contract'
import type { UserLanguages } from '@core/account/contract'
import { PAYMENT_TEXTS } from '@core/payments/payment'
import type { Db } from '../../db/client'
import { badRequest, notFound } from '../../http/errors'
import { assertKnownGroups, entitlementOf, tooManyGroupsMessage } from '../../services/entitlements'
import { listGroups } from '../../services/proverbs'
import { activePackageOf } from '../../services/user-packages'
import { replaceUserLanguages, stopAutoRenewal } from './repository'

/** Every language, the user's selection and the rest, and how many their plan allows. */
export async function languagesOf(db: Db, userId: number, now: Date): Promise<UserLanguages> {
  const [entitlement, groups] = await Promise.all([entitlementOf(db, userId, now), listGroups(db)])
  const selected = entitlement.selected.map((id) => groups.find((g) => g.id === id)!).filter(Boolean)
  return {
    languages: groups,
    selected,
    unselected: groups.filter((g) => !entitlement.selected.includes(g.id)),
    maxSelectable: entitlement.maxSelectable,
    readable: entitlement.readable,
  }
}

/** A new selection within the plan: repeats count once, too many or an unknown group is a 400. */
export async function chooseLanguages(db: Db, userId: number, languages: number[], now: () => Date): Promise<UserLanguages> {
  const chosen = [...new Set(languages)]
  const { plan, maxSelectable } = await entitlementOf(db, userId, now())
  if (chosen.length > maxSelectable) {
    const message = tooManyGroupsMessage(plan, maxSelectable)
    throw badRequest(message, { languages: message })
  }
  await assertKnownGroups(db, chosen)
  await replaceUserLanguages(db, userId, chosen)
  return languagesOf(db, userId, now())
}

/**
 * Off for the package in force and any bought ahead of it: nothing the user holds renews after this.
 * Idempotent; the expiry notice then warns before the package ends, as for any plan that will not renew.
 */
export async function cancelAutoRenewal(db: Db, userId: number, at: Date): Promise<ActivePackage> {
  if (!(await activePackageOf(db, userId, at))) throw notFound(PAYMENT_TEXTS.noActivePackage)
  await stopAutoRenewal(db, userId, at)
  return (await activePackageOf(db, userId, at))!
}
