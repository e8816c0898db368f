import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { uniqueViolation } from '../../db/errors'
import { conflict, notFound } from '../../http/errors'
import { paging, parseId } from '../../http/params'
import type { SendPublic } from '../../http/public-cache'
import type { Mailer } from '../../services/mail'
import type { Notifier } from '../../services/notify'

/**
 * `mailer` and `publicUrl` tell suggesters without an account what became of their proverb. A write to
 * what visitors read clears `sendPublic` in `.finally()`: a failure after the commit (reading the row
 * back, a message) must not leave the old answer cached, and clearing too often costs only a rebuild.
 */
export type AdminDeps = { db: Db; now: () => Date; notifier: Notifier; sendPublic: SendPublic; mailer: Mailer; publicUrl: string }
export type AdminRoutes = (app: FastifyInstance, deps: AdminDeps) => void

/** A path id, or 404: a malformed or out-of-range id names nothing. */
export function pathId(raw: string, message: string): number {
  const id = parseId(raw)
  if (id === undefined) throw notFound(message)
  return id
}

/** The page of a list asked for (?page=&size=). */
export type Page = { page: number; size: number }

export function pageOf(query: unknown): Page {
  return paging((query ?? {}) as Record<string, unknown>)
}

export { paginated } from '../../http/paginated'

/** For `.catch()`: a unique index that a concurrent request filled first is a 409, not a 500. */
export function conflictOnUnique(message: string, field: string) {
  return (error: unknown): never => {
    if (uniqueViolation(error)) throw conflict(message, { [field]: message })
    throw error
  }
}
