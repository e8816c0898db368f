import { expect, test } from 'vitest'
import { addDays, checkInsightsRange, daysIn, defaultInsightsRange, isDay, listDays } from './insights-range'
import { INSIGHTS_TEXTS } from './texts'

test('a day is a real calendar day written YYYY-MM-DD', () => {
  expect(isDay('2026-11-30')).toBe(true)
  expect(isDay('2028-02-29')).toBe(true)
  expect(isDay('2026-02-29')).toBe(false)
  expect(isDay('2026-11-31')).toBe(false)
  expect(isDay('2026-1-3')).toBe(false)
  expect(isDay('30/11/2026')).toBe(false)
  expect(isDay('')).toBe(false)
})

test('days are counted in UTC across month and year ends, both ends included', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  expect(daysIn({ from: '2026-11-01', to: '2026-11-30' })).toBe(30)
  expect(daysIn({ from: '2026-11-30', to: '2026-11-30' })).toBe(1)
  expect(daysIn({ from: '2026-11-30', to: '2026-11-01' })).toBe(0)
  expect(listDays({ from: '2026-12-30', to: '2027-01-02' })).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'])
})

test('the default range is the last 30 UTC days, today included', () => {
  // 00:30 in Lagos on 1 December is still 30 November in UTC.
  expect(defaultInsightsRange(new Date('2026-11-30T23:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' })
})

test('a range needs both ends as days, the first not after the last', () => {
  expect(checkInsightsRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({})
  expect(checkInsightsRange({ from: '', to: '' })).toEqual({ from: INSIGHTS_TEXTS.fromRequired, to: INSIGHTS_TEXTS.toRequired })
  expect(checkInsightsRange({ from: 'yesterday', to: '2026-11-31' })).toEqual({ from: INSIGHTS_TEXTS.notADay, to: INSIGHTS_TEXTS.notADay })
  expect(checkInsightsRange({ from: '2026-12-01', to: '2026-11-30' })).toEqual({ from: INSIGHTS_TEXTS.fromAfterTo })
})

test('a range covers at most 366 days', () => {
  expect(checkInsightsRange({ from: '2028-01-01', to: '2028-12-31' })).toEqual({})
  expect(checkInsightsRange({ from: '2026-01-01', to: '2027-01-01' })).toEqual({})
  expect(checkInsightsRange({ from: '2026-01-01', to: '2027-01-02' })).toEqual({
    to: 'A range covers at most 366 days; this one covers 367. Choose a later first day or an earlier last day.',
  })
  expect(checkInsightsRange({ from: '2020-01-01', to: '2026-11-30' }).to).toContain('this one covers 2,526.')
})
