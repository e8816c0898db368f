import { and, asc, desc, eq, gt, lte, type SQL } from 'drizzle-orm'
import type { ActivePackage } from '@core/payments/contract'
import type { Db } from '../db/client'
import { ethnicGroups, packages, payments, userLanguages, userPackages } from '../db/schema'
import { entitlementOf } from './entitlements'

/**
 * A user's paid periods as the app shows them (the active package, docs/requirements.md#r5-plans-and-payments). Read by
 * the subscription routes and by payments (the package a payment made). "Active" is the same rule entitlementOf reads:
 * started, not yet ended, the latest-ending first.
 */

const inForce = (now: Date) => and(lte(userPackages.startsAt, now), gt(userPackages.endsAt, now))

async function packageWhere(db: Db, userId: number, condition: SQL | undefined, now: Date): Promise<ActivePackage | null> {
  const [row] = await db
    .select({ up: userPackages, plan: packages })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(and(eq(userPackages.userId, userId), condition))
    .orderBy(desc(userPackages.endsAt), desc(userPackages.id))
    .limit(1)
  if (!row) return null
  const [entitlement, groups, [madeBy]] = await Promise.all([
    entitlementOf(db, userId, now),
    db
      .select({ id: ethnicGroups.id, name: ethnicGroups.name, slug: ethnicGroups.slug })
      .from(userLanguages)
      .innerJoin(ethnicGroups, eq(ethnicGroups.id, userLanguages.ethnicGroupId))
      .where(eq(userLanguages.userId, userId))
      .orderBy(asc(userLanguages.position)),
    db.select({ provider: payments.provider }).from(payments).where(eq(payments.userPackageId, row.up.id)).limit(1),
  ])
  const { up, plan } = row
  return {
    id: up.id,
    plan: { id: plan.id, name: plan.name, amount: Number(plan.amount), noOfEthnics: plan.noOfEthnics, description: plan.description },
    startsAt: up.startsAt.toISOString(),
    expiresAt: up.endsAt.toISOString(),
    autoRenew: up.autoRenew,
    canAutoRenew: up.paymentMethodId !== null,
    active: up.startsAt <= now && up.endsAt > now,
    paymentOption: madeBy?.provider ?? null,
    // The groups stay chosen when a package ends; those beyond what the user may read now are locked.
    groups: groups.map((group) => ({ ...group, locked: !entitlement.readable.includes(group.id) })),
  }
}

/** The package in force now, or null. */
export const activePackageOf = (db: Db, userId: number, now: Date) => packageWhere(db, userId, inForce(now), now)

/** The latest package that has started, in force or ended, or null when the user never had one. */
export const lastPackageOf = (db: Db, userId: number, now: Date) => packageWhere(db, userId, lte(userPackages.startsAt, now), now)

/** One of the user's packages (one bought ahead starts later: `active` is false until then). */
export const userPackageOf = (db: Db, userId: number, id: number, now: Date) => packageWhere(db, userId, eq(userPackages.id, id), now)
