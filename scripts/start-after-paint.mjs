import { createHash } from 'node:crypto'

const ENTRY = /\s*<script type="module"(?: fetchpriority="low")? crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g
const PRELOAD = /\s*<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="(\/assets\/[^"]+\.js)">/g

/**
 * The built index.html with the app's code asked for only after the first paint.
 *
 * Vite names the entry and its chunks in the head, so the browser fetches them at once, beside the page's
 * own text, scroll art and fonts. On a slow line they share those first round trips. Here they are replaced
 * by one small script (`start`, returned beside the page) that waits for the first frame, then adds the same
 * preloads and imports the entry. The page the server rendered, or the shell's placeholder, is readable
 * before it. Where there is no entry to move, the page is returned as it is and `start` is null.
 */
export function startAfterPaint(html) {
  const entries = [...html.matchAll(ENTRY)].map((match) => match[1])
  if (entries.length !== 1) return { html, start: null }
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1])
  const source =
    `const p=${JSON.stringify(preloads)},e=${JSON.stringify(entries[0])};` +
    // A hidden tab draws no frame: it starts at once.
    `const s=()=>{for(const h of p){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.append(l)}import(e)};` +
    `document.visibilityState==='hidden'?s():requestAnimationFrame(()=>setTimeout(s,0))\n`
  const fileName = `assets/start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`
  const tag = `<script type="module" crossorigin src="/${fileName}"></script>`
  const page = html.replace(ENTRY, (match) => match.replace(/<script[\s\S]*/, tag)).replace(PRELOAD, '')
  return { html: page, start: { fileName, source } }
}
