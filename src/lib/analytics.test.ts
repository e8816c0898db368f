// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AnalyticsEvent, EventBatch } from '@/core/analytics/contract'
import { offlineDb } from '@/offline/schema'
import { pageView, routePattern, track } from './analytics'
import { hidePage, workerStandIn } from './test-analytics'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const T0 = Date.UTC(2026, 10, 23, 9, 30)

let worker: Awaited<ReturnType<typeof workerStandIn>>

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 })
  worker = await workerStandIn()
  history.replaceState(null, '', '/')
})

afterEach(() => {
  hidePage()
  worker.remove()
  for (const signal of ['doNotTrack', 'globalPrivacyControl']) Reflect.deleteProperty(navigator, signal)
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const posted = () => worker.messages.flatMap((message) => (message.add ?? []) as AnalyticsEvent[])

test('an address the router has no page for is not counted, nor is a signed-in page’s address with more in it', () => {
  for (const address of ['/nowhere', '/quiz/4711/answers', '/profile/7', '/notifications/4711/x', '/aboutus'])
    expect(routePattern(address), address).toBeNull()
  expect(routePattern('/admin')).toBe('/admin')
  expect(routePattern('/admin/insights')).toBe('/admin')
  expect(routePattern('/about/')).toBe('/about')
})

test('an event is made on the device with its own id, the time it happened and the page’s pattern, and handed to the worker a moment later', async () => {
  history.replaceState(null, '', '/quiz/4711?from=home')
  track('quiz_start')
  track('share', { detail: 'link', slug: 'yoruba-iwa-lesin' })
  expect(worker.messages).toEqual([])
  vi.advanceTimersByTime(2000)
  expect(worker.messages).toHaveLength(1)
  const [start, share] = posted()
  expect(start).toEqual({ id: expect.stringMatching(UUID), type: 'quiz_start', at: new Date(T0).toISOString(), path: '/quiz/:batchId' })
  expect(share).toEqual({
    id: expect.stringMatching(UUID),
    type: 'share',
    at: new Date(T0).toISOString(),
    path: '/quiz/:batchId',
    detail: 'link',
    slug: 'yoruba-iwa-lesin',
  })
  expect(start.id).not.toBe(share.id)
})

test('what the collector would refuse is left out of an event, not sent to cost its whole batch; the words are trimmed', () => {
  track('search', { q: `  ${'b'.repeat(250)}  `, results: 0, ethnic: 'Yoruba' })
  track('share', { detail: 'link', slug: 'òwe ' })
  hidePage()
  const [search, share] = posted()
  expect(search).toMatchObject({ q: 'b'.repeat(200), ethnic: 'yoruba' })
  expect(share.slug).toBeUndefined()
})

test('what is held is handed over at once when the page is hidden', () => {
  track('install')
  hidePage()
  expect(posted().map((event) => event.type)).toEqual(['install'])
})

test('a page view names the route’s pattern; a proverb’s page its slug, a search its words and people', () => {
  const views: [string, string, Partial<AnalyticsEvent>][] = [
    ['/', '?utm_source=x', { path: '/' }],
    ['/notifications/31', '', { path: '/notifications/:id' }],
    ['/search_result', '?proverb=yoruba-iwa-lesin', { path: '/search_result', slug: 'yoruba-iwa-lesin' }],
    ['/search_result', '?q=%20%C3%B2m%E1%BB%8D%20&ethnic=Yoruba&page=2', { path: '/search_result', q: 'òmọ', ethnic: 'yoruba' }],
    ['/search_result', '?ethnic=igbo', { path: '/search_result', ethnic: 'igbo' }],
    ['/search_result', `?q=${'a'.repeat(300)}`, { path: '/search_result', q: 'a'.repeat(200) }],
    // Slugs the collector would refuse (and with them the whole batch) are left out.
    ['/search_result', '?proverb=%C3%B2we%20x&ethnic=a/b', { path: '/search_result' }],
  ]
  for (const [pathname, search] of views) {
    pageView(pathname, search)
    vi.advanceTimersByTime(500)
  }
  hidePage()
  const events = posted()
  expect(events.map((event) => event.type)).toEqual(views.map(() => 'page_view'))
  // Only the fields named: JSON drops the empty ones, and nothing else of the address travels.
  const fieldsOf = (event: AnalyticsEvent) =>
    JSON.parse(JSON.stringify({ ...event, id: undefined, type: undefined, at: undefined })) as unknown
  expect(events.map(fieldsOf)).toEqual(views.map(([, , fields]) => fields))
})

test('an address left at once (a redirect) is not counted, nor one the router has no page for', () => {
  pageView('/profile', '')
  vi.advanceTimersByTime(100)
  pageView('/auth/login', '')
  pageView('/no/such/page', '')
  vi.advanceTimersByTime(499)
  pageView('/404', '')
  vi.advanceTimersByTime(500)
  hidePage()
  expect(posted().map((event) => event.path)).toEqual(['/404'])
})

test('Do Not Track and Global Privacy Control: nothing is recorded', () => {
  for (const [signal, value] of [
    ['doNotTrack', '1'],
    ['globalPrivacyControl', true],
  ] as const) {
    Object.defineProperty(navigator, signal, { configurable: true, value })
    pageView('/about', '')
    track('search', { q: 'omo', results: 0 })
    vi.advanceTimersByTime(3000)
    hidePage()
    Reflect.deleteProperty(navigator, signal)
  }
  expect(worker.messages).toEqual([])
  // Neither signal set (or Do Not Track off): counted.
  Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '0' })
  track('install')
  hidePage()
  expect(posted()).toHaveLength(1)
})

test('back online, the worker is asked to send what waits, pause or no pause', () => {
  dispatchEvent(new Event('online'))
  expect(worker.messages).toEqual([{ type: 'QUEUE_SEND', queue: 'analytics', add: [], retryNow: true }])
})

test('the browser’s install event is counted', () => {
  dispatchEvent(new Event('appinstalled'))
  hidePage()
  expect(posted()).toMatchObject([{ type: 'install', path: '/' }])
})

test('with no worker controlling the page, the page keeps the events on the device and sends them itself, without cookies', async () => {
  vi.useRealTimers()
  worker.remove()
  const sent: { init: RequestInit; events: AnalyticsEvent[] }[] = []
  let status = 503
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe('/api/events')
      sent.push({ init, events: (JSON.parse(init.body as string) as EventBatch).events })
      return new Response(null, { status })
    }),
  )
  track('proverb_view', { slug: 'igbo-onye-wetara-oji' })
  hidePage()
  // The collector is down: the event waits on the device.
  await vi.waitFor(() => expect(sent).toHaveLength(1))
  const db = await offlineDb()
  await vi.waitFor(async () => expect(await db.count('queue')).toBe(1))

  // Back online, it is sent again under its id, and leaves the device.
  status = 202
  dispatchEvent(new Event('online'))
  await vi.waitFor(async () => expect(await db.count('queue')).toBe(0))
  expect(sent).toHaveLength(2)
  expect(sent[1].events).toEqual(sent[0].events)
  expect(sent[1].events).toMatchObject([{ type: 'proverb_view', slug: 'igbo-onye-wetara-oji', path: '/' }])
  expect(sent[1].init).toMatchObject({ method: 'POST', credentials: 'omit' })
})
