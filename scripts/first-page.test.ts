import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { checkFirstPage, firstPageScripts, gzipBytes, inlinedStyles, relativeId, type ChunkReport } from './first-page.mjs'
import { startAfterPaint } from './start-after-paint.mjs'

/** A fake build as the real one is shaped: index.html whose start script (scripts/start-after-paint.mjs) names the chunks. */
function fakeBuild({ styles = ['body{}'], sharedBytes = 2000 } = {}) {
  const head = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-c.js">
    ${styles.map((css) => `<style>${css}</style>`).join('\n    ')}
  </head>`
  const { html, start } = startAfterPaint(head, 'page-module')
  const files: Record<string, string | Uint8Array> = {
    [start!.fileName]: start!.source,
    'assets/index-a.js': 'console.log("app")'.repeat(20),
    // Random bytes: gzip cannot shrink them, so the chunk weighs what it is told to.
    'assets/shared-c.js': randomBytes(sharedBytes),
    'assets/lazy-d.js': randomBytes(50_000),
  }
  const chunks: ChunkReport = {
    'assets/index-a.js': {
      modules: [
        { id: 'src/main.tsx', bytes: 300 },
        { id: 'src/app/styles.css', bytes: 0 },
      ],
      css: ['assets/index-a.css'],
    },
    'assets/shared-c.js': {
      modules: [
        { id: 'node_modules/react/cjs/react.production.js', bytes: 1_000 },
        { id: 'src/core/http/api-paths.ts', bytes: sharedBytes },
      ],
      css: styles.length > 1 ? ['assets/shared-c.css'] : [],
    },
    'assets/lazy-d.js': { modules: [{ id: 'src/features/admin/console.tsx', bytes: 50_000 }], css: [] },
  }
  if (styles.length > 1) chunks['assets/shared-c.js'].modules.push({ id: 'src/components/tabs.css', bytes: 0 })
  const read = (file: string) => {
    if (!(file in files)) throw new Error(`no ${file}`)
    return files[file]
  }
  return { html, read, chunks, startFile: start!.fileName }
}

test("the first page's scripts are index.html's and those its start script asks for, not the lazy pages'", () => {
  const { html, read, startFile } = fakeBuild()
  expect(firstPageScripts(html, read)).toEqual([startFile, 'assets/shared-c.js', 'assets/index-a.js'])
})

test('within its budget and with one <style>, the first page passes, weighed in gzip bytes', () => {
  const build = fakeBuild()
  const result = checkFirstPage({ ...build, budget: 10_000 })
  expect(result.problems).toEqual([])
  expect(result.styles).toBe(1)
  expect(result.total).toBe(result.files.reduce((sum, { file }) => sum + gzipBytes(build.read(file)), 0))
  expect(result.total).toBeGreaterThan(2000)
})

test('over its budget, the check fails naming the largest modules of the first page (never a lazy page’s)', () => {
  const { problems, total } = checkFirstPage({ ...fakeBuild({ sharedBytes: 20_000 }), budget: 10_000 })
  expect(problems).toHaveLength(1)
  expect(problems[0]).toContain(
    `${total.toLocaleString('en-GB')} B gzip, ${(total - 10_000).toLocaleString('en-GB')} B over its budget of 10,000 B`,
  )
  const named = problems[0].split('\n').slice(2)
  expect(named[0]).toMatch(/^\s+20,000 {2}src\/core\/http\/api-paths\.ts {2}\(assets\/shared-c\.js\)$/)
  expect(named[1]).toContain('node_modules/react/cjs/react.production.js')
  expect(problems[0]).not.toContain('console.tsx')
})

test('a second inlined stylesheet fails the check, naming the chunk that brings it and its style module', () => {
  const build = fakeBuild({ styles: ['body{}', '.tabs{}'] })
  expect(inlinedStyles(build.html)).toEqual(['body{}', '.tabs{}'])
  const { problems } = checkFirstPage({ ...build, budget: 10_000 })
  expect(problems).toHaveLength(1)
  expect(problems[0]).toMatch(/^index\.html inlines 2 stylesheets/)
  expect(problems[0]).toContain('assets/shared-c.js → assets/shared-c.css: src/components/tabs.css')
  expect(problems[0]).toContain('assets/index-a.js → assets/index-a.css: src/app/styles.css')
})

test("modules are named from the project's root, packages from node_modules/ (even through a linked folder)", () => {
  expect(relativeId('/repo', '/repo/src/main.tsx')).toBe('src/main.tsx')
  expect(relativeId('/repo', '/elsewhere/node_modules/react/index.js')).toBe('node_modules/react/index.js')
  expect(relativeId('/repo', '\0vite/preload-helper.js')).toBe('vite/preload-helper.js')
})
