import { createHmac, randomBytes } from 'node:crypto'
import type { Db } from '../../db/client'
import { claimSecret, secretsOf } from './repository'

/** 64 bits: distinct visitors of a day stay distinct (a collision among a million is about one in 36 million). */
const HASH_HEX_LENGTH = 16

/**
 * The visitor of one day: a SHA-256 HMAC, keyed with the day's secret, of the client's address and user
 * agent, cut to 64 bits. The same browser on the same address is one visitor that day; once the secret is
 * deleted, nobody (the operators included) can tell from the hash which address or browser it was.
 */
export function visitorHash(secret: string, address: string, userAgent: string): string {
  return createHmac('sha256', secret).update(`${address}\n${userAgent}`).digest('hex').slice(0, HASH_HEX_LENGTH)
}

/** What the collector's rate limit counts against: the address, keyed with the day's secret like a visitor. */
export function clientKey(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`rate limit\n${address}`).digest('hex').slice(0, HASH_HEX_LENGTH)
}

export type VisitorHasher = {
  /** The visitor hash for each of these days: with the day's secret while it is kept, else today's. */
  hashes(days: string[], today: string, address: string, userAgent: string): Promise<Map<string, string>>
  /** The key the rate limit counts this address under today (rate_limits keeps no address either). */
  clientKey(today: string, address: string): Promise<string>
}

/**
 * Hashes visitors with the secret of the day their event happened: an event made offline yesterday and sent
 * today counts for yesterday's visitor while yesterday's secret is kept, and with today's once it is gone.
 * Today's secret is kept in memory for the day (it never changes once made); the others are read.
 */
export function createVisitorHasher(db: Db): VisitorHasher {
  let todays: { day: string; secret: Promise<string> } | null = null

  const secretOf = (today: string): Promise<string> => {
    if (todays?.day !== today) {
      const secret = claimSecret(db, today, randomBytes(32).toString('base64url'))
      todays = { day: today, secret }
      // A failed read is not kept: the next request tries again.
      secret.catch(() => {
        if (todays?.secret === secret) todays = null
      })
    }
    return todays.secret
  }

  return {
    async hashes(days, today, address, userAgent) {
      const kept = await secretsOf(
        db,
        days.filter((day) => day !== today),
      )
      const fallback = await secretOf(today)
      return new Map(days.map((day) => [day, visitorHash(kept.get(day) ?? fallback, address, userAgent)]))
    },
    async clientKey(today, address) {
      return clientKey(await secretOf(today), address)
    },
  }
}
