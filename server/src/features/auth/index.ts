import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { Mailer } from '../../services/mail'
import { authRoutes } from './routes'
import { createAuthService } from './service'

type Deps = { db: Db; now: () => Date; config: Config; mailer: Mailer; deviceSecret: () => string }

/** Accounts' sign-up, sign-in and passwords: the one thing app.ts registers for them. */
export function authFeature(app: FastifyInstance, deps: Deps): void {
  authRoutes(app, { ...deps, auth: createAuthService(deps) })
}
