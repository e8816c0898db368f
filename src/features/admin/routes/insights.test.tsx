// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { Insights, InsightsDay } from '@/core/analytics/contract'
import { INSIGHTS_TEXTS } from '@/core/analytics/texts'
import { json } from '@/lib/test-render'
import type { ChartSpec } from '@/components/chart-config'
import { drawChart } from '@/components/draw-chart'
import { expectLoadFailure, renderAdmin, serveApi } from '../test-fixtures'
import InsightsSection from './insights'

vi.mock('@/lib/session', () => import('@/lib/test-session'))
// jsdom has no canvas: the charts are checked by what they are handed and by their text alternatives.
vi.mock('@/components/draw-chart', () => ({ drawChart: vi.fn(() => () => undefined) }))

const NOVEMBER = '/admin/insights?from=2026-11-01&to=2026-11-30'
const counts = {
  visitors: 0,
  pageViews: 0,
  proverbViews: 0,
  searches: 0,
  shares: 0,
  installs: 0,
  pushOptIns: 0,
  quizStarts: 0,
  quizFinishes: 0,
}
const day = (date: string, values: Partial<InsightsDay>): InsightsDay => ({ ...counts, day: date, ...values })

const INSIGHTS: Insights = {
  from: '2026-11-01',
  to: '2026-11-30',
  days: [
    day('2026-11-03', {
      visitors: 40,
      pageViews: 160,
      proverbViews: 90,
      searches: 25,
      shares: 4,
      installs: 2,
      pushOptIns: 1,
      quizStarts: 6,
      quizFinishes: 5,
    }),
    day('2026-11-12', {
      visitors: 88,
      pageViews: 402,
      proverbViews: 201,
      searches: 61,
      shares: 9,
      installs: 5,
      pushOptIns: 3,
      quizStarts: 12,
      quizFinishes: 9,
    }),
    day('2026-11-20', {
      visitors: 61,
      pageViews: 230,
      proverbViews: 120,
      searches: 30,
      shares: 2,
      pushOptIns: 2,
      quizStarts: 4,
      quizFinishes: 4,
    }),
  ],
  topProverbs: [
    { slug: 'iwa-lewa', proverb: 'Ìwà l’ẹwà', views: 1310 },
    { slug: 'a-proverb-since-removed', proverb: null, views: 4 },
  ],
  topGroups: [
    { slug: 'yoruba', name: 'Yoruba', views: 820 },
    { slug: 'igbo', name: 'Igbo', views: 410 },
  ],
  topSearches: [
    { q: 'omo', searches: 54, results: 12 },
    { q: 'ìtàn ìjàpá', searches: 7, results: 0 },
  ],
  zeroResultSearches: [
    { q: 'ìtàn ìjàpá', searches: 7, lastDay: '2026-11-28' },
    { q: 'He said "wait", then', searches: 2, lastDay: '2026-11-05' },
  ],
  signupFunnel: [
    { step: '1', count: 120 },
    { step: '2', count: 84 },
    { step: '3', count: 60 },
    { step: '4', count: 52 },
    { step: '5', count: 48 },
    { step: 'submitted', count: 46 },
    { step: 'activated', count: 30 },
  ],
  checkouts: [
    { day: '2026-11-12', currency: 'NGN', started: 9, paid: 6 },
    { day: '2026-11-12', currency: 'USD', started: 3, paid: 1 },
  ],
  revenue: [
    { day: '2026-11-12', currency: 'NGN', payments: 6, amount: 15000 },
    { day: '2026-11-12', currency: 'USD', payments: 1, amount: 4.99 },
    { day: '2026-11-20', currency: 'NGN', payments: 2, amount: 5000 },
  ],
}
const EMPTY: Insights = {
  ...INSIGHTS,
  days: [],
  topProverbs: [],
  topGroups: [],
  topSearches: [],
  zeroResultSearches: [],
  signupFunnel: [],
  checkouts: [],
  revenue: [],
}

let answer: Insights
let api: ReturnType<typeof serveApi>

beforeEach(() => {
  answer = INSIGHTS
  vi.mocked(drawChart).mockClear()
  api = serveApi((method, path, _body, query) => {
    if (method !== 'GET' || path !== '/api/admin/insights') return undefined
    return json({ data: { ...answer, from: query.get('from'), to: query.get('to') } })
  })
})

let stopCatching: (() => void) | undefined

afterEach(() => {
  vi.useRealTimers()
  stopCatching?.()
  stopCatching = undefined
})

const block = (name: string) => screen.findByRole('region', { name })
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

test('the section asks for the range in the address and lists the top proverbs and groups with links to their pages', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  expect(screen.getByRole('heading', { level: 2, name: 'Insights' })).toBeTruthy()
  const proverbs = await block('Top proverbs')
  expect(api.asked).toEqual(['GET /api/admin/insights?from=2026-11-01&to=2026-11-30'])
  const table = within(proverbs).getByRole('table', { name: 'Most viewed proverbs, 1–30 November 2026' })
  const iwa = within(table).getByRole('row', { name: /^Ìwà l’ẹwà/ })
  expect(within(iwa).getByRole('link', { name: 'Ìwà l’ẹwà' }).getAttribute('href')).toBe('/search_result?proverb=iwa-lewa')
  expect(cells(iwa)).toEqual(['1,310'])
  // A proverb deleted since is named by its slug.
  expect(within(table).getByRole('link', { name: 'a-proverb-since-removed' })).toBeTruthy()

  const groups = within(await block('Top groups')).getByRole('table', { name: 'Most viewed peoples, 1–30 November 2026' })
  expect(within(groups).getByRole('link', { name: 'Yoruba' }).getAttribute('href')).toBe('/search_result?ethnic=yoruba')
  expect(cells(within(groups).getByRole('row', { name: /^Igbo/ }))).toEqual(['410'])
})

test('searches: the most made, and those that found nothing, each with a link to add it as a proverb', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  const top = within(await block('Top searches')).getByRole('table', { name: 'Most made searches, 1–30 November 2026' })
  expect(
    within(top)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Search', 'Times searched', 'Proverbs found'])
  expect(cells(within(top).getByRole('row', { name: /^omo/ }))).toEqual(['54', '12'])

  const nothing = await block('Searches that found nothing')
  expect(within(nothing).getByRole('heading', { level: 3, name: 'Searches that found nothing' })).toBeTruthy()
  const table = within(nothing).getByRole('table', { name: 'Searches that found nothing, most made first, 1–30 November 2026' })
  const rows = within(table).getAllByRole('row').slice(1)
  expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual(['ìtàn ìjàpá', 'He said "wait", then'])
  expect(cells(rows[0]).slice(0, 2)).toEqual(['7', '28 November 2026'])
  const add = within(rows[0]).getByRole('link', { name: 'Add as a proverb: ìtàn ìjàpá' })
  expect(new URL(add.getAttribute('href')!, 'http://localhost').pathname).toBe('/admin/proverbs')
  expect(new URL(add.getAttribute('href')!, 'http://localhost').searchParams.get('add')).toBe('ìtàn ìjàpá')
  fireEvent.click(within(rows[1]).getByRole('link', { name: 'Add as a proverb: He said "wait", then' }))
  await waitFor(() =>
    expect(decodeURIComponent(screen.getByLabelText('Location').textContent!.replaceAll('+', ' '))).toBe(
      '/admin/proverbs?add=He said "wait", then',
    ),
  )
})

/** What the section downloads: the files' names and contents, caught where the browser would save them. */
function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = []
  const blobs = new Map<string, Blob>()
  // jsdom has no object URLs, and a click on a download link would try to navigate.
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:owe/${blobs.size}`
      blobs.set(url, blob)
      return url
    },
    revokeObjectURL: () => undefined,
  })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! })
  })
  stopCatching = () => {
    click.mockRestore()
    Reflect.deleteProperty(URL, 'createObjectURL')
    Reflect.deleteProperty(URL, 'revokeObjectURL')
  }
  return saved
}

test('Export CSV downloads exactly the table’s rows, quoted, as UTF-8, named for the table and range', async () => {
  const saved = catchDownloads()
  renderAdmin(<InsightsSection />, NOVEMBER)
  fireEvent.click(
    within(await block('Searches that found nothing')).getByRole('button', { name: 'Export CSV: Searches that found nothing' }),
  )
  expect(saved.map((file) => file.name)).toEqual(['owe-searches-that-found-nothing-2026-11-01-to-2026-11-30.csv'])
  const bytes = new Uint8Array(await saved[0].blob.arrayBuffer())
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(saved[0].blob.type).toBe('text/csv;charset=utf-8')
  expect(new TextDecoder().decode(bytes.slice(3))).toBe(
    '"Search","Times searched","Last searched"\r\n"ìtàn ìjàpá","7","2026-11-28"\r\n"He said ""wait"", then","2","2026-11-05"\r\n',
  )

  fireEvent.click(screen.getByRole('button', { name: 'Export CSV: Revenue' }))
  expect(saved[1].name).toBe('owe-revenue-2026-11-01-to-2026-11-30.csv')
  expect(new TextDecoder().decode(new Uint8Array(await saved[1].blob.arrayBuffer()).slice(3))).toBe(
    '"Day","Currency","Payments","Amount"\r\n"2026-11-12","NGN","6","15000"\r\n"2026-11-12","USD","1","4.99"\r\n"2026-11-20","NGN","2","5000"\r\n',
  )
})

test('each chart is a figure with a caption, its canvas named by a summary of its numbers', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  const visits = await block('Visitors and page views')
  const figure = within(visits).getByRole('figure', { name: 'Visitors and page views per day, 1–30 November 2026' })
  expect(
    within(figure).getByRole('img', {
      name: 'Visitors and page views per day, 1–30 November 2026. Visitors: 189 in all, most on 12 November (88). Page views: 792 in all, most on 12 November (402).',
    }).tagName,
  ).toBe('CANVAS')
  expect(
    within(await block('Installs and push opt-ins')).getByRole('img', {
      name: 'Installs and push opt-ins per day, 1–30 November 2026. Installs: 7 in all, most on 12 November (5). Push opt-ins: 6 in all, most on 12 November (3).',
    }),
  ).toBeTruthy()
  expect(
    within(await block('Quizzes started and finished')).getByRole('img', {
      name: 'Quizzes started and finished per day, 1–30 November 2026. Quizzes started: 22 in all, most on 12 November (12). Quizzes finished: 18 in all, most on 12 November (9).',
    }),
  ).toBeTruthy()
  expect(
    within(await block('Sign-up funnel')).getByRole('img', {
      name: 'Sign-up funnel, 1–30 November 2026: Step 1: about you, 120; Step 2: account, 84 (70% of step 1); Step 3: plan, 60 (50% of step 1); Step 4: languages, 52 (43% of step 1); Step 5: review, 48 (40% of step 1); Account made, 46 (38% of step 1); Account activated, 30 (25% of step 1).',
    }),
  ).toBeTruthy()
  const revenue = await block('Revenue')
  expect(within(revenue).getByText('In all: ₦20,000 from 8 payments; $4.99 from 1 payment.')).toBeTruthy()
  expect(
    within(revenue).getByRole('img', {
      name: 'Revenue per day in NGN, 1–30 November 2026. Revenue in NGN: ₦20,000 in all, most on 12 November (₦15,000).',
    }),
  ).toBeTruthy()
  expect(
    within(revenue).getByRole('img', {
      name: 'Revenue per day in USD, 1–30 November 2026. Revenue in USD: $4.99 in all, most on 12 November ($4.99).',
    }),
  ).toBeTruthy()
})

test('the charts are handed every day of the range, and each chart’s numbers are also in a table', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  const visits = await block('Visitors and page views')
  // Three charts of days, the funnel, and revenue in each of two currencies.
  await waitFor(() => expect(vi.mocked(drawChart)).toHaveBeenCalledTimes(6))
  const specs = vi.mocked(drawChart).mock.calls.map(([, spec]) => spec as ChartSpec)
  const line = specs.find((spec) => spec.series[0].label === 'Visitors')!
  expect(line.kind).toBe('line')
  expect(line.labels).toHaveLength(30)
  expect(line.labels.slice(0, 3)).toEqual(['1 Nov', '2 Nov', '3 Nov'])
  expect(line.series.map((series) => series.label)).toEqual(['Visitors', 'Page views'])
  expect(line.series[0].values[2]).toBe(40)
  expect(line.series[0].values[11]).toBe(88)
  expect(line.series[0].values.reduce((a, b) => a + b)).toBe(189)
  const funnel = specs.find((spec) => spec.horizontal)!
  expect(funnel.series[0].values).toEqual([120, 84, 60, 52, 48, 46, 30])
  const naira = specs.find((spec) => spec.series[0].label === 'Revenue in NGN')!
  expect(naira.format?.(15000)).toBe('₦15,000')

  const table = within(visits).getByRole('table', { name: 'Visitors and page views per day, 1–30 November 2026' })
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Day', 'Visitors', 'Page views', 'Proverb views', 'Searches', 'Shares'])
  expect(within(table).getAllByRole('row')).toHaveLength(31)
  expect(cells(within(table).getByRole('row', { name: /^12 November/ }))).toEqual(['88', '402', '201', '61', '9'])
  const funnelTable = within(await block('Sign-up funnel')).getByRole('table', { name: 'Sign-up steps reached, 1–30 November 2026' })
  expect(cells(within(funnelTable).getByRole('row', { name: /^Account activated/ }))).toEqual(['30', '25%'])
})

test('without a range in the address, the last 30 UTC days', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-30T23:30:00Z'))
  renderAdmin(<InsightsSection />, '/admin/insights')
  expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01')
  expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-30')
  await block('Top proverbs')
  expect(api.asked).toEqual(['GET /api/admin/insights?from=2026-11-01&to=2026-11-30'])
})

test('Show asks for the range chosen and keeps it in the address', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  await block('Top proverbs')
  const form = screen.getByRole('form', { name: 'Date range' })
  fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-10-01' } })
  fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-10-31' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Show' }))
  await waitFor(() => expect(screen.getByLabelText('Location').textContent).toBe('/admin/insights?from=2026-10-01&to=2026-10-31'))
  expect(await screen.findByRole('table', { name: 'Most viewed proverbs, 1–31 October 2026' })).toBeTruthy()
  expect(api.asked.at(-1)).toBe('GET /api/admin/insights?from=2026-10-01&to=2026-10-31')
})

test('a range that ends before it starts, or is longer than 366 days, is not asked for and says why under its field', async () => {
  renderAdmin(<InsightsSection />, NOVEMBER)
  await block('Top proverbs')
  const form = screen.getByRole('form', { name: 'Date range' })
  const from = within(form).getByLabelText('From')
  const to = within(form).getByLabelText('To')

  fireEvent.change(from, { target: { value: '2026-12-01' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Show' }))
  const message = within(form).getByText(INSIGHTS_TEXTS.fromAfterTo)
  expect(message.getAttribute('aria-live')).toBe('assertive')
  expect(from.getAttribute('aria-invalid')).toBe('true')
  expect(from.getAttribute('aria-describedby')).toBe(message.id)
  expect(document.activeElement).toBe(from)

  fireEvent.change(from, { target: { value: '2025-01-01' } })
  fireEvent.click(within(form).getByRole('button', { name: 'Show' }))
  expect(within(form).queryByText(INSIGHTS_TEXTS.fromAfterTo)).toBeNull()
  expect(from.getAttribute('aria-invalid')).toBeNull()
  const tooLong = within(form).getByText(INSIGHTS_TEXTS.tooLong(366, 699))
  expect(to.getAttribute('aria-describedby')).toBe(tooLong.id)
  expect(document.activeElement).toBe(to)

  expect(api.asked).toEqual(['GET /api/admin/insights?from=2026-11-01&to=2026-11-30'])
  expect(screen.getByLabelText('Location').textContent).toBe(NOVEMBER)
})

test('a bad range in the address says what is wrong at once and asks for nothing', async () => {
  renderAdmin(<InsightsSection />, '/admin/insights?from=2026-11-31&to=2026-11-30')
  expect(await screen.findByText(INSIGHTS_TEXTS.notADay)).toBeTruthy()
  expect(screen.queryByRole('region', { name: 'Top proverbs' })).toBeNull()
  expect(api.asked).toEqual([])
})

test('while the answer is on its way, placeholders the size of the charts say it is loading', async () => {
  let send: (response: Response) => void = () => undefined
  serveApi(() => new Promise<Response>((resolve) => (send = resolve)))
  const { container } = renderAdmin(<InsightsSection />, NOVEMBER)
  expect(await screen.findByText('Loading the insights')).toBeTruthy()
  expect(container.querySelectorAll('.insights-skeleton--chart')).toHaveLength(2)
  send(json({ data: INSIGHTS }))
  expect(await block('Top proverbs')).toBeTruthy()
  expect(screen.queryByText('Loading the insights')).toBeNull()
})

test('a range with nothing in it says so', async () => {
  answer = EMPTY
  renderAdmin(<InsightsSection />, NOVEMBER)
  expect(await screen.findByText(INSIGHTS_TEXTS.empty)).toBeTruthy()
  expect(screen.getByText(INSIGHTS_TEXTS.emptyDetail)).toBeTruthy()
  expect(screen.queryByRole('figure')).toBeNull()
})

test('a failed load shows the server’s message, and Try again asks again', async () => {
  const { alert, api } = await expectLoadFailure(<InsightsSection />, NOVEMBER, 'insights', () => json({ data: INSIGHTS }))
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
  expect(await block('Top proverbs')).toBeTruthy()
  expect(api.asked).toEqual([
    'GET /api/admin/insights?from=2026-11-01&to=2026-11-30',
    'GET /api/admin/insights?from=2026-11-01&to=2026-11-30',
  ])
})
