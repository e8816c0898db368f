import { expect, test } from 'vitest'
import { addDays, daysFrom, monthOf, nextMonth, utcDay, wholeMonths } from './analytics-daily'

test('an analytics day is the UTC calendar day, whatever the offset the time was written with', () => {
  expect(utcDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25')
  expect(utcDay(new Date('2026-11-26T00:30:00+01:00'))).toBe('2026-11-25')
})

test('days add and subtract across months and leap days', () => {
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
  expect(addDays('2026-11-25', -30)).toBe('2026-10-26')
  expect(daysFrom('2026-01-01', '2026-12-31')).toBe(364)
  expect(daysFrom('2026-11-25', '2026-11-25')).toBe(0)
})

test('the whole months of a range: where monthly sums can stand for the days', () => {
  expect(monthOf('2026-11-25')).toBe('2026-11-01')
  expect(nextMonth('2026-12-31')).toBe('2027-01-01')
  expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({ first: '2026-01-01', end: '2027-01-01' })
  expect(wholeMonths('2025-11-26', '2026-11-25')).toEqual({ first: '2025-12-01', end: '2026-11-01' })
  expect(wholeMonths('2028-02-01', '2028-02-29')).toEqual({ first: '2028-02-01', end: '2028-03-01' })
  expect(wholeMonths('2028-02-01', '2028-02-28')).toBeNull()
  expect(wholeMonths('2026-10-27', '2026-11-25')).toBeNull()
  expect(wholeMonths('2026-11-25', '2026-11-25')).toBeNull()
})
