import { expect, test } from 'vitest'
import { startAfterPaint } from './start-after-paint.mjs'

const BUILT = `<head>
    <script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/shared-c.js">
    <style>body{}</style>
  </head>`

test('the entry and its preloads leave the head for one start script that names them', () => {
  const { html, start } = startAfterPaint(BUILT)
  expect(start!.fileName).toMatch(/^assets\/start-[\w-]{8}\.js$/)
  expect(html).toBe(`<head>
    <script type="module" crossorigin src="/${start!.fileName}"></script>
    <style>body{}</style>
  </head>`)
  expect(start!.source).toContain('["/assets/runtime-b.js","/assets/shared-c.js"]')
  expect(start!.source).toContain('"/assets/index-a.js"')
  // Named by its content: a new build with other chunks is a new file (the worker's precache sees it change).
  expect(startAfterPaint(BUILT.replace('index-a', 'index-z')).start!.fileName).not.toBe(start!.fileName)
  expect(startAfterPaint(BUILT).start!.fileName).toBe(start!.fileName)
})

test('the start script waits for a frame, then preloads the chunks and imports the entry', async () => {
  const { start } = startAfterPaint(BUILT)
  const calls: string[] = []
  let frame: (() => void) | undefined
  const document = {
    visibilityState: 'visible',
    head: {
      append: (link: { rel: string; href: string; crossOrigin: string }) => calls.push(`${link.rel} ${link.href} ${link.crossOrigin}`),
    },
    createElement: () => ({ rel: '', href: '', crossOrigin: null }),
  }
  const run = new Function(
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'importModule',
    start!.source.replace('import(e)', 'importModule(e)'),
  )
  run(
    document,
    (callback: () => void) => (frame = callback),
    (callback: () => void) => callback(),
    (entry: string) => calls.push(`import ${entry}`),
  )
  expect(calls).toEqual([])
  frame!()
  expect(calls).toEqual(['modulepreload /assets/runtime-b.js ', 'modulepreload /assets/shared-c.js ', 'import /assets/index-a.js'])

  // A hidden tab draws no frame: it starts at once.
  calls.length = 0
  run(
    { ...document, visibilityState: 'hidden' },
    () => {},
    () => {},
    (entry: string) => calls.push(`import ${entry}`),
  )
  expect(calls).toContain('import /assets/index-a.js')
})

test('a page without one module entry is left as it is', () => {
  const html = '<head><script src="/legacy.js"></script></head>'
  expect(startAfterPaint(html)).toEqual({ html, start: null })
})
