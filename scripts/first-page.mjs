// What the first page (`/`) carries, read from a build: the script it loads and the stylesheets inlined into its HTML.
// `scripts/check-first-page.mjs` (run by `npm test`) holds them to their rules; `npm run bench` prints the same numbers.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** The first page's script, gzip: its budget (docs/decisions/001-layout-and-runtimes.md; docs/decisions/004-first-paint.md defers it past the first paint). */
export const FIRST_PAGE_SCRIPT_BUDGET = 110 * 1024

/** Where the build writes its chunk report (vite.config.ts, `chunkReport`), beside Vite's manifest. */
export const CHUNK_REPORT = '.vite/chunks.json'

/** A module's id as the report names it: a package's path from `node_modules/`, the app's from the project's root, or the bundler's own name. */
export function relativeId(root, id) {
  const clean = id.replace(/\0/g, '')
  const inPackage = clean.indexOf('/node_modules/')
  if (inPackage >= 0) return clean.slice(inPackage + 1)
  return clean.startsWith(`${root}/`) ? clean.slice(root.length + 1) : clean
}

export const gzipBytes = (source) => zlib.gzipSync(source, { level: 9 }).length

const named = (text, pattern) => [...text.matchAll(pattern)].map((match) => match[1])

/**
 * The script files the first page loads: what index.html names, and what its start script asks for once the page has
 * painted (scripts/start-after-paint.mjs). `read` gives a file's text by its path in the build (`assets/…`).
 */
export function firstPageScripts(html, read) {
  return named(html, /(?:src|href)="\/(assets\/[^"]+\.js)"/g).flatMap((file) =>
    /^assets\/start-/.test(file) ? [file, ...named(String(read(file)), /["`]\/(assets\/[^"`]+\.js)["`]/g)] : [file],
  )
}

/** The stylesheets inlined into the HTML (`<style>` elements). */
export const inlinedStyles = (html) => named(html, /<style\b[^>]*>([\s\S]*?)<\/style>/g)

const bytes = (n) => n.toLocaleString('en-GB')

/**
 * The first page's weight and what breaks its rules: over `budget` (gzip bytes), or more than one inlined stylesheet.
 * Each problem names the modules to look at: the largest ones in the first page's chunks, and the chunks (and their
 * style modules) that bring a stylesheet. `chunks` is the build's chunk report (CHUNK_REPORT).
 */
export function checkFirstPage({ html, read, chunks, budget = FIRST_PAGE_SCRIPT_BUDGET, largest = 12 }) {
  const files = firstPageScripts(html, read).map((file) => ({ file, gzip: gzipBytes(read(file)) }))
  const total = files.reduce((sum, row) => sum + row.gzip, 0)
  const modules = files.flatMap(({ file }) => (chunks[file]?.modules ?? []).map((module) => ({ ...module, file })))
  const problems = []
  if (total > budget) {
    const top = [...modules].sort((a, b) => b.bytes - a.bytes).slice(0, largest)
    problems.push(
      [
        `The first page's script is ${bytes(total)} B gzip, ${bytes(total - budget)} B over its budget of ${bytes(budget)} B.`,
        `Its largest modules (bytes before minifying and gzip, and their chunk):`,
        ...top.map((m) => `  ${bytes(m.bytes).padStart(9)}  ${m.id}  (${m.file})`),
      ].join('\n'),
    )
  }
  const styles = inlinedStyles(html)
  if (styles.length > 1) {
    const bringing = files.filter(({ file }) => chunks[file]?.css.length)
    problems.push(
      [
        `index.html inlines ${styles.length} stylesheets; the first page's styles must be one <style>. A first-page stylesheet`,
        `imported from a module the lazy pages share splits it off (README, "Styles live with what they style").`,
        `The first page's chunks that bring a stylesheet, with their style modules:`,
        ...bringing.map(({ file }) => {
          const own = chunks[file].modules.filter((m) => /\.(css|scss)$/.test(m.id)).map((m) => m.id)
          return `  ${file} → ${chunks[file].css.join(', ')}${own.length ? `: ${own.join(', ')}` : ''}`
        }),
      ].join('\n'),
    )
  }
  return { files, total, modules, styles: styles.length, problems }
}

/** checkFirstPage over a built folder (dist/ by default): its index.html, its files and its chunk report. */
export function checkBuild(dir, budget = FIRST_PAGE_SCRIPT_BUDGET) {
  const report = path.join(dir, CHUNK_REPORT)
  if (!fs.existsSync(report)) throw new Error(`${report} is missing: build the app first (npm run build).`)
  return checkFirstPage({
    html: fs.readFileSync(path.join(dir, 'index.html'), 'utf8'),
    read: (file) => fs.readFileSync(path.join(dir, file)),
    chunks: JSON.parse(fs.readFileSync(report, 'utf8')),
    budget,
  })
}
