import { createHash } from 'node:crypto'
import { minifySync } from 'vite'

const ENTRY = /\s*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g

/**
 * What the start script does in the browser, written into it with the build's file names (as text, so that no
 * tool that loads this file rewrites its `import()`).
 * An install prompt offered before the app runs is kept for it (`window.__oweInstallPrompt`, src/lib/install.ts).
 * After the first frame (at once in a hidden tab, which draws none, or when the tab is hidden or shown first),
 * it preloads the entry's chunks and the page's own, then imports the entry. If that import fails (a first
 * visit that lost its connection), the page stays as it is, readable, and reloads when the browser is back online.
 */
const START = `(preloads, entry, pageModuleMeta) => {
  addEventListener(
    'beforeinstallprompt',
    (event) => {
      event.preventDefault()
      window.__oweInstallPrompt = event
    },
    { once: true },
  )
  let started = false
  const go = () => {
    if (started) return
    started = true
    const own = Array.from(document.querySelectorAll('meta[name="' + pageModuleMeta + '"]'), (meta) => meta.content)
    for (const href of [...preloads, ...own]) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    import(entry).catch(() => addEventListener('online', () => location.reload(), { once: true }))
  }
  if (document.visibilityState === 'hidden') go()
  else {
    requestAnimationFrame(() => setTimeout(go, 0))
    document.addEventListener('visibilitychange', go, { once: true })
  }
}`

/**
 * The built index.html with the app's code asked for only after the first paint. `pageModuleMeta` names the
 * `<meta>` tags by which the server lists a rendered page's own chunks, preloaded with the entry's.
 *
 * Vite names the entry and its chunks in the head, so the browser fetches them at once, beside the page's
 * own text, scroll art and fonts. On a slow line they share those first round trips. Here they are replaced
 * by one small script (`start`, returned beside the page; see `START` above). The page the server rendered,
 * or the shell's placeholder, is readable before it. Where there is no entry to move, the page is returned
 * as it is and `start` is null.
 */
export function startAfterPaint(html, pageModuleMeta) {
  const entries = [...html.matchAll(ENTRY)].map((match) => match[1])
  if (entries.length !== 1) return { html, start: null }
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1])
  const args = [preloads, entries[0], pageModuleMeta].map((value) => JSON.stringify(value)).join(',')
  const source = `${minifySync('start.js', `(${START})(${args})`).code}\n`
  const fileName = `assets/start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`
  const tag = `<script type="module" crossorigin src="/${fileName}"></script>`
  const page = html.replace(ENTRY, (match) => match.replace(/<script[\s\S]*/, tag)).replace(PRELOAD, '')
  return { html: page, start: { fileName, source } }
}
