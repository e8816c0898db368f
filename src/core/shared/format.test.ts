import { expect, test } from 'vitest'
import { formatAge, formatBytes, formatLongDate, formatThousands, shorten } from './format'

test('shorten keeps text of 35 characters or fewer', () => {
  const exactly35 = 'a'.repeat(35)
  expect(shorten(exactly35)).toBe(exactly35)
  expect(shorten('Ìwà lẹ̀sìn')).toBe('Ìwà lẹ̀sìn')
})

test('shorten cuts text over 35 characters to its first 28 plus " ..."', () => {
  const text = 'abcdefghijklmnopqrstuvwxyz0123456789'
  expect(text).toHaveLength(36)
  expect(shorten(text)).toBe('abcdefghijklmnopqrstuvwxyz01 ...')
})

test('shorten counts characters, not UTF-16 units, so Ethiopic and emoji are never split', () => {
  const ethiopic = 'ሀ'.repeat(40)
  expect(shorten(ethiopic)).toBe(`${'ሀ'.repeat(28)} ...`)
})

test('formatThousands separates thousands', () => {
  expect(formatThousands(0)).toBe('0')
  expect(formatThousands(999)).toBe('999')
  expect(formatThousands(1000)).toBe('1,000')
  expect(formatThousands(1234567.5)).toBe('1,234,567.5')
  expect(formatThousands(25, 2)).toBe('25.00')
})

test('formatThousands writes what Intl.NumberFormat writes, digit for digit', () => {
  const values = [
    0,
    -0,
    1,
    -1,
    12,
    123,
    1234,
    -1234,
    12345.678,
    999999.999,
    1e6,
    -9876543.21,
    0.1 + 0.2,
    1.005,
    2.675,
    1e-7,
    123e-20,
    1e21,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    -0.004,
    0.5,
    1.5,
    2.5,
    25000,
    1234567.5,
    NaN,
    Infinity,
    -Infinity,
    0.125,
    999.995,
    -999.995,
    0.000001234567890123456,
    9.999999999999999e20,
  ]
  // And a few thousand more of every size, the same each run.
  let seed = 7
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647
  for (let i = 0; i < 3000; i++) values.push((next() - 0.3) * 10 ** Math.floor(next() * 16 - 4))
  for (const value of values) {
    for (const digits of [undefined, 0, 2]) {
      const intl = value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits ?? 20 })
      expect(formatThousands(value, digits), `${value} with ${digits} decimals`).toBe(intl)
    }
  }
})

test('formatLongDate writes US long dates with ordinals', () => {
  expect(formatLongDate('2026-11-21')).toBe('November 21st, 2026')
  expect(formatLongDate('2026-11-22')).toBe('November 22nd, 2026')
  expect(formatLongDate('2026-11-23')).toBe('November 23rd, 2026')
  expect(formatLongDate('2026-11-11')).toBe('November 11th, 2026')
  expect(formatLongDate('2026-01-12')).toBe('January 12th, 2026')
  expect(formatLongDate('2026-03-13')).toBe('March 13th, 2026')
  expect(formatLongDate(new Date(2026, 6, 4))).toBe('July 4th, 2026')
  expect(formatLongDate('not a date')).toBe('')
})

test('initials are the first letters of both names, uppercased, and empty without personal info', async () => {
  const { initials } = await import('./format')
  expect(initials('adaeze', 'okafor')).toBe('AO')
  expect(initials('Ọlá', 'ìbídùn')).toBe('ỌÌ')
  expect(initials('ọ̀ṣun', 'Eze')).toBe('Ọ̀E')
  expect(initials('Ada', '')).toBe('')
  expect(initials(undefined, undefined)).toBe('')
})

test('formatAge says how old a saved copy is', () => {
  const now = Date.UTC(2026, 10, 22, 12)
  expect(formatAge(now - 20_000, now)).toBe('just now')
  expect(formatAge(now - 5 * 60_000, now)).toBe('5 minutes ago')
  expect(formatAge(now - 3 * 3_600_000, now)).toBe('3 hours ago')
  expect(formatAge(now - 86_400_000, now)).toBe('yesterday')
  expect(formatAge(now - 4 * 86_400_000, now)).toBe('4 days ago')
  expect(formatAge(now + 60_000, now)).toBe('just now')
})

test('formatBytes rounds to a readable size', () => {
  expect(formatBytes(512)).toBe('512 B')
  expect(formatBytes(1536)).toBe('1.5 KB')
  expect(formatBytes(87_000)).toBe('85 KB')
  expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
})
