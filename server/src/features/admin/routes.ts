import type { FastifyInstance } from 'fastify'
import { adminGuard } from '../../http/admin-guard'
import { auditRoutes } from './audit'
import { categoryRoutes } from './categories'
import { corpusRoutes } from './corpus'
import { faqRoutes } from './faqs'
import { importRoutes } from './import'
import { mailRoutes } from './mail'
import { provenanceRoutes } from './provenance'
import type { AdminDeps } from './shared'
import { suggestionRoutes } from './suggestions'

/**
 * Moderation (suggestions, readers' corrections, speakers' checks), the corpus (proverbs, categories, FAQ), bulk import, the audit log and the mail queue. The guard runs
 * onRequest for the whole group, before any body is read: a visitor's upload is refused unread, and no
 * route here can be added without it.
 */
export function adminRoutes(app: FastifyInstance, deps: AdminDeps): void {
  const guard = adminGuard(app, deps.db, deps.now)
  void app.register(async (admin) => {
    admin.addHook('onRequest', guard)
    for (const routes of [suggestionRoutes, provenanceRoutes, corpusRoutes, categoryRoutes, faqRoutes, importRoutes, auditRoutes, mailRoutes]) routes(admin, deps)
  })
}
