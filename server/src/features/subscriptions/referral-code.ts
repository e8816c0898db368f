import { randomInt } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { ReferralCode } from '@core/payments/contract'
import type { Db } from '../../db/client'
import { promoCodes } from '../../db/schema'

/** Letters and digits nobody misreads when a code is read aloud or copied by hand (no 0/O, 1/I/L). */
export const REFERRAL_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const REFERRAL = { prefix: 'OWE', length: 6, percentOff: 10, maxUses: 20 } as const

export function newReferralCode(pick: (max: number) => number = randomInt): string {
  let code: string = REFERRAL.prefix
  for (let i = 0; i < REFERRAL.length; i++) code += REFERRAL_ALPHABET[pick(REFERRAL_ALPHABET.length)]
  return code
}

const view = (row: typeof promoCodes.$inferSelect): ReferralCode => ({
  code: row.code,
  percentOff: row.percentOff,
  uses: row.uses,
  maxUses: row.maxUses,
  expiresAt: row.expiresAt?.toISOString() ?? null,
})

/**
 * The user's own promo code to hand to friends: one per user (a unique index on the owner), made on first
 * request, 10% off for 20 payments within a year, replaced by a new one once expired or used up. Two first
 * requests at once make one code; a code that happens to exist already is drawn again.
 */
export async function referralCodeOf(db: Db, userId: number, now: Date): Promise<ReferralCode> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [existing] = await db.select().from(promoCodes).where(eq(promoCodes.ownerUserId, userId))
    const spent =
      existing &&
      ((existing.expiresAt !== null && existing.expiresAt <= now) || (existing.maxUses !== null && existing.uses >= existing.maxUses))
    if (existing && !spent) return view(existing)
    // An expired or used-up code is retired (kept, unowned, for the payments that name it) and a new one made.
    if (existing)
      await db
        .update(promoCodes)
        .set({ ownerUserId: null, active: false })
        .where(and(eq(promoCodes.code, existing.code), eq(promoCodes.ownerUserId, userId)))
    const expiresAt = new Date(now)
    expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + 1)
    const [made] = await db
      .insert(promoCodes)
      .values({ code: newReferralCode(), percentOff: REFERRAL.percentOff, maxUses: REFERRAL.maxUses, expiresAt, ownerUserId: userId })
      .onConflictDoNothing()
      .returning()
    if (made) return view(made)
  }
  throw new Error('no free referral code after 5 draws')
}
