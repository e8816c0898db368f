import type { FastifyInstance } from 'fastify'
import { adminGuard } from '../../http/admin-guard'
import { advertRoutes } from './adverts/routes'
import { auditRoutes } from './audit/routes'
import { broadcastRoutes } from './broadcasts/routes'
import { categoryRoutes } from './categories/routes'
import { corpusRoutes } from './corpus/routes'
import { faqRoutes } from './faqs/routes'
import { importRoutes } from './import/routes'
import { insightsRoutes } from './insights/routes'
import { mailRoutes } from './mail/routes'
import { peopleRoutes } from './people/routes'
import { provenanceRoutes } from './provenance/routes'
import { quizBankRoutes } from './quiz/routes'
import type { AdminDeps, AdminRoutes } from './shared'
import { suggestionRoutes } from './suggestions/routes'

/**
 * Moderation (suggestions, readers' corrections, speakers' checks), the corpus (proverbs, categories, FAQ), bulk import, the audit log,
 * the mail queue, and the admins' other tools (quiz bank, adverts, broadcasts, people and money, Insights). The guard runs
 * onRequest for the whole group, before any body is read: a visitor's upload is refused unread, and no
 * route here can be added without it.
 *
 * Each section is a folder: routes.ts reads and checks the request, makes one call and answers; the SQL is
 * in its repository.ts, and work beyond SQL (mail, notifications, files) in its service.ts. The group has no
 * prefix: sections register the whole paths of @core/admin/api-paths, the templates the client shares.
 */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const guard = adminGuard(app, deps.db, deps.now)
  void app.register(async (admin) => {
    admin.addHook('onRequest', guard)
    const sections: AdminRoutes[] = [
      ...[suggestionRoutes, provenanceRoutes, corpusRoutes, categoryRoutes, faqRoutes, importRoutes, auditRoutes, mailRoutes],
      ...[quizBankRoutes, advertRoutes, broadcastRoutes, peopleRoutes, insightsRoutes],
    ]
    for (const routes of sections) routes(admin, deps)
  })
}
