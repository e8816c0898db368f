import { expect, test } from 'vitest'
import { medalFor, weekStartOf } from './quiz'

test('a week runs Monday to Sunday', () => {
  expect(weekStartOf('2026-11-16')).toBe('2026-11-16') // Monday
  expect(weekStartOf('2026-11-22')).toBe('2026-11-16') // Sunday
  expect(weekStartOf('2026-11-23')).toBe('2026-11-23')
  expect(weekStartOf('2027-01-01')).toBe('2026-12-28') // across a year
  expect(weekStartOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16')
})

test('gold, silver and bronze go to the top three only', () => {
  expect([1, 2, 3, 4, 10].map(medalFor)).toEqual(['gold', 'silver', 'bronze', null, null])
})
