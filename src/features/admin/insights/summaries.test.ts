import { expect, test } from 'vitest'
import { dailySummary, formatDay, formatDayShort, formatMoney, formatRange, formatShare, funnelSummary, seriesSummary } from './summaries'

test('days and ranges read as an admin says them', () => {
  expect(formatDay('2026-11-12')).toBe('12 November')
  expect(formatDay('2026-11-12', true)).toBe('12 November 2026')
  expect(formatDayShort('2026-09-03')).toBe('3 Sep')
  expect(formatRange({ from: '2026-11-01', to: '2026-11-30' })).toBe('1–30 November 2026')
  expect(formatRange({ from: '2026-10-28', to: '2026-11-03' })).toBe('28 October – 3 November 2026')
  expect(formatRange({ from: '2025-12-20', to: '2026-01-05' })).toBe('20 December 2025 – 5 January 2026')
  expect(formatRange({ from: '2026-11-12', to: '2026-11-12' })).toBe('12 November 2026')
})

test('money reads in its currency; shares as percentages', () => {
  expect(formatMoney(250000, 'NGN')).toBe('₦250,000')
  expect(formatMoney(4.99, 'USD')).toBe('$4.99')
  expect(formatMoney(12.5, 'GHS')).toBe('12.50 GHS')
  expect(formatShare(0.64)).toBe('64%')
  expect(formatShare(0.004)).toBe('0.4%')
  expect(formatShare(1)).toBe('100%')
})

test('a series is summed up with its busiest day; the first of equal days counts', () => {
  const days = ['2026-11-11', '2026-11-12', '2026-11-13']
  expect(seriesSummary(days, { label: 'Visitors', values: [40, 88, 88] })).toBe('Visitors: 216 in all, most on 12 November (88)')
  expect(seriesSummary(days, { label: 'Installs', values: [0, 0, 0] })).toBe('Installs: none')
  expect(seriesSummary(['2025-12-31', '2026-01-01'], { label: 'Visitors', values: [1200, 1] })).toBe(
    'Visitors: 1,201 in all, most on 31 December 2025 (1,200)',
  )
})

test('a chart of days says its title, range, and each series', () => {
  expect(
    dailySummary(
      'Visitors and page views per day',
      { from: '2026-11-01', to: '2026-11-03' },
      ['2026-11-01', '2026-11-02', '2026-11-03'],
      [
        { label: 'Visitors', values: [3, 9, 1] },
        { label: 'Page views', values: [1000, 200, 4] },
      ],
    ),
  ).toBe(
    'Visitors and page views per day, 1–3 November 2026. Visitors: 13 in all, most on 2 November (9). Page views: 1,204 in all, most on 1 November (1,000).',
  )
  expect(
    dailySummary(
      'Revenue per day in NGN',
      { from: '2026-11-01', to: '2026-11-02' },
      ['2026-11-01', '2026-11-02'],
      [{ label: 'Revenue in NGN', values: [2500, 40000] }],
      (n) => formatMoney(n, 'NGN'),
    ),
  ).toBe('Revenue per day in NGN, 1–2 November 2026. Revenue in NGN: ₦42,500 in all, most on 2 November (₦40,000).')
})

test('the funnel says each step and its share of step 1', () => {
  expect(
    funnelSummary({ from: '2026-11-01', to: '2026-11-30' }, [
      { label: 'Step 1: about you', count: 500, share: 1 },
      { label: 'Step 2: account', count: 320, share: 0.64 },
      { label: 'Account activated', count: 2, share: 0.004 },
    ]),
  ).toBe(
    'Sign-up funnel, 1–30 November 2026: Step 1: about you, 500; Step 2: account, 320 (64% of step 1); Account activated, 2 (0.4% of step 1).',
  )
})
