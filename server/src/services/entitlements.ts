import { and, asc, desc, eq, gt, inArray, lte } from 'drizzle-orm'
import { ACCOUNT_TEXTS } from '@core/account/texts'
import { badRequest } from '../http/errors'
import type { Db } from '../db/client'
import { ethnicGroups, packages, userLanguages, userPackages, users } from '../db/schema'

/**
 * Without a package in force (the Free plan, or none) a reader has one people: the first language they
 * chose, kept offline and quizzed. Reading online is open to everyone and needs no entitlement.
 */
export const GROUPS_WITHOUT_PACKAGE = 1

export type Entitlement = {
  /** The plan that sets how many peoples the user may choose: the active one, else the one chosen at sign-up (Free, say). */
  plan: { id: number; name: string; noOfEthnics: number } | null
  hasActivePackage: boolean
  maxSelectable: number
  /** Chosen group ids in the order chosen. */
  selected: number[]
  readable: number[]
}

export async function entitlementOf(db: Db, userId: number, now: Date): Promise<Entitlement> {
  const [active] = await db
    .select({ id: packages.id, name: packages.name, noOfEthnics: packages.noOfEthnics })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, userId), lte(userPackages.startsAt, now), gt(userPackages.endsAt, now)))
    .orderBy(desc(userPackages.endsAt))
    .limit(1)
  const [chosen] = active
    ? [active]
    : await db
        .select({ id: packages.id, name: packages.name, noOfEthnics: packages.noOfEthnics })
        .from(users)
        .innerJoin(packages, eq(packages.id, users.packageId))
        .where(eq(users.id, userId))
  const selectedRows = await db
    .select({ id: userLanguages.ethnicGroupId })
    .from(userLanguages)
    .where(eq(userLanguages.userId, userId))
    .orderBy(asc(userLanguages.position))
  const selected = selectedRows.map((row) => row.id)
  const maxSelectable = chosen?.noOfEthnics ?? GROUPS_WITHOUT_PACKAGE
  return {
    plan: chosen ?? null,
    hasActivePackage: Boolean(active),
    maxSelectable,
    selected,
    readable: selected.slice(0, active ? active.noOfEthnics : GROUPS_WITHOUT_PACKAGE),
  }
}

/** The clear refusal when a choice exceeds the plan. */
export function tooManyGroupsMessage(plan: { name: string } | null, max: number): string {
  const allowance = `${max} ${max === 1 ? 'language' : 'languages'}`
  return plan ? `The ${plan.name} plan includes ${allowance}. Choose at most ${max}.` : `Choose at most ${allowance}.`
}

/** Refuses a choice that names a group we do not have. */
export async function assertKnownGroups(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return
  const known = await db.select({ id: ethnicGroups.id }).from(ethnicGroups).where(inArray(ethnicGroups.id, ids))
  if (known.length !== ids.length) throw badRequest(ACCOUNT_TEXTS.chooseLanguages, { languages: ACCOUNT_TEXTS.chooseLanguages })
}
