import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fs from 'node:fs'
import path from 'node:path'
import { isApiPath } from '@core/http/api-paths'

/** Files, not app routes: a missing one is a 404, never the app shell served as if it were the file. */
const FILE_PATH = /^\/(assets|img|icons)\/|\.[a-z0-9]{1,12}$/i

const NO_CACHE = /(?:^|[/\\])(index\.html|firebase-messaging-sw\.js|manifest\.webmanifest|install\.bin)(\.br|\.gz)?$/

/** Cache policy by file: hashed assets forever, the shell and the worker always revalidated. */
export function cacheControlFor(filePath: string): string {
  if (NO_CACHE.test(filePath)) return 'no-cache'
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=86400'
}

/** Fills the built index.html with what the page at this address (path and query) says about itself. */
export type RenderShell = (address: string, html: string) => Promise<string>

/** Sends a page made by `load`: cached, validated and compressed like the public reads (http/public-cache.ts). */
export type SendPage = (request: FastifyRequest, reply: FastifyReply, load: () => Promise<string>) => Promise<FastifyReply>

/**
 * Serves the built app from staticDir (precompressed .br/.gz beside each file, ETag, 304s) and answers
 * app routes, `/` included, with index.html so deep links work: through `pages` when given (each page's
 * title, description and link preview, sent like the public reads: kept, validated, compressed). Unknown API paths get a JSON 404,
 * missing files (assets, images, anything with an extension) a plain 404.
 */
export async function serveApp(
  app: FastifyInstance,
  staticDir: string,
  pages?: { renderShell: RenderShell; send: SendPage },
): Promise<void> {
  const indexFile = path.join(staticDir, 'index.html')
  const hasApp = fs.existsSync(indexFile)
  if (hasApp) {
    // The files read no database: they do not count against a client's reads (http/read-limit.ts). A missing one,
    // handed on to the not-found handler below (the app's pages), counts there.
    app.addHook('onRoute', (route) => {
      if (route.url === '/*') route.config = { ...route.config, readLimit: false }
    })
    await app.register(fastifyStatic, {
      root: staticDir,
      preCompressed: true,
      cacheControl: false,
      wildcard: true,
      // `/` is an app route like the others: it gets its page's head below.
      index: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath))
      },
    })
  }
  // Read again only when a new build has replaced it.
  let shell: { html: string; mtimeMs: number } | undefined
  const builtShell = () => {
    const { mtimeMs } = fs.statSync(indexFile)
    if (shell?.mtimeMs !== mtimeMs) shell = { html: fs.readFileSync(indexFile, 'utf8'), mtimeMs }
    return shell.html
  }

  /** The app's page for this address: the shell, with its head when a renderer is given. */
  const appPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasApp) {
      return reply.code(404).type('text/plain').send('The app is not built. Run `npm run build`, then start the server again.')
    }
    if (!pages) return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
    const built = builtShell()
    return pages.send(request, reply, () =>
      // A page whose head cannot be made still opens: the app's own head is better than no page.
      pages.renderShell(request.url, built).catch((error: unknown) => {
        request.log.error({ err: error, url: request.url }, 'the page head could not be made')
        return built
      }),
    )
  }
  // More specific than the static files' wildcard, which would answer `/` as a folder.
  app.get('/', appPage)

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]
    if (isApiPath(pathname) || pathname === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: { code: 'not_found', message: `No such endpoint: ${request.method} ${pathname}` } })
    }
    if (FILE_PATH.test(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    return appPage(request, reply)
  })
}
