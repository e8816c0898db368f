import { expect, test } from 'vitest'
import { clientKeyOf } from './client-key'

test('an IPv4 address is its own key', () => {
  expect(clientKeyOf('203.0.113.7')).toBe('203.0.113.7')
  expect(clientKeyOf('127.0.0.1')).toBe('127.0.0.1')
})

test('an IPv4-mapped IPv6 address counts as the IPv4 client it is, in either spelling', () => {
  expect(clientKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7')
  expect(clientKeyOf('::FFFF:127.0.0.1')).toBe('127.0.0.1')
  expect(clientKeyOf('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7')
  expect(clientKeyOf('::ffff:cb00:7107')).toBe('203.0.113.7')
})

test('an IPv6 address counts as its /64', () => {
  expect(clientKeyOf('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64')
  expect(clientKeyOf('2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:8d3::/64')
})

test('two addresses of one /64 share a key and the next /64 does not', () => {
  const a = clientKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')
  expect(clientKeyOf('2001:db8:1:2::1')).toBe(a)
  expect(clientKeyOf('2001:db8:1:3:aaaa:bbbb:cccc:dddd')).not.toBe(a)
})

test('the :: shorthand is expanded wherever it stands', () => {
  expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
  expect(clientKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64')
  expect(clientKeyOf('::1')).toBe('0:0:0:0::/64')
  expect(clientKeyOf('::')).toBe('0:0:0:0::/64')
  expect(clientKeyOf('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64')
  expect(clientKeyOf('2001:db8:1::2:3:4:5')).toBe('2001:db8:1:0::/64')
  expect(clientKeyOf('2001:db8:1:2::')).toBe(clientKeyOf('2001:db8:1:2:0:0:0:0'))
  expect(clientKeyOf('1:2:3:4:5:6::')).toBe('1:2:3:4::/64')
})

test('a zone and an IPv4 tail on a non-mapped address are handled', () => {
  expect(clientKeyOf('fe80::abcd%eth0')).toBe('fe80:0:0:0::/64')
  expect(clientKeyOf('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64')
})

test('what is not an address is kept as given, cut short', () => {
  expect(clientKeyOf('')).toBe('')
  expect(clientKeyOf('unknown')).toBe('unknown')
  expect(clientKeyOf('x'.repeat(500))).toHaveLength(64)
})
