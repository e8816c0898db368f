import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { Notifier } from '../../services/notify'
import { advertRoutes } from './adverts'
import { broadcastRoutes } from './broadcasts'
import { peopleRoutes } from './people'
import { quizBankRoutes } from './quiz'

export type OperatorDeps = { db: Db; now: () => Date; notifier: Notifier }

/** The operators' tools beside moderation: quiz bank, adverts, broadcasts, contact messages, people and money. */
export function operatorRoutes(app: FastifyInstance, deps: OperatorDeps): void {
  quizBankRoutes(app, deps)
  advertRoutes(app, deps)
  broadcastRoutes(app, deps)
  peopleRoutes(app, deps)
}
