import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import type { SendPublic } from '../../http/public-cache'
import type { RenderShell, SendPage } from '../../http/static-app'
import { createCards } from './cards'
import { withHead } from './head'
import { createPageRenderer } from './render'
import { previewRoutes } from './routes'
import { headFor } from './service'

/**
 * Link previews and search engines: the sitemap and robots.txt, and the head each app page is served with
 * (title, description, canonical address, Open Graph, Twitter card, JSON-LD), and each proverb's preview
 * card (a PNG drawn on the server). Returns what app.ts hands to the static app to make and send each page.
 */
export function previewsFeature(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string; staticDir: string; sendPublic: SendPublic },
): { renderShell: RenderShell; send: SendPage } {
  previewRoutes(app, { ...deps, cards: createCards(deps) })
  const render = createPageRenderer(app, deps.staticDir, app.log)
  return {
    // The public pages come rendered, with their data (docs/decisions/017-server-rendered-pages.md).
    renderShell: async (address, html) => {
      const [head, page] = await Promise.all([headFor(deps.db, deps.publicUrl, address), render(address, html)])
      return withHead(page, head)
    },
    // Kept with the public reads and cleared with them when an admin changes the corpus.
    send: (request, reply, load) => deps.sendPublic(request, reply, load, 'html'),
  }
}
