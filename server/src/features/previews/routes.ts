import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { parseCardFile } from './card'
import type { createCards } from './cards'
import { groupSlugs, proverbSlugs } from './repository'
import { robotsTxt, sitemapXml } from './sitemap'

type Deps = { db: Db; publicUrl: string; cards: ReturnType<typeof createCards> }

/** `/sitemap.xml` and `/robots.txt`, with the site's public address (OWE_PUBLIC_URL), and each proverb's preview card. */
export function previewRoutes(app: FastifyInstance, { db, publicUrl, cards }: Deps): void {
  app.get('/sitemap.xml', async (_request, reply) => {
    const [groups, proverbs] = await Promise.all([groupSlugs(db), proverbSlugs(db)])
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(publicUrl, groups, proverbs))
  })
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(robotsTxt(publicUrl)),
  )

  app.get<{ Params: { file: string } }>('/previews/:file', async (request, reply) => {
    const file = parseCardFile(request.params.file)
    const answer = file && (await cards(file.slug, file.hash))
    if (!answer) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    if ('moved' in answer) return reply.header('Cache-Control', 'no-cache').redirect(answer.moved, 302)
    // The address names what is drawn: it never changes, so it is kept for a year.
    return reply.type('image/png').header('Cache-Control', 'public, max-age=31536000, immutable').send(answer.png)
  })
}
