import { asc, eq } from 'drizzle-orm'
import type { Plan } from '@core/payments/contract'
import { isFreePlan } from '@core/payments/plans'
import type { Db } from '../../db/client'
import { packages, userPackages, users } from '../../db/schema'

const toPlan = ({ id, name, amount, noOfEthnics, description }: typeof packages.$inferSelect): Plan => ({
  id,
  name,
  amount: Number(amount),
  noOfEthnics,
  description,
})

/**
 * The paid plan a reader chose at sign-up and has not paid for yet: kept on the account (users.package_id), so it is
 * offered again on any device, after the tab that signed up is long closed. Null once any package was paid for (paying
 * sets the account's plan to the one bought), or when the plan chosen is Free.
 */
export async function planToPayOf(db: Db, userId: number): Promise<Plan | null> {
  const [chosen] = await db
    .select({ plan: packages })
    .from(users)
    .innerJoin(packages, eq(packages.id, users.packageId))
    .where(eq(users.id, userId))
  if (!chosen || isFreePlan({ amount: Number(chosen.plan.amount) })) return null
  const [paid] = await db.select({ id: userPackages.id }).from(userPackages).where(eq(userPackages.userId, userId)).limit(1)
  return paid ? null : toPlan(chosen.plan)
}

/** The reader stays on Free: the plan chosen at sign-up is no longer offered. Idempotent. */
export async function stayOnFree(db: Db, userId: number): Promise<void> {
  const free = (await db.select().from(packages).orderBy(asc(packages.position))).find((p) => isFreePlan({ amount: Number(p.amount) }))
  await db
    .update(users)
    .set({ packageId: free?.id ?? null })
    .where(eq(users.id, userId))
}
