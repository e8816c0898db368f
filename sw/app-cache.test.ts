import { expect, test, vi } from 'vitest'
import { APP_CACHE_PREFIX, buildIdOf, createAppCache, PAGE_CACHE_PREFIX } from './app-cache'
import type { AssetEntry } from './install-set'
import { packInstallBundle } from '../scripts/install-bundle.mjs'
import { memoryCaches } from './test-caches'

const bytes = (text: string) => new TextEncoder().encode(text)

const ORIGIN = 'https://owe.example'
const ENTRIES: AssetEntry[] = [
  { url: 'index.html', revision: '1', first: true },
  { url: 'assets/index-A.js', revision: '1', first: true },
  { url: 'assets/search-B.js', revision: '1', first: true },
  { url: 'assets/noto-sans-latin-400-C.woff2', revision: '1', first: true },
  { url: 'assets/quiz-D.js', revision: '1' },
  { url: 'icons/icon-512.png', revision: '1' },
]

function setup(entries = ENTRIES, caches = memoryCaches(), bundle?: Uint8Array<ArrayBuffer>) {
  let inFlight = 0
  let most = 0
  const asked: string[] = []
  const fetch = vi.fn(async (request: Request) => {
    asked.push(request.url.replace(ORIGIN, ''))
    most = Math.max(most, ++inFlight)
    await new Promise((resolve) => setTimeout(resolve, 5))
    inFlight--
    if (request.url.endsWith('/install.bin')) return bundle ? new Response(bundle) : new Response('none', { status: 404 })
    return request.url.endsWith('missing.js') ? new Response('gone', { status: 404 }) : new Response(`body of ${request.url}`)
  })
  const idle = vi.fn(async () => {})
  const app = createAppCache(entries, { caches, fetch, origin: ORIGIN, idle })
  return { app, caches, fetch, asked, idle, most: () => most }
}

test('the install fetches the first files at once, in parallel, and nothing else', async () => {
  const { app, asked, most } = setup()
  await app.install()
  expect(asked.sort()).toEqual([
    '/assets/index-A.js',
    '/assets/noto-sans-latin-400-C.woff2',
    '/assets/search-B.js',
    '/index.html',
    '/install.bin',
  ])
  expect(most()).toBe(4)
  expect(await (await app.shell()).text()).toBe(`body of ${ORIGIN}/index.html`)
})

test('a file listed twice is fetched once, at install when either listing says so', async () => {
  const { app, asked } = setup([
    ...ENTRIES,
    { url: 'index.html', revision: '1' },
    { url: 'icons/icon-512.png', revision: '1', first: true },
  ])
  await app.install()
  expect(asked.filter((url) => url === '/index.html')).toHaveLength(1)
  expect(asked).toContain('/icons/icon-512.png')
})

test('with the build’s bundle, the install asks for the bundle and the shell alone; a file of another revision is asked on its own', async () => {
  const bundle = packInstallBundle([
    { url: 'assets/index-A.js', revision: '1', body: bytes('entry') },
    { url: 'assets/search-B.js', revision: 'old', body: bytes('an older search') },
    { url: 'assets/noto-sans-latin-400-C.woff2', revision: '1', body: new Uint8Array([1, 2, 3]) },
  ])
  const { app, asked } = setup(ENTRIES, memoryCaches(), bundle)
  await app.install()
  expect(asked.sort()).toEqual(['/assets/search-B.js', '/index.html', '/install.bin'])
  const entry = await app.answer(new Request(`${ORIGIN}/assets/index-A.js`))
  expect(await entry.text()).toBe('entry')
  expect(entry.headers.get('Content-Type')).toBe('text/javascript')
  expect(await (await app.answer(new Request(`${ORIGIN}/assets/search-B.js`))).text()).toBe(`body of ${ORIGIN}/assets/search-B.js`)
})

test('the shell is asked anew, hashed files may come from the browser’s HTTP cache', async () => {
  const { app, fetch } = setup()
  await app.install()
  const modes = Object.fromEntries(fetch.mock.calls.map(([request]) => [request.url.replace(ORIGIN, ''), request.cache]))
  expect(modes['/index.html']).toBe('reload')
  expect(modes['/assets/index-A.js']).toBe('default')
})

test('an install that cannot fetch one of its files fails, so the browser tries it again', async () => {
  const { app } = setup([...ENTRIES, { url: 'assets/missing.js', revision: '1', first: true }])
  await expect(app.install()).rejects.toThrow(/missing\.js: 404/)
})

test('the rest is filled in while the connection is idle, once; a file used before is not asked again', async () => {
  const { app, asked, idle } = setup()
  await app.install()
  await app.answer(new Request(`${ORIGIN}/assets/quiz-D.js`))
  asked.length = 0
  expect(await app.fill()).toBe(1)
  expect(asked).toEqual(['/icons/icon-512.png'])
  expect(idle).toHaveBeenCalled()
  expect(await app.fill()).toBe(0)
})

test('a file of the build answers from its cache, then from the network (kept); other addresses are not its own', async () => {
  const { app, fetch } = setup()
  expect(app.handles(new URL(`${ORIGIN}/assets/quiz-D.js`))).toBe(true)
  expect(app.handles(new URL(`${ORIGIN}/`))).toBe(false)
  expect(app.handles(new URL(`${ORIGIN}/assets/quiz-E.js`))).toBe(false)
  await app.answer(new Request(`${ORIGIN}/assets/quiz-D.js`))
  fetch.mockClear()
  expect(await (await app.answer(new Request(`${ORIGIN}/assets/quiz-D.js`))).text()).toBe(`body of ${ORIGIN}/assets/quiz-D.js`)
  expect(fetch).not.toHaveBeenCalled()
})

test('activating removes every other build’s files and pages and the old precache; a new build never mixes with the old', async () => {
  const caches = memoryCaches()
  const old = setup(ENTRIES, caches)
  await old.app.install()
  await caches.open(old.app.pagesName)
  await caches.open('workbox-precache-v2-https://owe.example/')
  await caches.open('owe-scroll-images')
  const next = setup(
    ENTRIES.map((entry) => (entry.url === 'assets/index-A.js' ? { ...entry, url: 'assets/index-Z.js' } : entry)),
    caches,
  )
  expect(next.app.build).not.toBe(old.app.build)
  await next.app.install()
  // Installing leaves the running version whole.
  expect(caches.names()).toContain(old.app.name)
  await next.app.activate()
  expect(caches.names().sort()).toEqual([next.app.name, 'owe-scroll-images'].sort())
  expect(next.app.name.startsWith(APP_CACHE_PREFIX) && next.app.pagesName.startsWith(PAGE_CACHE_PREFIX)).toBe(true)
})

test('a page names this build’s files alone, or it is not this build’s', () => {
  const { app } = setup()
  expect(app.ownsPage('<script src="/assets/index-A.js"></script><meta name="m" content="/assets/search-B.js">')).toBe(true)
  expect(app.ownsPage('<script src="/assets/index-Z.js"></script>')).toBe(false)
  expect(app.ownsPage('<p>no files</p>')).toBe(false)
})

test('the build’s name follows its files and revisions', () => {
  expect(buildIdOf(ENTRIES)).toBe(buildIdOf(ENTRIES.map((entry) => ({ ...entry }))))
  expect(buildIdOf(ENTRIES)).not.toBe(buildIdOf([...ENTRIES.slice(1), { ...ENTRIES[0], revision: '2' }]))
})
