import { expect, test } from 'vitest'
import { convertFromDollars, formatCurrency } from './money'

test('currency: dollars convert to naira at 1000 per dollar and keep their symbol', () => {
  expect(convertFromDollars(25, 'NGN')).toBe(25000)
  expect(convertFromDollars(25, 'USD')).toBe(25)
  expect(convertFromDollars(2, 'NGN', 1500)).toBe(3000)
  expect(formatCurrency(25000, 'NGN')).toBe('₦25,000')
  expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50')
  expect(formatCurrency(9.99, 'USD')).toBe('$9.99')
  expect(formatCurrency(0, 'USD')).toBe('$0')
})
