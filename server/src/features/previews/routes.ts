import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { groupSlugs, proverbSlugs } from './repository'
import { robotsTxt, sitemapXml } from './sitemap'

/** `/sitemap.xml` and `/robots.txt`, with the site's public address (OWE_PUBLIC_URL). */
export function previewRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string }): void {
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
}
