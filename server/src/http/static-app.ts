import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'
import { isApiPath } from '@core/http/api-paths'

/** Files, not app routes: a missing one is a 404, never the app shell served as if it were the file. */
const FILE_PATH = /^\/(assets|img|icons)\/|\.[a-z0-9]{1,12}$/i

const NO_CACHE = /(?:^|[/\\])(index\.html|firebase-messaging-sw\.js|manifest\.webmanifest)(\.br|\.gz)?$/

/** Cache policy by file: hashed assets forever, the shell and the worker always revalidated. */
export function cacheControlFor(filePath: string): string {
  if (NO_CACHE.test(filePath)) return 'no-cache'
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=86400'
}

/**
 * Serves the built app from staticDir (precompressed .br/.gz beside each file, ETag, 304s) and
 * answers app routes with index.html so deep links work. Unknown API paths get a JSON 404, missing
 * files (assets, images, anything with an extension) a plain 404.
 */
export async function serveApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasApp = fs.existsSync(path.join(staticDir, 'index.html'))
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      cacheControl: false,
      wildcard: true,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath))
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]
    if (isApiPath(pathname) || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: { code: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` } })
    }
    if (FILE_PATH.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    if (!hasApp) {
      return reply.code(404).type('text/plain').send('The app is not built. Run `npm run build`, then start the server again.')
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
  })
}
