import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import { activePackageRoutes } from './active-package-routes'
import { subscriptionRoutes } from './routes'
import { userLanguageRoutes } from './user-language-routes'

type Deps = { db: Db; now: () => Date; sendPublic: SendPublic; nairaPerDollar: number }

/** Plans, the reader's languages, their package and referral code: the one thing app.ts registers for them. */
export function subscriptionsFeature(app: FastifyInstance, deps: Deps): void {
  subscriptionRoutes(app, deps)
  userLanguageRoutes(app, deps)
  activePackageRoutes(app, deps)
}
