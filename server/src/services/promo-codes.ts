import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { promoCodes } from '../db/schema'

export type PromoCode = { code: string; percentOff: number; ownerUserId: number | null }

/** An active, unexpired promo code with uses left, matched without regard to case. */
export async function findPromoCode(db: Db, code: string, now: Date): Promise<PromoCode | undefined> {
  const [row] = await db
    .select({ code: promoCodes.code, percentOff: promoCodes.percentOff, ownerUserId: promoCodes.ownerUserId })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, sql`upper(${code.trim()})`),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
        or(isNull(promoCodes.maxUses), lt(promoCodes.uses, promoCodes.maxUses)),
      ),
    )
  return row
}
