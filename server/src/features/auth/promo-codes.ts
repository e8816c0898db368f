import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { promoCodes } from '../../db/schema'

/** An active, unexpired promo code, matched without regard to case. */
export async function findPromoCode(db: Db, code: string, now: Date): Promise<{ code: string; percentOff: number } | undefined> {
  const [row] = await db
    .select({ code: promoCodes.code, percentOff: promoCodes.percentOff })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, sql`upper(${code.trim()})`),
        eq(promoCodes.active, true),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
      ),
    )
  return row
}
