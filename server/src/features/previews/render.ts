import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { assetLinks, manifestReader, pageAssets, styleReader } from './page-assets'
import { PAGE_DATA_ID } from '@core/shared/constants'

/** What `src/entry-server.tsx` exports (built into `<staticDir>-ssr` by `npm run build`). */
type Renderer = {
  renderPage(address: string, api: (path: string, init: RequestInit) => Promise<Response>): Promise<RenderedPage | null>
}

/** The page's markup; for a page the app hydrates, the data it was rendered with (JSON) and its source file. */
type RenderedPage = { html: string; data: string | null; module?: string | null }

const NO_BODY = new Set([204, 304])

/** The built shell's `#root`, static first paint included, up to the `<noscript>` that follows it. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/

/**
 * The shell with the page's own markup in `#root`, when it is to be hydrated its data beside it, and the links
 * to its own styles and code (`links`, from the build's manifest) in the head.
 */
export function withBody(shell: string, page: RenderedPage, links = ''): string {
  const data = page.data === null ? '' : `\n    <script type="application/json" id="${PAGE_DATA_ID}">${page.data}</script>`
  const body = shell.replace(ROOT, () => `<div id="root">${page.html}</div>${data}`)
  return links ? body.replace('</head>', () => `  ${links}\n  </head>`) : body
}

/**
 * Renders the public pages on the server (docs/decisions/017-server-rendered-pages.md) with the app's own
 * renderer, its API calls answered by this server's routes in process (the same answers a browser gets,
 * through the same caches). Without a built renderer, or when a page fails to render, the shell goes as it
 * is and the browser renders the page, as before.
 */
export function createPageRenderer(app: FastifyInstance, staticDir: string, log: FastifyBaseLogger) {
  const file = `${staticDir}-ssr/entry-server.js`
  const manifest = manifestReader(staticDir)
  const styles = styleReader(staticDir)
  let renderer: Promise<Renderer | null> | undefined
  const load = () =>
    (renderer ??= fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<Renderer>).catch((error: unknown) => {
          log.error({ err: error }, 'the page renderer could not be loaded; pages are rendered in the browser')
          return null
        })
      : Promise.resolve(null))

  const api = async (path: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' }, signal: init.signal ?? undefined })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, String(value))
    return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers })
  }

  /** The shell for this address with the page rendered into it, or the shell as it is. */
  return async (address: string, shell: string): Promise<string> => {
    const loaded = await load()
    if (!loaded) return shell
    try {
      const page = await loaded.renderPage(address, api)
      if (!page) return shell
      const built = page.module ? manifest() : null
      if (page.module && !built?.[page.module])
        log.warn({ module: page.module }, 'the build manifest does not name this page: its styles load with its code')
      return withBody(shell, page, built && page.module ? assetLinks(pageAssets(built, page.module), styles) : '')
    } catch (error) {
      log.error({ err: error, url: address }, 'the page could not be rendered on the server; the browser renders it')
      return shell
    }
  }
}
