import { expect, test } from 'vitest'
import { dueWhen, formatInterval, LEARN_TEXTS } from './review-texts'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

test('how long until a card comes back, short for its button and long for its name', () => {
  expect(formatInterval(MINUTE)).toEqual({ short: '1 min', long: '1 minute' })
  expect(formatInterval(10 * MINUTE)).toEqual({ short: '10 min', long: '10 minutes' })
  expect(formatInterval(20 * 1000)).toEqual({ short: '1 min', long: '1 minute' })
  expect(formatInterval(5 * 60 * MINUTE)).toEqual({ short: '5 h', long: '5 hours' })
  expect(formatInterval(DAY)).toEqual({ short: '1 day', long: '1 day' })
  expect(formatInterval(21 * DAY)).toEqual({ short: '21 days', long: '21 days' })
  expect(formatInterval(62 * DAY)).toEqual({ short: '2 mo', long: '2 months' })
  expect(formatInterval(365 * DAY)).toEqual({ short: '1 yr', long: '1 year' })
  expect(formatInterval(2.5 * 365 * DAY)).toEqual({ short: '2.5 yr', long: '2.5 years' })
})

test('when the next card is due, as the sentence ends, in the reader’s own day', () => {
  const now = new Date(2026, 10, 27, 9, 0)
  expect(dueWhen(now, now)).toBe('now')
  // Just after a card graded Again, the last one due: nothing is due yet.
  expect(dueWhen(new Date(2026, 10, 27, 9, 0, 30), now)).toBe('in 1 minute')
  expect(dueWhen(new Date(2026, 10, 27, 9, 1), now)).toBe('in 1 minute')
  expect(dueWhen(new Date(2026, 10, 27, 9, 8), now)).toBe('in 8 minutes')
  expect(dueWhen(new Date(2026, 10, 27, 18, 30), now)).toBe('today at 18:30')
  expect(dueWhen(new Date(2026, 10, 28, 7, 5), now)).toBe('tomorrow')
  expect(dueWhen(new Date(2026, 11, 3, 12, 0), now)).toBe('on December 3rd, 2026')
  expect(LEARN_TEXTS.nextDue('tomorrow')).toBe('The next card is due tomorrow.')
})

test('what is left, and what a grade says', () => {
  expect(LEARN_TEXTS.left(1)).toBe('1 card left')
  expect(LEARN_TEXTS.left(0)).toBe('0 cards left')
  expect(LEARN_TEXTS.graded(2, 3)).toBe('Hard. 3 cards left.')
  expect(LEARN_TEXTS.added(1)).toBe('1 proverb added.')
  expect(LEARN_TEXTS.added(12)).toBe('12 proverbs added.')
})

test('how fast the device’s clock is, when the server calls what was done early', () => {
  expect(LEARN_TEXTS.clockAhead(12 * MINUTE + 20_000)).toBe('This device’s clock is about 12 minutes fast.')
  expect(LEARN_TEXTS.clockAhead(3 * 60 * MINUTE)).toBe('This device’s clock is about 3 hours fast.')
  expect(LEARN_TEXTS.clockAhead(2 * DAY)).toBe('This device’s clock is about 2 days fast.')
})
