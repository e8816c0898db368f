import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Mailer } from '../../services/mail'
import { communityRoutes } from './routes'
import { unsubscribeRoutes } from './unsubscribe-routes'

type Deps = {
  db: Db
  now: () => Date
  config: Config
  mailer: Mailer
  /** The secret unsubscribe links are signed with (known once the database is ready). */
  linkSecret: () => string
}

/** Suggestions, corrections, contact messages and unsubscribing: the one thing app.ts registers for them. */
export function communityFeature(app: FastifyInstance, deps: Deps): void {
  communityRoutes(app, deps)
  unsubscribeRoutes(app, deps)
}
