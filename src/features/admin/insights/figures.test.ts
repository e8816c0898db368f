import { expect, test } from 'vitest'
import type { Insights } from '@/core/analytics/contract'
import { everyDay, funnelSteps, isEmpty, revenueByCurrency } from './figures'

const NOTHING: Insights = {
  from: '2026-11-01',
  to: '2026-11-03',
  days: [],
  topProverbs: [],
  topGroups: [],
  topSearches: [],
  zeroResultSearches: [],
  signupFunnel: [],
  checkouts: [],
  revenue: [],
}
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

test('every day of the range is there, in order, a day the answer leaves out with zeros', () => {
  const filled = everyDay({ from: '2026-11-01', to: '2026-11-03' }, [{ ...counts, day: '2026-11-02', visitors: 5 }])
  expect(filled.map((day) => [day.day, day.visitors, day.pageViews])).toEqual([
    ['2026-11-01', 0, 0],
    ['2026-11-02', 5, 0],
    ['2026-11-03', 0, 0],
  ])
})

test('a range is empty only when nothing at all was counted', () => {
  expect(isEmpty(NOTHING)).toBe(true)
  expect(isEmpty({ ...NOTHING, days: [{ ...counts, day: '2026-11-01' }], signupFunnel: [{ step: '1', count: 0 }] })).toBe(true)
  expect(isEmpty({ ...NOTHING, days: [{ ...counts, day: '2026-11-01', installs: 1 }] })).toBe(false)
  expect(isEmpty({ ...NOTHING, zeroResultSearches: [{ q: 'ọmọ', searches: 1, lastDay: '2026-11-01' }] })).toBe(false)
  expect(isEmpty({ ...NOTHING, signupFunnel: [{ step: 'activated', count: 1 }] })).toBe(false)
  expect(isEmpty({ ...NOTHING, revenue: [{ day: '2026-11-01', currency: 'NGN', payments: 1, amount: 2500 }] })).toBe(false)
})

test('the funnel runs in the wizard’s order, each step with its share of step 1', () => {
  const steps = funnelSteps([
    { step: 'activated', count: 10 },
    { step: '1', count: 40 },
    { step: '2', count: 30 },
  ])
  expect(steps.map(({ step, label, count, share }) => [step, label, count, share])).toEqual([
    ['1', 'Step 1: about you', 40, 1],
    ['2', 'Step 2: account', 30, 0.75],
    ['3', 'Step 3: plan', 0, 0],
    ['4', 'Step 4: languages', 0, 0],
    ['5', 'Step 5: review', 0, 0],
    ['submitted', 'Account made', 0, 0],
    ['activated', 'Account activated', 10, 0.25],
  ])
  expect(funnelSteps([{ step: '2', count: 3 }])[1].share).toBeNull()
})

test('revenue stays apart per currency, over every day, with its totals', () => {
  const revenue = revenueByCurrency({ from: '2026-11-01', to: '2026-11-03' }, [
    { day: '2026-11-03', currency: 'USD', payments: 2, amount: 9.98 },
    { day: '2026-11-01', currency: 'NGN', payments: 1, amount: 2500 },
    { day: '2026-11-02', currency: 'USD', payments: 1, amount: 4.99 },
    { day: '2026-11-03', currency: 'NGN', payments: 3, amount: 7500 },
  ])
  expect(revenue).toEqual([
    { currency: 'NGN', amounts: [2500, 0, 7500], payments: [1, 0, 3], total: 10000, count: 4 },
    { currency: 'USD', amounts: [0, 4.99, 9.98], payments: [0, 1, 2], total: 14.97, count: 3 },
  ])
})
