import { expect, test } from 'vitest'
import { clientKey, visitorHash } from './visitors'

test('a visitor hash is 16 hex digits, the same for the same secret, address and browser', () => {
  const hash = visitorHash('secret-of-the-day', '203.0.113.7', 'Mozilla/5.0 (Linux; Android 14)')
  expect(hash).toMatch(/^[0-9a-f]{16}$/)
  expect(visitorHash('secret-of-the-day', '203.0.113.7', 'Mozilla/5.0 (Linux; Android 14)')).toBe(hash)
})

test('another browser, another address or another day’s secret is another visitor', () => {
  const hash = visitorHash('monday', '203.0.113.7', 'Firefox')
  expect(visitorHash('monday', '203.0.113.7', 'Chrome')).not.toBe(hash)
  expect(visitorHash('monday', '203.0.113.8', 'Firefox')).not.toBe(hash)
  expect(visitorHash('tuesday', '203.0.113.7', 'Firefox')).not.toBe(hash)
})

test('the rate limit’s key for an address is neither the address nor any visitor’s hash, and changes with the day', () => {
  const key = clientKey('monday', '203.0.113.7')
  expect(key).toMatch(/^[0-9a-f]{16}$/)
  expect(clientKey('monday', '203.0.113.7')).toBe(key)
  expect(key).not.toBe(visitorHash('monday', '203.0.113.7', ''))
  expect(clientKey('tuesday', '203.0.113.7')).not.toBe(key)
  expect(clientKey('monday', '203.0.113.8')).not.toBe(key)
})
