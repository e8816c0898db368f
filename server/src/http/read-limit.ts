import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearerToken } from '../services/sessions'
import { hashToken } from '../services/tokens'
import { clientKey } from './client-key'
import { tooManyRequests } from './rate-limit'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that found the request's session live without authGuard (the polled unread count). */
    sessionLive?: boolean
  }
  interface FastifyContextConfig {
    /**
     * False: this GET is not counted against the client's read allowance (it reads no database, or must always
     * answer, like the health checks). Every other GET and HEAD is counted.
     */
    readLimit?: boolean
  }
}

/**
 * How many reads one client may make: `burst` at once, then `perMinute` a minute on average. A refused read is
 * answered after up to `holdMs` (until the client's next read would be allowed, at most that).
 */
export type ReadAllowance = { perMinute: number; burst: number; holdMs: number }

/** Clients remembered at most (about 100 bytes each); the one seen longest ago is forgotten first. */
const MAX_CLIENTS = 50_000

type Bucket = { tokens: number; at: number }

/**
 * A token bucket per client key, in this process's memory (docs/decisions/028-read-allowance.md): a read takes a
 * token, tokens come back at `perMinute` a minute up to `burst`. Nothing is written anywhere, so counting costs a
 * map lookup, not a database write on the hot path. A bucket that has filled up again is the same as none, so those
 * are dropped as time passes; the map is kept in the order clients were last seen, so that costs nothing to find.
 */
export function createReadAllowance(allowance: Omit<ReadAllowance, 'holdMs'>, maxClients = MAX_CLIENTS) {
  const perMs = allowance.perMinute / 60_000
  const fullAfterMs = allowance.burst / perMs
  const buckets = new Map<string, Bucket>()

  /** Takes a read for `key` at `now` (ms): 0 when allowed, else the milliseconds until the next one is. */
  function take(key: string, now: number): number {
    // Forget the clients whose buckets are full again (the least recently seen come first).
    for (const [oldKey, old] of buckets) {
      if (now - old.at < fullAfterMs && buckets.size < maxClients) break
      buckets.delete(oldKey)
    }
    const bucket = buckets.get(key) ?? { tokens: allowance.burst, at: now }
    bucket.tokens = Math.min(allowance.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs)
    bucket.at = now
    buckets.delete(key)
    buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return 0
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs))
  }

  return { take, size: () => buckets.size }
}

/** How long a session the server has recognised keeps its own allowance without being recognised again. */
const KNOWN_SESSION_MS = 10 * 60_000

/**
 * The sessions this process has recognised lately (a route's authGuard found them live), by their token's digest:
 * bounded like the buckets, the one recognised longest ago forgotten first.
 */
export function createKnownSessions(maxSessions = MAX_CLIENTS) {
  const seen = new Map<string, number>()
  return {
    remember(digest: string, now: number): void {
      seen.delete(digest)
      seen.set(digest, now)
      for (const [oldest] of seen) {
        if (seen.size <= maxSessions) break
        seen.delete(oldest)
      }
    },
    knows(digest: string, now: number): boolean {
      const at = seen.get(digest)
      return at !== undefined && now - at < KNOWN_SESSION_MS
    },
  }
}

/**
 * Every GET and HEAD the app answers is counted against its client's read allowance before the route's own work —
 * the session lookup included — and refused with 429 and Retry-After once it is spent. The client is the signed-in
 * reader's session once the server has recognised it (so readers behind one carrier's address, a school's or a
 * bus's, never share one allowance), else the address (clientKey: so a signed-in reader elsewhere never shares a
 * flooder's, and a made-up token buys no allowance of its own). A route opts out with `config: { readLimit: false }`.
 * It is a preHandler so that a page the static files hand on to the not-found handler (the server-rendered pages)
 * is counted there too. Writes keep their own limits, kept in the database (http/rate-limit.ts).
 *
 * A refused read is held until the client's next one would be allowed (at most `holdMs`) before its 429 leaves: a
 * flooder's connections then ask a few times a second each instead of as fast as refusals come back, which would
 * otherwise keep the event loop busy for everyone. A client that waits as told loses nothing.
 */
export function registerReadLimit(app: FastifyInstance, allowance: ReadAllowance, now: () => Date): void {
  const reads = createReadAllowance(allowance)
  const sessions = createKnownSessions()
  const digestOf = (request: FastifyRequest) => {
    const token = bearerToken(request)
    return token ? hashToken(token) : undefined
  }
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return
    if (request.routeOptions.config?.readLimit === false) return
    const at = now().getTime()
    const digest = digestOf(request)
    const key = digest && sessions.knows(digest, at) ? `session:${digest}` : clientKey(request)
    const waitMs = reads.take(key, at)
    if (waitMs === 0) return
    const hold = Math.min(waitMs, allowance.holdMs)
    if (hold > 0) await new Promise((resolve) => setTimeout(resolve, hold))
    throw tooManyRequests(Math.max(1, Math.ceil((waitMs - hold) / 1000)))
  })
  // A request a route found a live session for (authGuard, or the unread count's own check): that session's reads
  // count on their own from now on.
  app.addHook('onResponse', async (request) => {
    if (!request.auth && !request.sessionLive) return
    const digest = digestOf(request)
    if (digest) sessions.remember(digest, now().getTime())
  })
}
