import { expect, test } from 'vitest'
import { startAfterPaint } from './start-after-paint.mjs'

/** The head as Vite writes it. */
const BUILT = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/shared-c.js">
    <style>body{}</style>
  </head>`

test('the entry and its preloads leave the head for one start script that names them', () => {
  const { html, start } = startAfterPaint(BUILT, 'page-module')
  expect(start!.fileName).toMatch(/^assets\/start-[\w-]{8}\.js$/)
  expect(html).toBe(`<head>
    <script type="module" crossorigin src="/${start!.fileName}"></script>
    <style>body{}</style>
  </head>`)
  // Named by its content: a new build with other chunks is a new file (the worker's precache sees it change).
  expect(startAfterPaint(BUILT.replace('index-a', 'index-z'), 'page-module').start!.fileName).not.toBe(start!.fileName)
  expect(startAfterPaint(BUILT, 'page-module').start!.fileName).toBe(start!.fileName)
  expect(start!.source.length).toBeLessThan(1024)
})

/** Runs the start script against a stand-in of the browser's globals, recording what it does. */
function run(options: { hidden?: boolean; importFails?: boolean } = {}) {
  const { start } = startAfterPaint(BUILT, 'page-module')
  const log: string[] = []
  const listeners = new Map<string, (event?: unknown) => void>()
  const documentListeners = new Map<string, () => void>()
  let frame: (() => void) | undefined
  let failed: Promise<unknown> = Promise.resolve()
  const browser = {
    window: {} as { __oweInstallPrompt?: unknown },
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    document: {
      visibilityState: options.hidden ? 'hidden' : 'visible',
      head: {
        append: (link: { rel: string; href: string; crossOrigin: string }) => log.push(`${link.rel} ${link.href} '${link.crossOrigin}'`),
      },
      createElement: () => ({}),
      querySelectorAll: (selector: string) => (selector === 'meta[name="page-module"]' ? [{ content: '/assets/page-d.js' }] : []),
      addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
    },
    requestAnimationFrame: (callback: () => void) => (frame = callback),
    setTimeout: (callback: () => void) => callback(),
    location: { reload: () => log.push('reload') },
    importModule: (entry: string) => {
      log.push(`import ${entry}`)
      failed = options.importFails ? Promise.reject(new Error('offline')) : Promise.resolve()
      return failed
    },
  }
  const source = start!.source.replace(/\bimport\(/, 'importModule(')
  new Function(...Object.keys(browser), source)(...Object.values(browser))
  return { log, listeners, documentListeners, frame: () => frame?.(), window: browser.window, settled: () => failed.catch(() => {}) }
}

test('after the first frame it preloads the chunks, the page’s own included, then imports the entry, once', () => {
  const page = run()
  expect(page.log).toEqual([])
  page.frame()
  expect(page.log).toEqual([
    "modulepreload /assets/runtime-b.js ''",
    "modulepreload /assets/shared-c.js ''",
    "modulepreload /assets/page-d.js ''",
    'import /assets/index-a.js',
  ])
  // The tab hidden later, or a second frame, starts nothing more.
  page.documentListeners.get('visibilitychange')!()
  expect(page.log).toHaveLength(4)
})

test('a hidden tab, which draws no frame, starts at once; a tab hidden before its first frame starts then', () => {
  expect(run({ hidden: true }).log).toContain('import /assets/index-a.js')
  const page = run()
  page.documentListeners.get('visibilitychange')!()
  expect(page.log).toContain('import /assets/index-a.js')
})

test('an install prompt offered before the app runs is kept for it', () => {
  const page = run()
  const event = { preventDefault: () => page.log.push('prevented') }
  page.listeners.get('beforeinstallprompt')!(event)
  expect(page.log).toEqual(['prevented'])
  expect(page.window.__oweInstallPrompt).toBe(event)
})

test('if the entry cannot be fetched, the page stays readable and reloads when the browser is back online', async () => {
  const page = run({ importFails: true })
  page.frame()
  await page.settled()
  await Promise.resolve()
  expect(page.log).not.toContain('reload')
  page.listeners.get('online')!()
  expect(page.log.at(-1)).toBe('reload')
})

test('a page without one module entry is left as it is', () => {
  const html = '<head><script src="/legacy.js"></script></head>'
  expect(startAfterPaint(html, 'page-module')).toEqual({ html, start: null })
})
