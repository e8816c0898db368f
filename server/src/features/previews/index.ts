import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { RenderShell } from '../../http/static-app'
import { withHead } from './head'
import { previewRoutes } from './routes'
import { headFor } from './service'

/**
 * Link previews and search engines: the sitemap and robots.txt, and the head each app page is served with
 * (title, description, canonical address, Open Graph, Twitter card, JSON-LD). Returns the renderer that
 * app.ts hands to the static app.
 */
export function previewsFeature(app: FastifyInstance, deps: { db: Db; publicUrl: string }): RenderShell {
  previewRoutes(app, deps)
  return async (address, html) => withHead(html, await headFor(deps.db, deps.publicUrl, address))
}
