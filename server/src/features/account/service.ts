import type { FullProfile, PersonalInfo } from '@core/account/contract'
import { ACCOUNT_TEXTS } from '@core/account/texts'
import { type PersonalInfoInput } from '@core/account/validation'
import type { Db } from '../../db/client'
import { uniqueViolation } from '../../db/errors'
import { conflict, notFound } from '../../http/errors'
import { entitlementOf } from '../../services/entitlements'
import { listGroups } from '../../services/proverbs'
import { addressOf, hasPicture, personalInfoOf, planById, toAddress, updatePersonalInfo, userById } from './repository'

export async function personalInfo(db: Db, userId: number): Promise<PersonalInfo> {
  const user = await personalInfoOf(db, userId)
  if (!user) throw notFound('This account no longer exists.')
  return { content: user }
}

/** The name and phone number; a phone number another account holds is a 409. */
export async function changePersonalInfo(db: Db, userId: number, input: PersonalInfoInput): Promise<PersonalInfo> {
  try {
    await updatePersonalInfo(db, userId, { firstName: input.firstName, lastName: input.lastName, phoneNumber: input.phoneNumber ?? null })
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(ACCOUNT_TEXTS.phoneTaken, { phoneNumber: ACCOUNT_TEXTS.phoneTaken })
    throw error
  }
  return personalInfo(db, userId)
}

/** Everything the profile page shows, in one answer. */
export async function fullProfile(db: Db, userId: number, now: Date): Promise<FullProfile> {
  const user = await userById(db, userId)
  if (!user) throw notFound('This account no longer exists.')
  const [plan, address, picture, entitlement, groups] = await Promise.all([
    user.packageId ? planById(db, user.packageId) : Promise.resolve(undefined),
    addressOf(db, userId),
    hasPicture(db, userId),
    entitlementOf(db, userId, now),
    listGroups(db),
  ])
  const byId = new Map(groups.map((g) => [g.id, g]))
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    createdAt: user.createdAt.toISOString(),
    package: plan
      ? { id: plan.id, name: plan.name, amount: Number(plan.amount), noOfEthnics: plan.noOfEthnics, description: plan.description }
      : null,
    hasActivePackage: entitlement.hasActivePackage,
    address: toAddress(address),
    hasPicture: picture,
    languages: entitlement.selected.map((id) => byId.get(id)!).filter(Boolean),
  }
}
