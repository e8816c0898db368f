import { expect, test } from 'vitest'
import { numberToWords } from './words'

test('numberToWords covers 0 to 999', () => {
  expect(numberToWords(0)).toBe('zero')
  expect(numberToWords(7)).toBe('seven')
  expect(numberToWords(13)).toBe('thirteen')
  expect(numberToWords(40)).toBe('forty')
  expect(numberToWords(42)).toBe('forty-two')
  expect(numberToWords(100)).toBe('one hundred')
  expect(numberToWords(305)).toBe('three hundred and five')
  expect(numberToWords(999)).toBe('nine hundred and ninety-nine')
})

test('numberToWords says the spec message outside 0 to 999', () => {
  expect(numberToWords(1000)).toBe('Number out of range (0-999)')
  expect(numberToWords(-1)).toBe('Number out of range (0-999)')
  expect(numberToWords(2.5)).toBe('Number out of range (0-999)')
})
