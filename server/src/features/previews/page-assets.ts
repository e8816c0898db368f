import fs from 'node:fs'
import path from 'node:path'
import { PAGE_MODULE_META } from '@core/shared/constants'

/** One chunk of Vite's build manifest (`.vite/manifest.json`): https://vite.dev/guide/backend-integration */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
export type Manifest = Record<string, ManifestChunk>

/**
 * The files a lazy page needs beyond the first page's: its stylesheets (in the head, so the server's markup is
 * styled from its first paint, and the app's loader finds them there and adds none) and its code (named in the
 * head for the page's start script, which preloads it with the app's entry after the first paint, so hydration
 * need not wait for the entry to ask for it). What the entry already brings is left out.
 */
export function pageAssets(manifest: Manifest, module: string): { css: string[]; js: string[] } {
  const withEntry = new Set<string>()
  const reach = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return
    into.add(key)
    for (const imported of manifest[key].imports ?? []) reach(imported, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) reach(key, withEntry)
  const own = new Set<string>()
  reach(module, own)
  const chunks = [...own].filter((key) => !withEntry.has(key)).map((key) => manifest[key])
  return { css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))], js: chunks.map((chunk) => chunk.file) }
}

/**
 * The head's tags for those files. A stylesheet is inlined when `readStyle` has it: a separate file would hold
 * the first paint back by a round trip. A disabled link to the same file stays beside it: the browser does not
 * fetch it (Chromium, checked by tests/e2e/server-render.spec.ts), and the app's loader, finding it, adds no
 * second copy when the page's code loads. The page's code is named by `<meta>` tags that fetch nothing: the
 * start script preloads it after the first paint (scripts/start-after-paint.mjs).
 */
export function assetLinks({ css, js }: { css: string[]; js: string[] }, readStyle: (file: string) => string | null = () => null): string {
  return [
    ...css.map((file) => {
      const style = readStyle(file)
      return style === null
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<style data-href="/${file}">${style}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`
    }),
    ...js.map((file) => `<meta name="${PAGE_MODULE_META}" content="/${file}">`),
  ].join('')
}

/** Larger stylesheets stay files (the page's HTML is not cached apart from them). */
const INLINE_STYLE_MAX = 8 * 1024

/**
 * The build's stylesheets as text, for `assetLinks`: read once each (their names change with their content);
 * null for one that is missing, too large to inline, or that could end the `<style>` element early.
 */
export function styleReader(staticDir: string): (file: string) => string | null {
  const read = new Map<string, string | null>()
  return (file) => {
    if (read.has(file)) return read.get(file)!
    // A file not there yet (a build being written) is asked for again next time.
    if (!fs.existsSync(path.join(staticDir, file))) return null
    const style = fs.readFileSync(path.join(staticDir, file), 'utf8')
    read.set(file, style.length <= INLINE_STYLE_MAX && !/<\/style/i.test(style) ? style : null)
    return read.get(file)!
  }
}

/** The build's manifest, read again only when a new build replaces it; null without one. */
export function manifestReader(staticDir: string): () => Manifest | null {
  const file = path.join(staticDir, '.vite', 'manifest.json')
  let cached: { manifest: Manifest; mtimeMs: number } | undefined
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false })
    if (!stat) return null
    if (cached?.mtimeMs !== stat.mtimeMs)
      cached = { manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest, mtimeMs: stat.mtimeMs }
    return cached.manifest
  }
}
