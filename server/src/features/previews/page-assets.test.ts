import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { assetLinks, manifestReader, pageAssets, styleReader, type Manifest } from './page-assets'

/** The shape Vite writes: the entry, a chunk it shares with the pages, and two lazy pages. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-a.js', src: 'index.html', isEntry: true, imports: ['_shared-b.js'], css: ['assets/index-a.css'] },
  '_shared-b.js': { file: 'assets/shared-b.js' },
  '_pagination-c.js': { file: 'assets/pagination-c.js', imports: ['_shared-b.js'], css: ['assets/pagination-c.css'] },
  'src/features/proverbs/routes/search.tsx': {
    file: 'assets/search-d.js',
    src: 'src/features/proverbs/routes/search.tsx',
    imports: ['_shared-b.js', '_pagination-c.js'],
    css: ['assets/search-d.css'],
  },
  'src/app/pages/pricing.tsx': { file: 'assets/pricing-e.js', src: 'src/app/pages/pricing.tsx', imports: ['_shared-b.js'] },
}

test("a page's own styles and code, with what it imports, and nothing the first page already brings", () => {
  expect(pageAssets(MANIFEST, 'src/features/proverbs/routes/search.tsx')).toEqual({
    css: ['assets/search-d.css', 'assets/pagination-c.css'],
    js: ['assets/search-d.js', 'assets/pagination-c.js'],
  })
  expect(pageAssets(MANIFEST, 'src/app/pages/pricing.tsx')).toEqual({ css: [], js: ['assets/pricing-e.js'] })
  expect(pageAssets(MANIFEST, 'src/nowhere.tsx')).toEqual({ css: [], js: [] })
})

test('styles are linked (the app then adds none of its own) and code is named for the start script to preload', () => {
  expect(assetLinks({ css: ['assets/search-d.css'], js: ['assets/search-d.js'] })).toBe(
    '<link rel="stylesheet" crossorigin href="/assets/search-d.css">' + '<meta name="owe-page-module" content="/assets/search-d.js">',
  )
})

test('a stylesheet the reader has is inlined, with a disabled link that names its file for the app', () => {
  const read = (file: string) => (file === 'assets/search-d.css' ? '.result-list{display:grid}' : null)
  expect(assetLinks({ css: ['assets/search-d.css', 'assets/pagination-c.css'], js: [] }, read)).toBe(
    '<style data-href="/assets/search-d.css">.result-list{display:grid}</style>' +
      '<link rel="stylesheet" crossorigin href="/assets/search-d.css" disabled>' +
      '<link rel="stylesheet" crossorigin href="/assets/pagination-c.css">',
  )
})

test('the reader inlines small stylesheets only, and none that could close the style element', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-styles-'))
  try {
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'assets/small.css'), '.a{color:red}')
    fs.writeFileSync(path.join(dir, 'assets/large.css'), `.a{content:"${'x'.repeat(9000)}"}`)
    fs.writeFileSync(path.join(dir, 'assets/closing.css'), '.a{content:"</STYLE><script>"}')
    const read = styleReader(dir)
    expect(read('assets/small.css')).toBe('.a{color:red}')
    expect(read('assets/large.css')).toBeNull()
    expect(read('assets/closing.css')).toBeNull()
    expect(read('assets/missing.css')).toBeNull()
    fs.writeFileSync(path.join(dir, 'assets/missing.css'), '.c{}')
    expect(read('assets/missing.css')).toBe('.c{}')
    // Read once: a file's name changes with its content.
    fs.writeFileSync(path.join(dir, 'assets/small.css'), '.b{}')
    expect(read('assets/small.css')).toBe('.a{color:red}')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('the manifest is read from the build, again when a new build replaces it, and is null without one', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-manifest-'))
  try {
    const read = manifestReader(dir)
    expect(read()).toBeNull()
    fs.mkdirSync(path.join(dir, '.vite'))
    const file = path.join(dir, '.vite', 'manifest.json')
    fs.writeFileSync(file, JSON.stringify(MANIFEST))
    expect(read()?.['index.html'].file).toBe('assets/index-a.js')
    fs.writeFileSync(file, JSON.stringify({ 'index.html': { file: 'assets/index-z.js', isEntry: true } }))
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000))
    expect(read()?.['index.html'].file).toBe('assets/index-z.js')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
