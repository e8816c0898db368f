import { expect, test } from 'vitest'
import { createKnownSessions, createReadAllowance } from './read-limit'

test('a client may make the burst at once, then is told how long to wait for the next read', () => {
  const reads = createReadAllowance({ perMinute: 60, burst: 3 })
  expect([reads.take('a', 0), reads.take('a', 0), reads.take('a', 0)]).toEqual([0, 0, 0])
  expect(reads.take('a', 0)).toBe(1000)
  expect(reads.take('a', 400)).toBe(600)
  // Refused reads cost nothing: a second after the burst, one more is allowed.
  expect(reads.take('a', 1000)).toBe(0)
  expect(reads.take('a', 1000)).toBe(1000)
})

test('the wait is the time until a read comes back', () => {
  const reads = createReadAllowance({ perMinute: 6, burst: 1 })
  expect(reads.take('a', 0)).toBe(0)
  expect(reads.take('a', 0)).toBe(10_000)
  expect(reads.take('a', 2500)).toBe(7500)
  expect(reads.take('a', 10_000)).toBe(0)
})

test('reads come back at the rate, never past the burst', () => {
  const reads = createReadAllowance({ perMinute: 60, burst: 2 })
  reads.take('a', 0)
  reads.take('a', 0)
  // An hour later there are two again, not 3,600.
  const later = 3_600_000
  expect([reads.take('a', later), reads.take('a', later), reads.take('a', later)]).toEqual([0, 0, 1000])
})

test('one client spending its reads leaves the others theirs', () => {
  const reads = createReadAllowance({ perMinute: 60, burst: 1 })
  expect(reads.take('flooder', 0)).toBe(0)
  expect(reads.take('flooder', 0)).toBeGreaterThan(0)
  expect(reads.take('reader', 0)).toBe(0)
})

test('clients whose reads have all come back are forgotten', () => {
  const reads = createReadAllowance({ perMinute: 60, burst: 2 })
  reads.take('a', 0)
  reads.take('b', 500)
  expect(reads.size()).toBe(2)
  // 'a' is full again two seconds after its last read, 'b' not yet.
  reads.take('c', 2000)
  expect(reads.size()).toBe(2)
  reads.take('c', 10_000)
  expect(reads.size()).toBe(1)
})

test('memory is bounded: past the most clients kept, the one seen longest ago is forgotten', () => {
  const reads = createReadAllowance({ perMinute: 1, burst: 1 }, 3)
  for (const key of ['a', 'b', 'c', 'd', 'e']) reads.take(key, 0)
  expect(reads.size()).toBe(3)
  // 'e' is remembered (refused), 'a' was forgotten (a full bucket again).
  expect(reads.take('e', 0)).toBeGreaterThan(0)
  expect(reads.take('a', 0)).toBe(0)
})

test('a recognised session is known for ten minutes after it was last recognised, and memory is bounded', () => {
  const sessions = createKnownSessions(2)
  sessions.remember('a', 0)
  expect(sessions.knows('a', 10 * 60_000 - 1)).toBe(true)
  expect(sessions.knows('a', 10 * 60_000)).toBe(false)
  expect(sessions.knows('never', 0)).toBe(false)
  sessions.remember('b', 1)
  sessions.remember('a', 2)
  sessions.remember('c', 3)
  // The one recognised longest ago ('b') went to make room.
  expect([sessions.knows('a', 4), sessions.knows('b', 4), sessions.knows('c', 4)]).toEqual([true, false, true])
})
