import { expect, test } from 'vitest'
import { acceptedCodings } from './public-cache'

test('accepted codings honour q=0 and exact names', () => {
  expect([...acceptedCodings('gzip, deflate, br')]).toEqual(['gzip', 'deflate', 'br'])
  expect(acceptedCodings('br;q=0, gzip').has('br')).toBe(false)
  expect(acceptedCodings('br;q=0, gzip').has('gzip')).toBe(true)
  expect(acceptedCodings('gzip;q=0.0').has('gzip')).toBe(false)
  expect(acceptedCodings('x-br').has('br')).toBe(false)
  expect(acceptedCodings('BR;Q=0.5').has('br')).toBe(true)
  expect(acceptedCodings(undefined).size).toBe(0)
})
