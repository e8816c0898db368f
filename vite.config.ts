import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { API_PREFIXES } from './src/core/http/api-paths'
import { HEAD_SCRIPT } from './src/core/shared/head-script'
import { PAGE_MODULE_META } from './src/core/shared/constants'
import { startAfterPaint } from './scripts/start-after-paint.mjs'
import { CHUNK_REPORT, relativeId, type ChunkReport } from './scripts/first-page.mjs'
import { markFirstInstall, type AssetEntry } from './sw/install-set'
import { WEB_MANIFEST } from './src/core/shared/web-manifest'

const apiTarget = process.env.OWE_DEV_API ?? 'http://localhost:8080'

/** The build's name for the analytics client's chunk (src/lib/analytics.ts). */
export const ANALYTICS_CLIENT_CHUNK = 'analytics-client'

/**
 * Inlines the (small) entry stylesheet into index.html (one round trip less before the first paint) and
 * asks for the app's code only after the first paint (`scripts/start-after-paint.mjs`): the static shell in
 * index.html, or the page the server rendered into it, paints without it.
 */
function firstPaint(): Plugin {
  return {
    name: 'owe-first-paint',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html']
      if (!html || html.type !== 'asset') return
      let source = String(html.source)
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type !== 'asset' || !fileName.endsWith('.css')) continue
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${fileName}"[^>]*>`)
        if (!link.test(source)) continue
        source = source.replace(link, () => `<style>${String(file.source)}</style>`)
        // The file stays: a lazy page's preload may still name it (the console's sections do), and a
        // missing stylesheet fails that page's load.
      }
      // The shell (or the server's page) paints from the HTML alone; the app's code is asked for after that
      // first paint, so it does not share the first round trips with the page's text, art and fonts.
      const deferred = startAfterPaint(source, PAGE_MODULE_META)
      if (deferred.start) this.emitFile({ type: 'asset', fileName: deferred.start.fileName, source: deferred.start.source })
      html.source = deferred.html
    },
  }
}

/**
 * Writes `.vite/chunks.json` beside Vite's manifest: each chunk's modules (path from the project's root, rendered
 * bytes) and the stylesheets it brings. `scripts/check-first-page.mjs` names from it the modules that make the first
 * page heavy, and tests/bench reads it too. Like the manifest it names only paths from the project's root, and no
 * device fetches it (the worker's precache takes no .json).
 */
function chunkReport(): Plugin {
  let root = ''
  return {
    name: 'owe-chunk-report',
    apply: 'build',
    configResolved: (config) => void (root = config.root),
    generateBundle(_options, bundle) {
      const chunks: ChunkReport = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        chunks[chunk.fileName] = {
          modules: Object.entries(chunk.modules)
            .filter(([id, module]) => module.renderedLength > 0 || /\.css\b/.test(id))
            .map(([id, module]) => ({ id: relativeId(root, id), bytes: module.renderedLength })),
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
        }
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_REPORT, source: `${JSON.stringify(chunks)}\n` })
    },
  }
}

/** index.html's first script (the server allows it by its hash): whether the cookie banner shows, decided before the first paint, and the buttons pressed before the app takes the page over. */
function headScript(): Plugin {
  return {
    name: 'owe-head-script',
    transformIndexHtml: () => [{ tag: 'script', children: HEAD_SCRIPT, injectTo: 'head-prepend' }],
  }
}

/** Marks the worker's first install in its manifest (sw/install-set.ts). */
function firstInstall<T extends AssetEntry>(entries: T[]): { manifest: T[] } {
  return { manifest: markFirstInstall(entries) }
}

/**
 * `vite build --ssr src/entry-server.tsx` builds the server's renderer of the public pages
 * (docs/decisions/017-server-rendered-pages.md) into <outDir>-ssr beside the app: the same code, for Node.
 */
const serverRenderer: UserConfig = {
  plugins: [react()],
  resolve: { alias: { '@': '/src' } },
  publicDir: false,
  // Bundled whole, so React is its production build however the server is started, and one copy of it.
  ssr: { noExternal: true },
  build: { target: 'node20', sourcemap: false, reportCompressedSize: false, emptyOutDir: true },
  logLevel: 'warn',
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderer
    : {
        plugins: [
          react(),
          headScript(),
          firstPaint(),
          chunkReport(),
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'sw',
            filename: 'firebase-messaging-sw.ts',
            registerType: 'prompt',
            injectRegister: false,
            injectManifest: {
              rollupFormat: 'iife',
              globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
              // Chart.js draws only the console's Insights and Learn's progress (src/components/draw-chart.ts): no device
              // should fetch it at install. The worker keeps it once a page has loaded it (sw/routes.ts).
              globIgnores: ['**/draw-chart-*.js'],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
              // What the first install fetches; the rest is filled in once the connection is idle (sw/app-cache.ts).
              manifestTransforms: [firstInstall],
            },
            includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
            manifest: WEB_MANIFEST,
            devOptions: { enabled: false },
          }),
        ],
        resolve: { alias: { '@': '/src' } },
        build: {
          target: 'es2022',
          // .vite/manifest.json: which files hold each page's code and styles, for the server's render (ADR 017).
          manifest: true,
          sourcemap: false,
          // Every browser the target names preloads modules itself; the polyfill would be dead weight on `/`.
          modulePreload: {
            polyfill: false,
            // The analytics client imports only what the first page has already loaded, so nothing is listed to preload
            // with it; and it needs its page-side queue only where no worker controls the page, rarely: that code is
            // fetched when asked for, and the client carries no list of files to preload for it (it stays well under 1 KB).
            resolveDependencies: (file, deps, { hostId }) =>
              file.includes(ANALYTICS_CLIENT_CHUNK) || hostId.includes(ANALYTICS_CLIENT_CHUNK) ? [] : deps,
          },
          reportCompressedSize: false,
          rolldownOptions: {
            output: {
              // The analytics client (src/lib/analytics.ts) under a name of its own, for the rule above and for tests/bench.
              chunkFileNames: (chunk) =>
                chunk.facadeModuleId?.endsWith('/src/lib/analytics.ts')
                  ? `assets/${ANALYTICS_CLIENT_CHUNK}-[hash].js`
                  : 'assets/[name]-[hash].js',
              // The small modules the first page and the lazy pages share would each be a chunk of their own:
              // one file compresses better than ten (measured in tests/bench: initial JS for `/`). They must not
              // stay in the entry chunk either: a lazy chunk that imports from it also names the entry's
              // stylesheet, whose second copy lays every page out again (tests/e2e/phone-shell.spec.ts).
              // src/core/proverbs/pages.ts is one: the first page names the search page from it and the lazy pages link
              // proverbs with it (src/components/cousins.tsx); left out, the build split the first page into 14 files
              // and two inlined stylesheets (measured: the start script's list and index.html's <style>s).
              codeSplitting: {
                groups: [
                  {
                    name: 'shared',
                    test: /\/src\/(core\/(http\/first-page-paths|proverbs\/(pages|local-date)|shared\/(constants|texts|format))|offline\/messages|lib\/(api-client|query-keys|queue-events))\.ts$|\/node_modules\/@tanstack\/(query-core\/|react-query\/build\/modern\/(useQuery|queryOptions)\.js)/,
                  },
                  // What the page keeps on the device and sends from it (src/offline/, its page side and the words
                  // it says), loaded after the first paint: one file rather than a dozen, so the first page's script
                  // lists one name to preload for it, not twelve (measured: initial JS for `/`).
                  {
                    name: 'device',
                    test: /\/src\/offline\/(?!messages\.)[\w-]+\.ts$/,
                  },
                ],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
        },
      },
)
