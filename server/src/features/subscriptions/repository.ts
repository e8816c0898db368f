import { and, asc, eq, gt } from 'drizzle-orm'
import type { Plan } from '@core/payments/contract'
import type { Db } from '../../db/client'
import { packages, userLanguages, userPackages } from '../../db/schema'

export async function listPlans(db: Db): Promise<Plan[]> {
  const rows = await db.select().from(packages).orderBy(asc(packages.position))
  return rows.map(({ id, name, amount, noOfEthnics, description }) => ({
    id,
    name,
    amount: Number(amount),
    noOfEthnics,
    description,
  }))
}

/** The user's languages become exactly these, in this order. */
export async function replaceUserLanguages(db: Db, userId: number, chosen: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userLanguages).where(eq(userLanguages.userId, userId))
    if (chosen.length > 0)
      await tx.insert(userLanguages).values(chosen.map((ethnicGroupId, position) => ({ userId, ethnicGroupId, position })))
  })
}

/** Auto-renewal off for every package of the user's not yet ended at `at`. */
export async function stopAutoRenewal(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .update(userPackages)
    .set({ autoRenew: false })
    .where(and(eq(userPackages.userId, userId), gt(userPackages.endsAt, at)))
}
