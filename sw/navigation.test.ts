import { afterEach, expect, test, vi } from 'vitest'
import { answerNavigation, createPageStore, keepPage, KEPT_AT_HEADER, KEPT_PAGES } from './navigation'
import { createNetworkHealth } from './network-health'
import { memoryCaches } from './test-caches'

const ORIGIN = 'https://owe.example'
const NOON = Date.parse('2026-12-07T12:00:00')
const page = (path: string) => new Request(`${ORIGIN}${path}`)
/** A page of this build names its files under /assets/. */
const html = (body: string, status = 200) =>
  new Response(`<script src="/assets/start-A.js"></script>${body}`, { status, headers: { 'Content-Type': 'text/html' } })
const text = async (response: Response) => (await response.text()).replace('<script src="/assets/start-A.js"></script>', '')

function deps(fetch: (request: Request) => Promise<Response>, { now = NOON, boundMs = 50 } = {}) {
  const caches = memoryCaches()
  const pages = createPageStore(
    caches,
    'owe-pages-test',
    () => now,
    (body) => body.includes('/assets/start-A.js'),
  )
  const background: Promise<unknown>[] = []
  return {
    fetch: vi.fn(fetch),
    shell: vi.fn(async () => html('shell')),
    pages,
    health: createNetworkHealth(() => now),
    now: () => now,
    waitUntil: (work: Promise<unknown>) => void background.push(work),
    boundMs,
    settled: () => Promise.all(background),
  }
}

afterEach(() => vi.useRealTimers())

test('a page the server renders comes from the server when it answers, and is kept', async () => {
  const d = deps(async () => html('rendered'))
  const response = await answerNavigation(page('/search_result?proverb=omo-ni-ide'), d)
  expect(await text(response)).toBe('rendered')
  await d.settled()
  const kept = await d.pages.match(`${ORIGIN}/search_result?proverb=omo-ni-ide`)
  expect(kept?.keptAt).toBe(NOON)
  expect(await text(kept!.response)).toBe('rendered')
  expect(d.shell).not.toHaveBeenCalled()
})

test("a reader's own page starts from the shell, without asking the server", async () => {
  const d = deps(async () => html('rendered'))
  for (const path of ['/quiz', '/profile', '/notifications/3', '/admin/proverbs']) {
    expect(await text(await answerNavigation(page(path), d))).toBe('shell')
  }
  expect(d.fetch).not.toHaveBeenCalled()
})

test('a page kept today answers at once, whatever the network does; the server’s answer replaces it for the next visit', async () => {
  const d = deps(async () => html('first'))
  await answerNavigation(page('/'), d)
  await d.settled()
  let answer!: (response: Response) => void
  d.fetch.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)))
  // The server has not answered: the kept page is the answer, without a wait.
  expect(await text(await answerNavigation(page('/'), d))).toBe('first')
  answer(html('second'))
  await d.settled()
  expect(await text(await answerNavigation(page('/'), d))).toBe('second')
})

test('a page kept on an earlier day is the answer only when the server does not answer within the bound', async () => {
  const yesterday = deps(async () => html('yesterday'), { now: NOON - 86_400_000 })
  await answerNavigation(page('/'), yesterday)
  await yesterday.settled()
  const today = { ...deps(async () => html('today')), pages: yesterday.pages }
  expect(await text(await answerNavigation(page('/'), today))).toBe('today')

  vi.useFakeTimers()
  const hanging = {
    ...deps(() => new Promise<Response>(() => {})),
    pages: createPageStore(
      memoryCaches(),
      'p',
      () => NOON,
      () => true,
    ),
  }
  await hanging.pages.put(`${ORIGIN}/about`, new Response('old about', { headers: { 'Content-Type': 'text/html' } }))
  vi.setSystemTime(NOON + 86_400_000)
  const later = { ...hanging, now: () => NOON + 86_400_000 }
  const answer = answerNavigation(page('/about'), later)
  await vi.advanceTimersByTimeAsync(50)
  expect(await (await answer).text()).toBe('old about')
})

test('offline, the shell answers as soon as the network fails when no page is kept', async () => {
  const d = deps(async () => Promise.reject(new TypeError('Failed to fetch')), { boundMs: 60_000 })
  expect(await text(await answerNavigation(page('/'), d))).toBe('shell')
  expect(d.health.hanging()).toBe(false)
})

test('a hanging server costs one bound: it is marked, and the next navigation and data read do not wait for it', async () => {
  vi.useFakeTimers()
  const d = deps(() => new Promise<Response>(() => {}), { boundMs: 800 })
  const answer = answerNavigation(page('/pricing'), d)
  await vi.advanceTimersByTimeAsync(799)
  expect(d.shell).not.toHaveBeenCalled()
  await vi.advanceTimersByTimeAsync(1)
  expect(await text(await answer)).toBe('shell')
  expect(d.health.hanging()).toBe(true)
  // Marked: the next page does not wait at all.
  expect(await text(await answerNavigation(page('/about'), d))).toBe('shell')
})

test('the server answering again clears the mark', async () => {
  vi.useFakeTimers()
  let answer!: (response: Response) => void
  const d = deps(() => new Promise<Response>((resolve) => (answer = resolve)), { boundMs: 100 })
  const first = answerNavigation(page('/about'), d)
  await vi.advanceTimersByTimeAsync(100)
  await first
  expect(d.health.hanging()).toBe(true)
  answer(html('about'))
  await vi.advanceTimersByTimeAsync(0)
  expect(d.health.hanging()).toBe(false)
})

test('a server error is not shown: the kept page or the shell renders the page on the device', async () => {
  const d = deps(async () => html('Service Unavailable', 503))
  expect(await text(await answerNavigation(page('/about'), d))).toBe('shell')
  await d.settled()
  expect(await d.pages.match(`${ORIGIN}/about`)).toBeUndefined()
})

test('a page naming another build’s files is not kept: its files may not be on the device', async () => {
  const d = deps(
    async () => new Response('<script src="/assets/start-B.js"></script>new build', { headers: { 'Content-Type': 'text/html' } }),
  )
  await answerNavigation(page('/about'), d)
  await d.settled()
  expect(await d.pages.match(`${ORIGIN}/about`)).toBeUndefined()
})

test('a kept page says when it was kept, where the page reads its data', async () => {
  const d = deps(async () => html('x'))
  const rendered = new Response(
    '<script src="/assets/start-A.js"></script><script type="application/json" id="owe-page-data">{}</script>',
    {
      headers: { 'Content-Type': 'text/html', 'Content-Encoding': 'br', 'Content-Length': '99' },
    },
  )
  await d.pages.put(`${ORIGIN}/`, rendered)
  const kept = (await d.pages.match(`${ORIGIN}/`))!.response
  expect(await kept.text()).toContain(`<script type="application/json" id="owe-page-data" data-kept-at="${NOON}">{}</script>`)
  // The body is kept decoded: no header may say otherwise.
  expect(kept.headers.has('Content-Encoding') || kept.headers.has('Content-Length')).toBe(false)
})

test('the store keeps the most recently read pages, and marks when each was kept', async () => {
  const d = deps(async () => html('x'))
  for (let i = 0; i <= KEPT_PAGES; i++) await d.pages.put(`${ORIGIN}/search_result?proverb=p${i}`, html(`p${i}`))
  await d.pages.put(`${ORIGIN}/search_result?proverb=p0`, html('p0 again'))
  expect(await d.pages.match(`${ORIGIN}/search_result?proverb=p1`)).toBeUndefined()
  const kept = await d.pages.match(`${ORIGIN}/search_result?proverb=p0`)
  expect(kept?.response.headers.get(KEPT_AT_HEADER)).toBe(String(NOON))
  expect(await text(kept!.response)).toBe('p0 again')
})

test('the install keeps home; a home that cannot be had is left for a visit', async () => {
  const d = deps(async () => html('home'))
  await keepPage(d.pages, `${ORIGIN}/`, async () => html('home'))
  expect(await text((await d.pages.match(`${ORIGIN}/`))!.response)).toBe('home')
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  await keepPage(d.pages, `${ORIGIN}/about`, () => Promise.reject(new TypeError('Failed to fetch')))
  expect(await d.pages.match(`${ORIGIN}/about`)).toBeUndefined()
})
